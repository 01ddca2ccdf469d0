import CSQLite
import CoddCore

/// The arguments of one call of a Swift function, read as the columns of a row: argument
/// *i* is column *i*, so every codec reads arguments with the code that reads columns,
/// from SQLite's own buffers (`sqlite3_value_*`, no copy).
///
/// An index past the last argument reads as NULL.
package struct SQLFunctionArguments: SQLColumnReader {
    let values: UnsafeMutablePointer<OpaquePointer?>?
    package let columnCount: Int
    /// The function's name, for errors.
    let functionName: String

    init(values: UnsafeMutablePointer<OpaquePointer?>?, count: Int32, functionName: String) {
        self.values = values
        self.columnCount = values == nil ? 0 : Int(max(0, count))
        self.functionName = functionName
    }

    func value(at index: Int) -> OpaquePointer? {
        guard let values, index >= 0, index < columnCount else { return nil }
        return values[index]
    }

    package func storage(at index: Int) -> SQLStorage {
        guard let value = value(at: index) else { return .null }
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER: return .integer
        case SQLITE_FLOAT: return .real
        case SQLITE_TEXT: return .text
        case SQLITE_BLOB: return .blob
        default: return .null
        }
    }

    package func readInt64(at index: Int) -> Int64 {
        guard let value = value(at: index) else { return 0 }
        return sqlite3_value_int64(value)
    }

    package func readDouble(at index: Int) -> Double {
        guard let value = value(at: index) else { return 0 }
        return sqlite3_value_double(value)
    }

    package func withUnsafeTextBytes<R>(at index: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        guard let value = value(at: index) else { return try body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        // sqlite3_value_text before sqlite3_value_bytes, as SQLite documents.
        let bytes = sqlite3_value_text(value)
        let count = Int(sqlite3_value_bytes(value))
        return try body(UnsafeRawBufferPointer(start: bytes, count: bytes == nil ? 0 : count))
    }

    package func withUnsafeBlobBytes<R>(at index: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        guard let value = value(at: index) else { return try body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        let bytes = sqlite3_value_blob(value)
        let count = Int(sqlite3_value_bytes(value))
        return try body(UnsafeRawBufferPointer(start: bytes, count: bytes == nil ? 0 : count))
    }

    /// `argument 2 of "mode"`: what a decoding error names instead of a column.
    package func columnName(at index: Int) -> String {
        "argument \(index + 1) of \(SQLBuilder.quoted(functionName))"
    }
}
