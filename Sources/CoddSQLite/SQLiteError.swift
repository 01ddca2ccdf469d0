import CSQLite
import CoddCore

/// A result code of SQLite: a primary code (`SQLITE_CONSTRAINT`, 19) or an extended one
/// (`SQLITE_CONSTRAINT_UNIQUE`, 2067).
public struct SQLiteResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The primary code of an extended code (its low 8 bits).
    public var primary: SQLiteResultCode {
        SQLiteResultCode(rawValue: rawValue & 0xFF)
    }

    /// SQLite's English description of the code (`"constraint failed"`).
    public var description: String {
        String(cString: sqlite3_errstr(rawValue))
    }

    public static let error = SQLiteResultCode(rawValue: SQLITE_ERROR)
    public static let `internal` = SQLiteResultCode(rawValue: SQLITE_INTERNAL)
    public static let permission = SQLiteResultCode(rawValue: SQLITE_PERM)
    public static let abort = SQLiteResultCode(rawValue: SQLITE_ABORT)
    public static let busy = SQLiteResultCode(rawValue: SQLITE_BUSY)
    public static let locked = SQLiteResultCode(rawValue: SQLITE_LOCKED)
    public static let noMemory = SQLiteResultCode(rawValue: SQLITE_NOMEM)
    public static let readOnly = SQLiteResultCode(rawValue: SQLITE_READONLY)
    public static let interrupt = SQLiteResultCode(rawValue: SQLITE_INTERRUPT)
    public static let ioError = SQLiteResultCode(rawValue: SQLITE_IOERR)
    public static let corrupt = SQLiteResultCode(rawValue: SQLITE_CORRUPT)
    public static let full = SQLiteResultCode(rawValue: SQLITE_FULL)
    public static let cannotOpen = SQLiteResultCode(rawValue: SQLITE_CANTOPEN)
    public static let schema = SQLiteResultCode(rawValue: SQLITE_SCHEMA)
    public static let tooBig = SQLiteResultCode(rawValue: SQLITE_TOOBIG)
    public static let constraint = SQLiteResultCode(rawValue: SQLITE_CONSTRAINT)
    public static let mismatch = SQLiteResultCode(rawValue: SQLITE_MISMATCH)
    public static let misuse = SQLiteResultCode(rawValue: SQLITE_MISUSE)
    public static let range = SQLiteResultCode(rawValue: SQLITE_RANGE)
    public static let notADatabase = SQLiteResultCode(rawValue: SQLITE_NOTADB)
    /// `SQLITE_READONLY_DBMOVED`: the database file was deleted or replaced while open, and a
    /// write was refused (by SQLite in rollback-journal mode, by Codd's commit in WAL mode).
    public static let readOnlyDatabaseMoved = SQLiteResultCode(rawValue: SQLITE_READONLY | (4 << 8))

    // The extended codes of `.constraint`: which kind of constraint a write broke. Written as
    // numbers (SQLite's documented values) so that they exist with any SQLite's header.

    /// `SQLITE_CONSTRAINT_UNIQUE` (2067): a `UNIQUE` constraint or unique index.
    public static let constraintUnique = constraintDetail(8)
    /// `SQLITE_CONSTRAINT_PRIMARYKEY` (1555): a primary key taken, an `INTEGER PRIMARY KEY`
    /// (the rowid) included.
    public static let constraintPrimaryKey = constraintDetail(6)
    /// `SQLITE_CONSTRAINT_ROWID` (2579): a rowid taken, in a table whose rowid is not an
    /// `INTEGER PRIMARY KEY` column (`INSERT INTO "notes" ("rowid", …)`).
    public static let constraintRowID = constraintDetail(10)
    /// `SQLITE_CONSTRAINT_FOREIGNKEY` (787): a `REFERENCES` clause.
    public static let constraintForeignKey = constraintDetail(3)
    /// `SQLITE_CONSTRAINT_NOTNULL` (1299): NULL written into a `NOT NULL` column.
    public static let constraintNotNull = constraintDetail(5)
    /// `SQLITE_CONSTRAINT_CHECK` (275): a `CHECK` constraint.
    public static let constraintCheck = constraintDetail(1)
    /// `SQLITE_CONSTRAINT_DATATYPE` (3091): a value of the wrong type for a `STRICT` table's column.
    public static let constraintDatatype = constraintDetail(12)
    /// `SQLITE_CONSTRAINT_TRIGGER` (1811): a trigger's `RAISE(ABORT | ROLLBACK | FAIL, …)`.
    public static let constraintTrigger = constraintDetail(7)

    private static func constraintDetail(_ detail: Int32) -> SQLiteResultCode {
        SQLiteResultCode(rawValue: SQLITE_CONSTRAINT | (detail << 8))
    }

    /// Whether `error` is an ``SQLiteError`` of this code: its extended code for an extended
    /// pattern, its primary code for a primary one (`.constraint` matches every constraint
    /// violation). So a `catch` can name the code:
    ///
    /// ```swift
    /// do {
    ///     try Room.insert(room).execute(db)
    /// } catch SQLiteResultCode.constraintUnique {
    ///     // "That name is taken."
    /// }
    /// ```
    public static func ~= (pattern: SQLiteResultCode, error: any Error) -> Bool {
        guard let error = error as? SQLiteError else { return false }
        return pattern == pattern.primary ? error.code == pattern : error.extendedCode == pattern
    }
}

