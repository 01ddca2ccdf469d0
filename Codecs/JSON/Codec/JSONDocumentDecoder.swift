import CoddCore
import Foundation

/// Decodes `Decodable` values from JSON text, reading dates, UUIDs and data as their
/// column representations do (see ``JSONCodingOptions``), over Codd's byte-level parser.
///
/// A type that is `SQLJSONDecodable` (a `@Table` or `@Selection` type, a
/// representation) decodes through its generated code instead of `Codable`.
///
/// ```swift
/// let tags = try JSONDocumentDecoder().decode([String].self, from: #"["a","b"]"#)
/// ```
public struct JSONDocumentDecoder: Sendable {
    let table: JSONCodingTable

    /// A decoder with each type read in the JSON form of its own representation.
    public init() {
        table = JSONCodingTable([])
    }

    /// A decoder that reads the types of `representations` through them.
    public init(representations: [any SQLCustomType.Type]) {
        table = JSONCodingTable(representations)
    }

    /// Decodes a `T` from JSON text.
    ///
    /// - Throws: `SQLJSONSyntaxError` for malformed JSON, `SQLDecodingError` (naming the
    ///   JSON path) or `DecodingError` for a value of the wrong shape.
    public func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
        var text = text
        return try text.withUTF8 { try decode(type, from: UnsafeRawBufferPointer($0)) }
    }

    /// Decodes a `T` from the UTF-8 bytes of JSON text.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer) throws -> T {
        try SQLJSONValue.parse(bytes) { try decode(type, from: $0) }
    }

    /// Decodes a `T` from a parsed JSON value.
    public func decode<T: Decodable>(_ type: T.Type, from value: SQLJSONValue) throws -> T {
        do {
            return try JSONTreeDecoder(value: value, table: table, codingPath: []).decodeValue(type)
        } catch var error as SQLDecodingError {
            // The JSON reader names the value by its path where a column reader names a column.
            if error.jsonPath == nil { error.jsonPath = error.column }
            throw error
        }
    }
}

struct JSONTreeDecoder: Decoder {
    let value: SQLJSONValue
    let table: JSONCodingTable
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let members = try value.members(for: Key.self)
        return KeyedDecodingContainer(JSONKeyedDecoder<Key>(decoder: self, members: members))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        JSONUnkeyedDecoder(decoder: self, elements: try value.elements(for: [Any].self))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        JSONSingleValueDecoder(decoder: self)
    }

    /// Decodes a `T` from this decoder's value: through a listed representation, through
    /// `SQLJSONDecodable` (every representation, `@Table` and `@Selection` types), else
    /// by the type's `init(from:)`.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        // A JSON column's malformed text, in the form its JSON form gives it.
        if value.kind == .object, let malformed = value.malformedTextError(for: T.self) { throw malformed }
        if T.self is any JSONOptionalMarker.Type {
            // Optional's init(from:) reads null, or the wrapped value through this decoder.
            return try T(from: self)
        }
        if let representation = table.representation(for: T.self) {
            return try Self.decode(T.self, from: value, through: representation)
        }
        if type == URL.self {
            let text = try String(decodingJSON: value)
            guard let url = URL(string: text) as? T else {
                throw value.reader.decodingError(
                    at: 0, for: URL.self, expected: [.text], reason: .invalidValue("not a URL"))
            }
            return url
        }
        // A listed representation changes how nested dates read; only the plain coding
        // table lets generated decoders (which read column representations) take over.
        if let custom = T.self as? any SQLCustomType.Type {
            if let decoded = try custom.init(decodingJSON: value) as? T { return decoded }
        } else if table.overrides.isEmpty, let decodable = T.self as? any SQLJSONDecodable.Type {
            if let decoded = try decodable.init(decodingJSON: value) as? T { return decoded }
        }
        return try T(from: self)
    }

    static func decode<T, R: SQLCustomType>(_ type: T.Type, from value: SQLJSONValue, through representation: R.Type)
        throws -> T
    {
        let decoded = try R(decodingJSON: value).represented
        guard let typed = decoded as? T else {
            throw value.reader.decodingError(at: 0, for: T.self, expected: [R.storage], reason: .storageMismatch)
        }
        return typed
    }

    func nested(_ value: SQLJSONValue, key: any CodingKey) -> JSONTreeDecoder {
        JSONTreeDecoder(value: value, table: table, codingPath: codingPath + [key])
    }
}

struct JSONKeyedDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: JSONTreeDecoder
    var members: SQLJSONMembers
    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] {
        members.keys.compactMap { Key(stringValue: $0) }
    }

    func contains(_ key: Key) -> Bool {
        var members = members
        return members.value(forKey: key.stringValue).kind != .missing
    }

    private func value(for key: Key) -> SQLJSONValue {
        var members = members
        return members.value(forKey: key.stringValue)
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        value(for: key).isNull
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let value = value(for: key)
        if value.kind == .missing {
            throw DecodingError.keyNotFound(
                key, DecodingError.Context(codingPath: codingPath, debugDescription: "no member \(value.path)")
            )
        }
        return try decoder.nested(value, key: key).decodeValue(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try decoder.nested(value(for: key), key: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.nested(value(for: key), key: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        var members = members
        return decoder.nested(members.value(forKey: "super"), key: JSONIndexKey(intValue: 0))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder.nested(value(for: key), key: key)
    }
}

struct JSONUnkeyedDecoder: UnkeyedDecodingContainer {
    let decoder: JSONTreeDecoder
    var elements: SQLJSONElements
    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var currentIndex = 0
    var isAtEnd: Bool { currentIndex >= elements.count }

    init(decoder: JSONTreeDecoder, elements: SQLJSONElements) {
        self.decoder = decoder
        self.elements = elements
    }

    private mutating func next() throws -> SQLJSONValue {
        guard let value = elements.next() else {
            throw DecodingError.valueNotFound(
                Any.self,
                DecodingError.Context(
                    codingPath: codingPath, debugDescription: "the array has no element \(currentIndex)")
            )
        }
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        var peek = elements
        guard let value = peek.next(), value.isNull else { return false }
        _ = try next()
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let key = JSONIndexKey(intValue: currentIndex)
        return try decoder.nested(try next(), key: key).decodeValue(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
        NestedKey
    > {
        let key = JSONIndexKey(intValue: currentIndex)
        return try decoder.nested(try next(), key: key).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let key = JSONIndexKey(intValue: currentIndex)
        return try decoder.nested(try next(), key: key).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let key = JSONIndexKey(intValue: currentIndex)
        return decoder.nested(try next(), key: key)
    }
}

struct JSONSingleValueDecoder: SingleValueDecodingContainer {
    let decoder: JSONTreeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.value.isNull }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decoder.decodeValue(type)
    }
}
