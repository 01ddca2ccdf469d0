// Numbers inside JSON: read from the token's digits, exactly, rather than through the
// storage class a column would have. An integer token a type cannot hold is an
// out-of-range error (not a REAL rounded into range), and a `Double` reads any number
// token, rounded as JSON producers expect, with `-0` kept.

extension SQLJSONValue {
    /// The integer token as a `T`: `nil` when the value is not an integer token.
    ///
    /// - Throws: ``SQLDecodingError`` with ``SQLDecodingError/Reason/outOfRange`` when `T`
    ///   cannot hold it.
    @inlinable
    func exactInteger<T: FixedWidthInteger>(_ type: T.Type) throws -> T? {
        guard let node, node.kind == .integer else { return nil }
        guard let value = SQLJSONText.integer(rawBytes, as: T.self) else { throw outOfRange(T.self) }
        return value
    }

    @usableFromInline
    func outOfRange<T>(_ type: T.Type) -> SQLDecodingError {
        reader.decodingError(at: 0, for: T.self, expected: [.integer], reason: .outOfRange)
    }
}

extension Double {
    public init(decodingJSON json: SQLJSONValue) throws {
        switch json.node?.kind {
        case .integer?, .real?:
            self = SQLJSONText.double(json.rawBytes)
        case .string? where json.isInfinityText:
            self = json.rawBytes.count == 5 ? .infinity : -.infinity
        default:
            self = try Double(reader: json.reader, at: 0)
        }
    }
}

extension SQLJSONValue {
    /// `"Inf"` or `"-Inf"`: how the REAL JSON form writes an infinity (JSON has no number for it).
    var isInfinityText: Bool {
        let raw = rawBytes
        return raw.elementsEqual("\"Inf\"".utf8) || raw.elementsEqual("\"-Inf\"".utf8)
    }
}

extension SQLCustomType where Self: FixedWidthInteger {
    /// An integer token, exactly; anything else as a column would read it.
    @inlinable
    public init(decodingJSON json: SQLJSONValue) throws {
        self = try json.exactInteger(Self.self) ?? Self(reader: json.reader, at: 0)
    }
}
