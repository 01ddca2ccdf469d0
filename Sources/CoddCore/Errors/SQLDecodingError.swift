/// A column's value could not become the Swift value asked for.
///
/// The error names the column (table, name and index), the storage class the type
/// expected and the one it found, a short preview of the offending value and the reason:
///
/// ```
/// Cannot decode Int from column "reminders"."priority" (index 2): expected INTEGER,
/// found TEXT 'high': storage class mismatch
/// ```
public struct SQLDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Why the value could not be decoded.
    public enum Reason: Sendable, Equatable, CustomStringConvertible {
        /// The column is NULL and the type does not accept NULL.
        case unexpectedNull
        /// The value's storage class is not one the type reads.
        case storageMismatch
        /// The value is of the right class but outside the type's range.
        case outOfRange
        /// A TEXT value is not valid UTF-8.
        case invalidUTF8
        /// No case of a `RawRepresentable` type has this raw value.
        case unknownRawValue
        /// The value is malformed for the type; the string says how.
        case invalidValue(String)

        public var description: String {
            switch self {
            case .unexpectedNull: "NULL in a column whose type does not accept NULL"
            case .storageMismatch: "storage class mismatch"
            case .outOfRange: "value out of range"
            case .invalidUTF8: "TEXT is not valid UTF-8"
            case .unknownRawValue: "unknown raw value"
            case .invalidValue(let message): message
            }
        }
    }

    /// The Swift type that was being decoded, as written (`"Int"`, `"Reminder.Priority"`).
    public var type: String
    /// The table the column comes from, when SQLite knows it (a result column, not an expression).
    public var table: String?
    /// The column's name in the result set.
    public var column: String
    /// The column's index in the result set, from 0.
    public var index: Int
    /// The storage class (or classes) the type reads.
    public var expected: [SQLStorage]
    /// The storage class found.
    public var actual: SQLStorage
    /// At most 64 characters of the offending value, as an SQL literal.
    public var valuePreview: String
    public var reason: Reason
    /// The SQL of the statement being read, when the driver knows it.
    public var sql: String?
    /// For a value inside a JSON column: where in the document (`$[2].dueAt`).
    public var jsonPath: String?

    public init(
        type: String,
        table: String?,
        column: String,
        index: Int,
        expected: [SQLStorage],
        actual: SQLStorage,
        valuePreview: String,
        reason: Reason,
        sql: String? = nil,
        jsonPath: String? = nil
    ) {
        self.type = type
        self.table = table
        self.column = column
        self.index = index
        self.expected = expected
        self.actual = actual
        self.valuePreview = valuePreview
        self.reason = reason
        self.sql = sql
        self.jsonPath = jsonPath
    }

    public var description: String {
        let source =
            if let table { "column \(SQLBuilder.quoted(table)).\(SQLBuilder.quoted(column))" } else {
                SQLValuePreview.resultColumn(column)
            }
        let expectedList = expected.map(\.description).joined(separator: " or ")
        var message = "Cannot decode \(type) from \(source) (index \(index))"
        if let jsonPath { message += " at JSON path \(jsonPath)" }
        message += ": "
        message += "expected \(expectedList), found \(actual)"
        if actual != .null { message += " \(valuePreview)" }
        message += ": \(reason)"
        if let sql { message += " (in \(SQLValuePreview.statement(sql)))" }
        return message
    }
}
