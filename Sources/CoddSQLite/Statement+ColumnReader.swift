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
