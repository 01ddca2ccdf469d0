import CSQLite
import CoddCore

/// SQLite copies the bytes before the bind call returns.
@usableFromInline let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

extension Statement: SQLBindingContext {
    @inlinable
    public func bindNull() throws {
        let parameter = try claimParameter()
        try checkBind(sqlite3_bind_null(handle, parameter))
    }

    @inlinable @inline(__always)
    public func bindInteger(_ value: Int64) throws {
        let parameter = try claimParameter()
        try checkBind(sqlite3_bind_int64(handle, parameter, value))
    }

    @inlinable
    public func bindReal(_ value: Double) throws {
        let parameter = try claimParameter()
        try checkBind(sqlite3_bind_double(handle, parameter, value))
    }

    @inlinable
    public func bindText(_ value: String) throws {
        var value = value
        // A String is valid UTF-8 already.
        try value.withUTF8 { try bindValidText(UnsafeRawBufferPointer($0)) }
    }

    @inlinable
    public func bindText(utf8 bytes: UnsafeRawBufferPointer) throws {
        try SQLUTF8.requireUTF8(bytes)
        try bindValidText(bytes)
    }

    @usableFromInline
    func bindValidText(_ bytes: UnsafeRawBufferPointer) throws {
        let parameter = try claimParameter()
        let code: Int32
        if let base = bytes.baseAddress {
            code = sqlite3_bind_text64(
                handle, parameter, base.assumingMemoryBound(to: CChar.self), UInt64(bytes.count),
                sqliteTransient, UInt8(SQLITE_UTF8)
            )
        } else {
            code = sqlite3_bind_text64(handle, parameter, "", 0, sqliteTransient, UInt8(SQLITE_UTF8))
        }
        try checkBind(code)
    }

    @inlinable
    public func bindBlob(_ bytes: UnsafeRawBufferPointer) throws {
        let parameter = try claimParameter()
        let code: Int32
        if let base = bytes.baseAddress, bytes.count > 0 {
            code = sqlite3_bind_blob64(handle, parameter, base, UInt64(bytes.count), sqliteTransient)
        } else {
            // A NULL pointer would bind NULL; an empty blob is a zero-length BLOB.
            code = sqlite3_bind_zeroblob(handle, parameter, 0)
        }
        try checkBind(code)
    }

    /// Binds an already-encoded value (one collected by `SQLBuilder`).
    public func bind(_ value: SQLValue) throws {
        switch value {
        case .null: try bindNull()
        case .integer(let integer): try bindInteger(integer)
        case .real(let real): try bindReal(real)
        case .text(let text): try bindText(text)
        case .blob(let bytes): try bytes.withUnsafeBytes { try bindBlob($0) }
        }
    }

    /// The index of the next parameter, checked against the statement's parameter count.
    @inlinable @inline(__always)
    func claimParameter() throws -> Int32 {
        let parameter = nextParameter
        guard Int(parameter) <= parameterCount else { throw tooManyValues(parameter) }
        nextParameter += 1
        return parameter
    }

    /// The error for value `parameter` beyond the last placeholder, out of line.
    @usableFromInline @inline(never)
    func tooManyValues(_ parameter: Int32) -> SQLiteError {
        SQLiteError.misuse(
            "The statement has \(parameterCount) parameter(s); value \(parameter) has no placeholder", sql: sql)
    }

    @inlinable @inline(__always)
    func checkBind(_ code: Int32) throws {
        if code != SQLITE_OK { throw bindError(code) }
    }

    /// The error of a failed bind call, out of line.
    @usableFromInline @inline(never)
    func bindError(_ code: Int32) -> SQLiteError {
        SQLiteError.last(on: sqlite3_db_handle(handle), resultCode: code, sql: sql)
    }
}
