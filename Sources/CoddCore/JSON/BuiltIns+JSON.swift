// Numbers inside JSON: read from the token's digits, exactly, rather than through the
// storage class a column would have. An integer token a type cannot hold is an
// out-of-range error (not a REAL rounded into range), and a `Double` reads any number
// token within its range, rounded to the nearest, with `-0` kept.

extension SQLJSONValue {
    /// The number token as a `T`, exactly: an integer token, or a whole number written with a
    /// fraction or an exponent (`4e18`); `nil` for any other value, and for a REAL token that
    /// is not a whole number `T` holds (the REAL reading then decides).
    ///
    /// - Throws: ``SQLDecodingError`` with ``SQLDecodingError/Reason/outOfRange`` when `T`
    ///   cannot hold it.
    @inlinable
    func exactInteger<T: FixedWidthInteger>(_ type: T.Type) throws -> T? {
        guard let node else { return nil }
        switch node.kind {
        case .integer:
            guard let value = SQLJSONText.integer(rawBytes, as: T.self) else { throw outOfRange(T.self) }
            return value
        case .real:
            // A whole number written with a fraction or an exponent (`4e18`, `45.0e-1`) is the
            // integer its text spells, exactly, as JSONDecoder reads it: not a Double first,
            // which is exact only up to 2^53. `nil` leaves the rest to the REAL reading.
            return SQLJSONText.wholeNumber(rawBytes, as: T.self)
        default:
            return nil
        }
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
            let value = SQLJSONText.double(json.rawBytes)
            // A number beyond Double's range (`1e400`) or below its smallest (`1e-400`) is
            // an error, as in JSONDecoder, not an infinity or a zero.
            guard value.isFinite, value != 0 || !Self.hasNonZeroDigit(json.rawBytes) else {
                throw json.reader.decodingError(at: 0, for: Double.self, expected: [.real], reason: .outOfRange)
            }
            self = value
        case .string? where json.isInfinityText:
            self = json.rawBytes.count == 5 ? .infinity : -.infinity
        default:
            try json.requireShape(of: .real, for: Double.self)
            self = try Double(reader: json.reader, at: 0)
        }
    }
}

extension Bool {
    /// `true` or `false`, or 0 or 1: SQLite has no boolean, so `json_object` writes a Bool
    /// column as the INTEGER it stores. Any other number (`2`) is an error, as in
    /// `JSONDecoder`, though a column reads every non-zero INTEGER as `true`.
    public init(decodingJSON json: SQLJSONValue) throws {
        switch json.node?.kind {
        case .true?: self = true
        case .false?: self = false
        case .integer? where json.rawBytes.elementsEqual("0".utf8): self = false
        case .integer? where json.rawBytes.elementsEqual("1".utf8): self = true
        case nil, .null?: self = try Bool(reader: json.reader, at: 0)
        default:
            throw json.shapeMismatch(for: Bool.self, expected: .integer, wanted: "a boolean (true, false, 0 or 1)")
        }
    }
}

extension Double {
    /// Whether a number token's digits before its exponent are not all zero.
    static func hasNonZeroDigit(_ token: UnsafeRawBufferPointer) -> Bool {
        for byte in token {
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { return false }
            if byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9") { return true }
        }
        return false
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
    /// An integer token, exactly; a number token holding a whole number as a REAL column
    /// reads; anything else (a boolean, a string) is a typed error.
    @inlinable
    public init(decodingJSON json: SQLJSONValue) throws {
        if let exact = try json.exactInteger(Self.self) {
            self = exact
            return
        }
        try json.requireShape(of: .integer, for: Self.self)
        self = try Self(reader: json.reader, at: 0)
    }
}
