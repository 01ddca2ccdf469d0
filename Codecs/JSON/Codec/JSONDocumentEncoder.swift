import CoddCore
import Foundation

/// Encodes `Encodable` values as JSON text, storing dates, UUIDs and data as their
/// column representations do (see ``JSONCodingOptions``).
///
/// ```swift
/// let text = try JSONDocumentEncoder().encode(["id": UUID()])
/// // {"id":"8c2b6f0e-…"}: lowercase, as a UUID column stores it
/// ```
public struct JSONDocumentEncoder: Sendable {
    let table: JSONCodingTable

    /// An encoder with each type in the JSON form of its own representation.
    public init() {
        table = JSONCodingTable([])
    }

    /// An encoder that stores the types of `representations` through them.
    public init(representations: [any SQLCustomType.Type]) {
        table = JSONCodingTable(representations)
    }

    /// The JSON text of `value`.
    ///
    /// - Throws: `EncodingError` for a value JSON cannot hold (a non-finite double), or
    ///   what the value's `encode(to:)` throws.
    public func encode(_ value: some Encodable) throws -> String {
        String(decoding: try encodeBytes(value), as: UTF8.self)
    }

    func encodeBytes(_ value: some Encodable) throws -> [UInt8] {
        // Arrays of JSON's own scalars, the common JSON column, skip the tree.
        if let strings = value as? [String] {
            return Self.array(strings, capacity: strings.reduce(2) { $0 + $1.utf8.count + 3 }) { $0.string($1) }
        }
        if let integers = value as? [Int] {
            return Self.array(integers, capacity: integers.count * 4 + 2) { $0.integer($1) }
        }
        let root = JSONBox()
        let encoder = JSONTreeEncoder(box: root, table: table, codingPath: [])
        try encoder.encodeValue(value)
        var writer = JSONWriter()
        try root.write(into: &writer, path: [])
        return writer.bytes
    }
}

extension JSONDocumentEncoder {
    static func array<E>(_ elements: [E], capacity: Int, _ write: (inout JSONWriter, E) -> Void) -> [UInt8] {
        var writer = JSONWriter()
        writer.bytes.reserveCapacity(capacity)
        writer.append("[")
        for (index, element) in elements.enumerated() {
            if index > 0 { writer.append(",") }
            write(&writer, element)
        }
        writer.append("]")
        return writer.bytes
    }
}

/// A JSON value under construction: containers are shared so nested encoders fill them.
final class JSONBox {
    enum Content {
        case empty
        case scalar([UInt8])
        case array([JSONBox])
        case object(keys: [String], values: [String: JSONBox])
    }

    var content: Content = .empty

    func write(into writer: inout JSONWriter, path: [any CodingKey]) throws {
        switch content {
        case .empty: writer.append("{}")
        case .scalar(let bytes): writer.bytes.append(contentsOf: bytes)
        case .array(let elements):
            writer.append("[")
            for (index, element) in elements.enumerated() {
                if index > 0 { writer.append(",") }
                try element.write(into: &writer, path: path)
            }
            writer.append("]")
        case .object(let keys, let values):
            writer.append("{")
            for (index, key) in keys.enumerated() {
                if index > 0 { writer.append(",") }
                writer.string(key)
                writer.append(":")
                try values[key]?.write(into: &writer, path: path)
            }
            writer.append("}")
        }
    }

    func element(at index: Int) -> JSONBox {
        if case .array(let elements) = content, index < elements.count { return elements[index] }
        return JSONBox()
    }

    func appendElement() -> JSONBox {
        let box = JSONBox()
        if case .array(var elements) = content {
            content = .empty
            elements.append(box)
            content = .array(elements)
        } else {
            content = .array([box])
        }
        return box
    }

    func member(_ key: String) -> JSONBox {
        guard case .object(var keys, var values) = content else {
            let box = JSONBox()
            content = .object(keys: [key], values: [key: box])
            return box
        }
        if let existing = values[key] { return existing }
        let box = JSONBox()
        content = .empty
        keys.append(key)
        values[key] = box
        content = .object(keys: keys, values: values)
        return box
    }
}

