import Foundation

/// What a type reads a column of the current row through.
///
/// The driver's statement implements it directly over `sqlite3_stmt`, so a
/// ``SQLCustomType`` reads the engine's own buffers: no boxed value per column. A codec
/// that parses text or bytes (a UUID, a date) uses ``withUnsafeTextBytes(at:_:)`` and
/// ``withUnsafeBlobBytes(at:_:)`` to parse without allocating a `String` or `Data`.
///
/// The primitive reads do not check the storage class: SQLite converts a value read in
/// another class (`readInt64` on TEXT `'12abc'` gives 12). Types check ``storage(at:)``
/// first; see ``SQLColumnReader/requireStorage(_:at:for:)``.
public protocol SQLColumnReader {
    /// The number of columns in the row.
    var columnCount: Int { get }

    /// The storage class of the value in column `index`.
    func storage(at index: Int) -> SQLStorage

    /// Whether column `index` is NULL.
    func isNull(at index: Int) -> Bool

    /// The value of column `index` as a 64-bit integer.
    func readInt64(at index: Int) -> Int64

    /// The value of column `index` if it is stored as an INTEGER, else `nil` (NULL, REAL,
    /// TEXT or BLOB): the storage check and the read in one engine lookup, for the integer
    /// fast path. The default asks ``storage(at:)``, then ``readInt64(at:)``.
    func readInt64IfInteger(at index: Int) -> Int64?

    /// The value of column `index` as a double.
    func readDouble(at index: Int) -> Double

    /// The value of column `index` as a string, validated as UTF-8.
    ///
    /// - Throws: ``SQLDecodingError`` with reason ``SQLDecodingError/Reason/invalidUTF8``
    ///   when the bytes are not valid UTF-8.
    func readText(at index: Int) throws -> String

    /// Calls `body` with the UTF-8 bytes of column `index`, without copying them.
    ///
    /// The buffer is valid only during `body`; it may have a `nil` base address when empty.
    func withUnsafeTextBytes<R>(at index: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R

    /// Calls `body` with the UTF-8 bytes of column `index` if it is stored as TEXT, else
    /// returns `nil` without calling it: the storage check and the read in one engine
    /// lookup, for the text fast path of strings, UUIDs, dates and JSON. The default asks
    /// ``storage(at:)``, then ``withUnsafeTextBytes(at:_:)``.
    func withUnsafeTextBytesIfText<R>(at index: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R?

    /// Calls `body` with the bytes of BLOB column `index`, without copying them.
    ///
    /// The buffer is valid only during `body`; it may have a `nil` base address when empty.
    func withUnsafeBlobBytes<R>(at index: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R

    /// The name of column `index` in the result set, for errors.
    func columnName(at index: Int) -> String

    /// The table column `index` comes from, when known, for errors.
    func tableName(at index: Int) -> String?

    /// At most 64 characters of the value in column `index`, as an SQL literal, for errors.
    /// The default renders the value its storage class reads; a driver whose values have
    /// more than the storage class shows (PostgreSQL's `numeric`, all its digits) says so.
    func valuePreview(at index: Int) -> String

    /// The column's value if the engine holds it in a native type (``SQLNativeValue``:
    /// PostgreSQL's `uuid`, `timestamptz`), else `nil` (SQLite, the default): a natively
    /// typed codec asks this where its storage-class read does not apply.
    func readNative(at index: Int) -> SQLNativeValue?

    /// The column's value as a native `uuid`.
    @available(*, deprecated, renamed: "readNative(at:)")
    func readNativeUUID(at index: Int) -> UUID?

    /// The column's value as a native `timestamptz`, in microseconds since 1970 UTC.
    @available(*, deprecated, renamed: "readNative(at:)")
    func readNativeTimestamp(at index: Int) -> Int64?
}

extension SQLColumnReader {
    @inlinable
    public func isNull(at index: Int) -> Bool {
        storage(at: index) == .null
    }

    public func tableName(at index: Int) -> String? { nil }

    @inlinable
    public func readInt64IfInteger(at index: Int) -> Int64? {
        storage(at: index) == .integer ? readInt64(at: index) : nil
    }

    @inlinable
    public func withUnsafeTextBytesIfText<R>(at index: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R?
    {
        storage(at: index) == .text ? try withUnsafeTextBytes(at: index, body) : nil
    }

    /// SQLite holds no native types beyond its storage classes.
    @inlinable @inline(__always)
    public func readNative(at index: Int) -> SQLNativeValue? { nil }

    @available(*, deprecated, renamed: "readNative(at:)")
    @inlinable @inline(__always)
    public func readNativeUUID(at index: Int) -> UUID? {
        if case .uuid(let uuid)? = readNative(at: index) { uuid } else { nil }
    }

    @available(*, deprecated, renamed: "readNative(at:)")
    @inlinable @inline(__always)
    public func readNativeTimestamp(at index: Int) -> Int64? {
        if case .timestamp(let microseconds)? = readNative(at: index) { microseconds } else { nil }
    }

    @inlinable
    public func readText(at index: Int) throws -> String {
        let text = withUnsafeTextBytes(at: index) { SQLUTF8.decodeUTF8($0) }
        guard let text else {
            throw decodingError(at: index, for: String.self, expected: [.text], reason: .invalidUTF8)
        }
        return text
    }
}
