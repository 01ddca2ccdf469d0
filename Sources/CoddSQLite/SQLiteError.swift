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
    /// SQLite's message (`"UNIQUE constraint failed: reminders.id"`), or Codd's for a misuse.
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

    public var description: String {
        var text = "SQLite error \(code.rawValue)"
        if extendedCode != code { text += " (extended \(extendedCode.rawValue))" }
        text += ": \(message)"
        if let sql { text += " - while executing `\(sql)`" }
        if let boundValues {
            text += " with arguments [\(boundValues.map(\.description).joined(separator: ", "))]"
        }
        return text
    }

    /// The error SQLite holds for `connection` after a call returned `resultCode`.
    @usableFromInline
    static func last(on connection: OpaquePointer?, resultCode: Int32, sql: String?) -> SQLiteError {
        let extended = connection.map { sqlite3_extended_errcode($0) } ?? resultCode
        let message =
            connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(resultCode))
        // The connection's error may be stale when the call did not set it (a bind).
        let code = (extended & 0xFF) == (resultCode & 0xFF) ? extended : resultCode
        return SQLiteError(
            code: SQLiteResultCode(rawValue: resultCode),
            extendedCode: SQLiteResultCode(rawValue: code),
            message: message,
            sql: sql,
            functionError: (resultCode & 0xFF) == SQLITE_ERROR ? FunctionErrorStash.take(matching: message) : nil
        )
    }

    /// A misuse of the driver, reported with SQLite's `SQLITE_MISUSE` code.
    @usableFromInline
    static func misuse(_ message: String, sql: String? = nil) -> SQLiteError {
        SQLiteError(code: .misuse, message: message, sql: sql)
    }
}
