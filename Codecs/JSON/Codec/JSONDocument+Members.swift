import CoddCore

// What a path into a document needs of the document's codec: a member's value decoded and
// encoded with the document's options, and the representation a member's type takes inside
// it (its own, or the one the options list).

extension JSONDocument {
    /// A member of this document's type read from `json` with the document's options (a
    /// date listed as unix time reads from its number).
    package static func decodeMember<Member: Sendable>(_ type: Member.Type, from json: SQLJSONValue) throws -> Member {
        try JSONDocument<Member, Options>.decode(json)
    }

    /// The JSON text of a member's value, written with the document's options.
    package static func jsonText<Member: Sendable>(of value: Member) throws -> String {
        String(decoding: try JSONDocument<Member, Options>(represented: value).encodedBytes(), as: UTF8.self)
    }

    /// The representation values of `type` take inside the document: the one the options list
    /// for it, else the type itself when it is a representation (`Date`, `UUID`, `Decimal`,
    /// `String`), else none (a nested object or array).
    package static func memberRepresentation(of type: Any.Type) -> (any SQLCustomType.Type)? {
        JSONCodingTable(Options.representations).representation(for: type) ?? (type as? any SQLCustomType.Type)
    }
}

extension SQLValue {
    /// The SQL value SQLite's `->>` gives for the JSON scalar `json`: a string as TEXT, a
    /// number as INTEGER or REAL, `true` and `false` as 1 and 0, `null` as NULL; an array or
    /// object as its JSON text.
    package init(jsonScalar json: String) throws {
        var json = json
        self = try json.withUTF8 { bytes in
            try SQLJSONValue.parse(UnsafeRawBufferPointer(bytes)) { value in
                let reader = value.reader
                switch reader.storage(at: 0) {
                case .null: return .null
                case .integer: return .integer(reader.readInt64(at: 0))
                case .real: return .real(reader.readDouble(at: 0))
                case .text, .blob:
                    return .text(reader.withUnsafeTextBytes(at: 0) { String(decoding: $0, as: UTF8.self) })
                }
            }
        }
    }
}
