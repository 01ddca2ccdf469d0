import CSQLite
import CoddCore

extension Statement: SQLColumnReader {
    @inlinable
    public func storage(at index: Int) -> SQLStorage {
        switch sqlite3_column_type(handle, Int32(truncatingIfNeeded: index)) {
        case SQLITE_INTEGER: .integer
        case SQLITE_FLOAT: .real
        case SQLITE_TEXT: .text
        case SQLITE_BLOB: .blob
        default: .null
        }
    }

    @inlinable
    public func isNull(at index: Int) -> Bool {
        sqlite3_column_type(handle, Int32(truncatingIfNeeded: index)) == SQLITE_NULL
    }

    @inlinable
    public func readInt64(at index: Int) -> Int64 {
        sqlite3_column_int64(handle, Int32(truncatingIfNeeded: index))
    }

    /// One `sqlite3_column_value` (one column lookup, one error check) where
    /// `sqlite3_column_type` and `sqlite3_column_int64` take two. The value is SQLite's
    /// unprotected column value, read at once, while no other thread uses the connection:
    /// Codd serializes access to its connections (opened `SQLITE_OPEN_NOMUTEX`), and GRDB,
    /// whose statements the bridge borrows, to its own.
    @inlinable
    public func readInt64IfInteger(at index: Int) -> Int64? {
        guard let value = sqlite3_column_value(handle, Int32(truncatingIfNeeded: index)),
            sqlite3_value_type(value) == SQLITE_INTEGER
        else { return nil }
        return sqlite3_value_int64(value)
    }

    @inlinable
    public func readDouble(at index: Int) -> Double {
        sqlite3_column_double(handle, Int32(truncatingIfNeeded: index))
    }

    @inlinable
    public func withUnsafeTextBytes<R>(at index: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let column = Int32(truncatingIfNeeded: index)
        // sqlite3_column_text before sqlite3_column_bytes, as SQLite documents.
        let bytes = sqlite3_column_text(handle, column)
        let count = Int(sqlite3_column_bytes(handle, column))
        return try body(UnsafeRawBufferPointer(start: bytes, count: bytes == nil ? 0 : count))
    }

    /// One `sqlite3_column_value` where `sqlite3_column_type`, `sqlite3_column_text` and
    /// `sqlite3_column_bytes` take three (see ``readInt64IfInteger(at:)``).
    @inlinable
    public func withUnsafeTextBytesIfText<R>(at index: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R?
    {
        guard let value = sqlite3_column_value(handle, Int32(truncatingIfNeeded: index)),
            sqlite3_value_type(value) == SQLITE_TEXT
        else { return nil }
        // sqlite3_value_text before sqlite3_value_bytes, as SQLite documents.
        let bytes = sqlite3_value_text(value)
        let count = Int(sqlite3_value_bytes(value))
        return try body(UnsafeRawBufferPointer(start: bytes, count: bytes == nil ? 0 : count))
    }

    @inlinable
    public func withUnsafeBlobBytes<R>(at index: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let column = Int32(truncatingIfNeeded: index)
        let bytes = sqlite3_column_blob(handle, column)
        let count = Int(sqlite3_column_bytes(handle, column))
        return try body(UnsafeRawBufferPointer(start: bytes, count: bytes == nil ? 0 : count))
    }

    @inlinable
    public func readText(at index: Int) throws -> String {
        try withUnsafeTextBytes(at: index) { bytes in
            guard let text = SQLUTF8.decodeUTF8(bytes) else {
                throw decodingError(at: index, for: String.self, expected: [.text], reason: .invalidUTF8)
            }
            return text
        }
    }

    public func columnName(at index: Int) -> String {
        sqlite3_column_name(handle, Int32(truncatingIfNeeded: index)).map { String(cString: $0) } ?? "#\(index)"
    }

    public func tableName(at index: Int) -> String? {
        sqlite3_column_table_name(handle, Int32(truncatingIfNeeded: index)).map { String(cString: $0) }
    }
}
