/// A column reader over one JSON value, as column 0.
///
/// JSON scalars read as the storage classes SQLite's JSON functions give them: a string
/// is TEXT, a number INTEGER or REAL, `true`/`false` INTEGER 1/0, `null` NULL; an array
/// or object is TEXT holding its JSON. A representation stored as BLOB reads its JSON
/// form, a string of hex digits (what `hex()` renders inside `json_object`), as BLOB.
///
/// Errors name the value by its JSON path (`$[2].title`) in place of a column name.
public struct SQLJSONValueReader: SQLColumnReader {
    public let value: SQLJSONValue
    /// Whether a string of hex digits reads as a BLOB: set for BLOB representations.
    public var readsHexAsBlob = false

    public init(value: SQLJSONValue) {
        self.value = value
    }

    public var columnCount: Int { 1 }

    public func storage(at index: Int) -> SQLStorage {
        guard let node = value.node else { return .null }
        switch node.kind {
        case .null: return .null
        case .false, .true: return .integer
        case .integer:
            return SQLJSONText.int64(value.rawBytes) == nil ? .real : .integer
        case .real: return .real
        case .array, .object: return .text
        case .string:
            if readsHexAsBlob, !node.isEscaped, SQLJSONText.isHex(value.rawBytesWithoutQuotes) { return .blob }
            return .text
        }
    }

    public func readInt64(at index: Int) -> Int64 {
        guard let node = value.node else { return 0 }
        switch node.kind {
        case .true: return 1
        case .integer: return SQLJSONText.int64(value.rawBytes) ?? 0  // too large: storage(at:) says REAL
        case .real:
            let double = readDouble(at: index)
            return Int64(exactly: double.rounded(.towardZero)) ?? 0
        default: return 0
        }
    }

    public func readDouble(at index: Int) -> Double {
        guard let node = value.node else { return 0 }
        switch node.kind {
        case .true: return 1
        case .integer, .real: return SQLJSONText.double(value.rawBytes)
        default: return 0
        }
    }

    public func withUnsafeTextBytes<R>(at index: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        guard let node = value.node else { return try body(UnsafeRawBufferPointer(rebasing: value.bytes[0..<0])) }
        switch node.kind {
        case .string: return try value.withStringBytes(node, body)
        case .array, .object: return try Self.withMinified(value.rawBytes, body)
        default: return try body(value.rawBytes)
        }
    }

    /// An array's or object's JSON without the whitespace between tokens, as SQLite's
    /// JSON functions hand it on (`json_each`'s value of `[ "a",\t1 ]` is `["a",1]`);
    /// without a copy when there is none.
    static func withMinified<R>(_ raw: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows
        -> R
    {
        var scanner = JSONWhitespaceScanner()
        guard raw.contains(where: { scanner.isBetweenTokens($0) }) else { return try body(raw) }
        return try withUnsafeTemporaryAllocation(byteCount: max(raw.count, 1), alignment: 1) { buffer in
            var count = 0
            scanner = JSONWhitespaceScanner()
            for byte in raw where !scanner.isBetweenTokens(byte) {
                buffer[count] = byte
                count += 1
            }
            return try body(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
    }

    public func withUnsafeBlobBytes<R>(at index: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        guard let node = value.node, node.kind == .string, readsHexAsBlob else {
            return try withUnsafeTextBytes(at: index, body)
        }
        let hex = value.rawBytesWithoutQuotes
        return try withUnsafeTemporaryAllocation(byteCount: max(hex.count / 2, 1), alignment: 1) { buffer in
            var count = 0
            while count * 2 + 1 < hex.count {
                guard let high = SQLJSONText.hexValue(hex[count * 2]),
                    let low = SQLJSONText.hexValue(hex[count * 2 + 1])
                else { break }
                buffer[count] = high << 4 | low
                count += 1
            }
            return try body(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
    }

    /// The value's JSON path, where a column reader names a column.
    public func columnName(at index: Int) -> String { value.path }
}

extension SQLJSONValue {
    /// A string's bytes between its quotes, escapes as written.
    var rawBytesWithoutQuotes: UnsafeRawBufferPointer {
        guard let node else { return rawBytes }
        return UnsafeRawBufferPointer(rebasing: bytes[Int(node.start)..<Int(node.end)])
    }
}

/// Tells JSON's whitespace between tokens from a string's, byte by byte.
private struct JSONWhitespaceScanner {
    private var inString = false
    private var escaped = false

    /// Whether `byte`, the text's next, is whitespace between tokens (space, tab, line
    /// feed, carriage return outside a string).
    mutating func isBetweenTokens(_ byte: UInt8) -> Bool {
        if inString {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
            }
            return false
        }
        if byte == UInt8(ascii: "\"") {
            inString = true
            return false
        }
        return byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
