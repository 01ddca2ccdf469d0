import CSQLite
import CoddCore

/// Where a Swift function's result goes: a binding context over `sqlite3_context`, whose
/// one value becomes the call's result (`sqlite3_result_*`). A result is NULL until bound.
package struct SQLFunctionResult: SQLBindingContext {
    let context: OpaquePointer
    let functionName: String
    private var isBound = false

    init(context: OpaquePointer, functionName: String) {
        self.context = context
        self.functionName = functionName
    }

    private mutating func claim() throws {
        guard !isBound else {
            throw SQLFunctionError(function: functionName, message: "the result was bound twice")
        }
        isBound = true
    }

    package mutating func bindNull() throws {
        try claim()
        sqlite3_result_null(context)
    }

    package mutating func bindInteger(_ value: Int64) throws {
        try claim()
        sqlite3_result_int64(context, value)
    }

    package mutating func bindReal(_ value: Double) throws {
        try claim()
        sqlite3_result_double(context, value)
    }

    package mutating func bindText(_ value: String) throws {
        var value = value
        // A String is valid UTF-8 already.
        try value.withUTF8 { try bindValidText(UnsafeRawBufferPointer($0)) }
    }

    package mutating func bindText(utf8 bytes: UnsafeRawBufferPointer) throws {
        try SQLUTF8.requireUTF8(bytes)
        try bindValidText(bytes)
    }

    private mutating func bindValidText(_ bytes: UnsafeRawBufferPointer) throws {
        try claim()
        if let base = bytes.baseAddress {
            sqlite3_result_text64(
                context, base.assumingMemoryBound(to: CChar.self), UInt64(bytes.count), sqliteTransient,
                UInt8(SQLITE_UTF8)
            )
        } else {
            sqlite3_result_text64(context, "", 0, sqliteTransient, UInt8(SQLITE_UTF8))
        }
    }

    package mutating func bindBlob(_ bytes: UnsafeRawBufferPointer) throws {
        try claim()
        if let base = bytes.baseAddress, bytes.count > 0 {
            sqlite3_result_blob64(context, base, UInt64(bytes.count), sqliteTransient)
        } else {
            // A NULL pointer would be NULL; an empty blob is a zero-length BLOB.
            sqlite3_result_zeroblob(context, 0)
        }
    }
}