struct JSONTreeEncoder: Encoder {
    let box: JSONBox
    let table: JSONCodingTable
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = box.content {} else { box.content = .object(keys: [], values: [:]) }
        return KeyedEncodingContainer(JSONKeyedEncoder<Key>(box: box, table: table, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = box.content {} else { box.content = .array([]) }
        return JSONUnkeyedEncoder(box: box, table: table, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONSingleValueEncoder(box: box, table: table, codingPath: codingPath)
    }

    /// Encodes `value` into this encoder's box: natively for JSON's own types, through a
    /// representation for a ``SQLCustomType`` (a date, a UUID), else by its `encode(to:)`.
    func encodeValue<T: Encodable>(_ value: T) throws {
        var writer = JSONWriter()
        switch value {
        case let string as String: writer.string(string)
        case let bool as Bool: writer.bool(bool)
        case let double as Double: try writer.double(double, path: codingPath)
        case let float as Float: try writer.double(Double(float), path: codingPath)
        case let int as Int: writer.integer(int)
        case let int as Int64: writer.integer(int)
        case let int as Int32: writer.integer(int)
        case let int as Int16: writer.integer(int)
        case let int as Int8: writer.integer(int)
        case let int as UInt: writer.integer(int)
        case let int as UInt64: writer.integer(int)
        case let int as UInt32: writer.integer(int)
        case let int as UInt16: writer.integer(int)
        case let int as UInt8: writer.integer(int)
        case let url as URL: writer.string(url.absoluteString)
        case is any JSONOptionalMarker:
            // Optional's encode(to:) writes null or encodes the wrapped value through this encoder.
            try value.encode(to: self)
            return
        default:
            if let representation = table.representation(for: T.self) {
                try writer.sqlValue(Self.bound(value, through: representation), path: codingPath)
            } else if let custom = value as? any SQLCustomType {
                try writer.sqlValue(Self.bound(custom), path: codingPath)
            } else {
                try value.encode(to: self)
                return
            }
        }
        box.content = .scalar(writer.bytes)
    }

    static func bound(_ value: some SQLCustomType) throws -> SQLValue {
        var collector = SQLValueCollector()
        try value.bind(into: &collector)
        return collector.values.first ?? .null
    }

    static func bound<R: SQLCustomType>(_ value: Any, through representation: R.Type) throws -> SQLValue {
        guard let represented = value as? R.Represented else { return .null }
        return try bound(R(represented: represented))
    }

    func nested(_ box: JSONBox, key: any CodingKey) -> JSONTreeEncoder {
        JSONTreeEncoder(box: box, table: table, codingPath: codingPath + [key])
    }
}

struct JSONIndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}

struct JSONKeyedEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: JSONBox
    let table: JSONCodingTable
    let codingPath: [any CodingKey]

    private func encoder(for key: Key) -> JSONTreeEncoder {
        JSONTreeEncoder(box: box.member(key.stringValue), table: table, codingPath: codingPath + [key])
    }

    mutating func encodeNil(forKey key: Key) throws {
        box.member(key.stringValue).content = .scalar(Array("null".utf8))
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encoder(for: key).encodeValue(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        encoder(for: key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoder(for: key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        JSONTreeEncoder(box: box.member("super"), table: table, codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        encoder(for: key)
    }
}

struct JSONUnkeyedEncoder: UnkeyedEncodingContainer {
    let box: JSONBox
    let table: JSONCodingTable
    let codingPath: [any CodingKey]
    var count: Int {
        if case .array(let elements) = box.content { return elements.count }
        return 0
    }

    private func nextEncoder() -> JSONTreeEncoder {
        let key = JSONIndexKey(intValue: count)
        return JSONTreeEncoder(box: box.appendElement(), table: table, codingPath: codingPath + [key])
    }

    mutating func encodeNil() throws {
        box.appendElement().content = .scalar(Array("null".utf8))
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try nextEncoder().encodeValue(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        nextEncoder().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        nextEncoder().unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        nextEncoder()
    }
}

struct JSONSingleValueEncoder: SingleValueEncodingContainer {
    let box: JSONBox
    let table: JSONCodingTable
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws {
        box.content = .scalar(Array("null".utf8))
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try JSONTreeEncoder(box: box, table: table, codingPath: codingPath).encodeValue(value)
    }
}