/// An error reported by SQLite, or a misuse of the driver that Codd reports the same way.
///
/// It carries SQLite's result code, extended code and message, and the SQL that failed.
/// Bound values are left out unless ``Configuration/errorsIncludeBoundValues`` is on:
/// they may hold personal data that must not reach logs.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The primary result code (`.constraint`).
    public var code: SQLiteResultCode
    /// The extended result code (`SQLITE_CONSTRAINT_UNIQUE`, 2067); equal to ``code`` when
    /// SQLite gives no more detail.
    public var extendedCode: SQLiteResultCode
    /// SQLite's message (`"UNIQUE constraint failed: reminders.id"`), or Codd's for a misuse;
    /// where SQLite's says the same of two causes, Codd's note after it (a write refused on a
    /// connection that only reads, not on a read-only file).
    public var message: String
    /// The SQL being prepared or executed, when there was one.
    public var sql: String?
    /// The values bound to the statement; `nil` unless the database opted in.
    public var boundValues: [SQLValue]?
    /// The typed error of the Swift function that made the statement fail
    /// (`sqlite3_result_error`), when one did: which function, which argument, why.
    public var functionError: SQLFunctionError?

    public init(
        code: SQLiteResultCode,
        extendedCode: SQLiteResultCode? = nil,
        message: String,
        sql: String? = nil,
        boundValues: [SQLValue]? = nil,
        functionError: SQLFunctionError? = nil
    ) {
        self.code = code.primary
        self.extendedCode = extendedCode ?? code
        self.message = message
        self.sql = sql
        self.boundValues = boundValues
        self.functionError = functionError
    }

    /// Whether Codd, not SQLite, raised the error: a misuse of the driver (a nested access,
    /// a statement of another connection, SQL with a NUL byte), reported with
    /// `SQLITE_MISUSE`. A bridge to another driver sets it for the misuses it refuses. It is
    /// part of `==`: the same code and message from SQLite is another error.
    public var isDriverMisuse = false

    /// The error, the SQL that failed and (when the database opted in) its values. A long
    /// statement (a bulk insert's thousands of `?`) is shortened to its start and end, and a
    /// long list of values to its first ones: ``sql`` and ``boundValues`` keep them whole.
    public var description: String {
        var text = isDriverMisuse ? "Misuse of Codd's SQLite driver" : "SQLite error \(code.rawValue)"
        if extendedCode != code { text += " (extended \(extendedCode.rawValue))" }
        text += ": \(message)"
        if let sql { text += " - while executing `\(SQLValuePreview.statement(sql))`" }
        if let boundValues {
            // Each value previewed as a decoding error previews one (a long text or BLOB cut).
            let shown = boundValues.prefix(Self.shownValues).map(Self.preview)
            let rest = boundValues.count > Self.shownValues ? ", … \(boundValues.count - Self.shownValues) more" : ""
            text += " with arguments [\(shown.joined(separator: ", "))\(rest)]"
        }
        return text
    }

    /// The most values a description shows.
    static let shownValues = 20

    /// `value` as an SQL literal of at most 64 characters.
    static func preview(_ value: SQLValue) -> String {
        switch value {
        case .text(let text):
            var text = text
            return text.withUTF8 { SQLValuePreview.text(UnsafeRawBufferPointer($0)) }
        case .blob(let bytes): return bytes.withUnsafeBytes { SQLValuePreview.blob($0) }
        default: return SQLValuePreview.truncated(value.description)
        }
    }

    /// The error SQLite holds for `connection` after a call returned `resultCode`.
    @usableFromInline
    static func last(on connection: OpaquePointer?, resultCode: Int32, sql: String?) -> SQLiteError {
        let extended = connection.map { sqlite3_extended_errcode($0) } ?? resultCode
        var message =
            connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(resultCode))
        // The connection's error may be stale when the call did not set it (a bind).
        let code = (extended & 0xFF) == (resultCode & 0xFF) ? extended : resultCode
        // SQLite says the same of a read-only file and of a connection that only reads: say
        // which (asked after the message is taken: the pragma replaces it; an error path).
        if code == SQLITE_READONLY, let connection, isQueryOnly(connection) {
            message +=
                " (this connection only reads: PRAGMA query_only is on, as in a read access and a pool's readers; write in a write access)"
        }
        // A JSON function (a path, `contains`, `json_each`) met a value that is not JSON, and
        // SQLite does not say where: say how to find it.
        if code == SQLITE_ERROR, message == "malformed JSON" {
            message +=
                " (a JSON column or value holds text that is not JSON: find the rows with json_valid(\"column\") = 0; reading the column itself names the row's value)"
        }
        let functionError =
            (resultCode & 0xFF) == SQLITE_ERROR ? FunctionErrorStash.take(matching: message, on: connection) : nil
        // A tokenizer's failure reaches SQLite with no message of its own: say what failed.
        if let functionError, message != functionError.description { message += ": \(functionError)" }
        return SQLiteError(
            code: SQLiteResultCode(rawValue: resultCode),
            extendedCode: SQLiteResultCode(rawValue: code),
            message: message,
            sql: sql,
            functionError: functionError
        )
    }

    /// A misuse of the driver, reported with SQLite's `SQLITE_MISUSE` code.
    @usableFromInline
    static func misuse(_ message: String, sql: String? = nil) -> SQLiteError {
        var error = SQLiteError(code: .misuse, message: message, sql: sql)
        error.isDriverMisuse = true
        return error
    }

    /// Whether `PRAGMA query_only` is on for `connection`.
    private static func isQueryOnly(_ connection: OpaquePointer) -> Bool {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(connection, "PRAGMA query_only", -1, &statement, nil) == SQLITE_OK else {
            return false
        }
        defer { sqlite3_finalize(statement) }
        return sqlite3_step(statement) == SQLITE_ROW && sqlite3_column_int(statement, 0) == 1
    }
}

extension SQLiteResultCode {
    /// The engine-neutral kind this extended code names: `SQLITE_CONSTRAINT_UNIQUE`,
    /// `_PRIMARYKEY` and `_ROWID` are `SQLConstraintViolation.unique`; `_DATATYPE` and
    /// `_TRIGGER` have no engine-neutral kind (match their codes). A bridge whose errors carry
    /// SQLite's extended code (GRDB's `DatabaseError`) reads it here.
    public var constraintViolation: SQLConstraintViolation? {
        switch self {
        case .constraintUnique, .constraintPrimaryKey, .constraintRowID: .unique
        case .constraintForeignKey: .foreignKey
        case .constraintNotNull: .notNull
        case .constraintCheck: .check
        default: nil
        }
    }
}

extension SQLiteError: SQLConstraintViolationReporting {
    /// The kind its extended code names (``SQLiteResultCode/constraintViolation``).
    public var constraintViolation: SQLConstraintViolation? {
        extendedCode.constraintViolation
    }
}
