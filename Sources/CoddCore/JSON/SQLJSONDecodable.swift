/// A type that decodes itself from a parsed JSON value, without `Codable`.
///
/// Every ``SQLCustomType`` has the same initializer (it reads the JSON value through
/// ``SQLJSONValueReader`` with the same code that reads a column), and the built-in
/// types, `UUID` and `Date` are decodable. `@Table` and
/// `@Selection` types get a generated conformance that reads their members by key, so a
/// JSON-aggregated association (`json_group_array(json_object(…))`) decodes straight
/// into rows. Arrays and optionals of decodable types are decodable.
public protocol SQLJSONDecodable {
    /// Decodes the value from `json`.
    ///
    /// Throw a ``SQLDecodingError``; ``SQLJSONValue/reader`` makes one that names the
    /// value's JSON path. Do not keep `json` (or its reader): its bytes live only as long
    /// as the parse that produced it.
    init(decodingJSON json: SQLJSONValue) throws
}

extension SQLCustomType {
    /// Reads the JSON value as a column holding the representation's JSON form (see
    /// ``renderJSON(into:_:)``).
    @inlinable
    public init(decodingJSON json: SQLJSONValue) throws {
        var reader = json.reader
        reader.readsHexAsBlob = Self.storage == .blob
        self = try Self(reader: reader, at: 0)
    }
}

extension Optional: SQLJSONDecodable where Wrapped: SQLJSONDecodable {
    /// `nil` for JSON `null` or a missing member.
    @inlinable
    public init(decodingJSON json: SQLJSONValue) throws {
        self = json.isNull ? nil : try Wrapped(decodingJSON: json)
    }
}

extension Array: SQLJSONDecodable where Element: SQLJSONDecodable {
    /// The elements of a JSON array; `[UInt8]`, a BLOB, also reads its hex-string form.
    ///
    /// Inlinable, so an array of rows decodes specialized for its element type.
    @inlinable
    public init(decodingJSON json: SQLJSONValue) throws {
        if Element.self == UInt8.self, json.kind == .string, let bytes = try [UInt8].blob(decodingJSON: json) as? Self {
            self = bytes
            return
        }
        let elements = try json.elements(for: Self.self)
        var result: [Element] = []
        result.reserveCapacity(elements.count)
        for element in elements {
            result.append(try Element(decodingJSON: element))
        }
        self = result
    }
}

extension Array where Element == UInt8 {
    @usableFromInline
    static func blob(decodingJSON json: SQLJSONValue) throws -> [UInt8] {
        var reader = json.reader
        reader.readsHexAsBlob = true
        try reader.requireStorage(.blob, at: 0, for: [UInt8].self)
        return reader.withUnsafeBlobBytes(at: 0) { [UInt8]($0) }
    }
}

extension SQLDecodingError {
    /// The error of a value inside a JSON column, moved onto that column: the JSON path
    /// the inner reader named becomes ``jsonPath``, and the column is `reader`'s.
    public func inJSONColumn(of reader: some SQLColumnReader, at index: Int) -> SQLDecodingError {
        var moved = self
        if moved.jsonPath == nil { moved.jsonPath = column }
        moved.table = reader.tableName(at: index)
        moved.column = reader.columnName(at: index)
        moved.index = index
        return moved
    }
}

extension String: SQLJSONDecodable {}
extension Bool: SQLJSONDecodable {}
extension Double: SQLJSONDecodable {}
extension Float: SQLJSONDecodable {}
extension Int: SQLJSONDecodable {}
extension Int8: SQLJSONDecodable {}
extension Int16: SQLJSONDecodable {}
extension Int32: SQLJSONDecodable {}
extension Int64: SQLJSONDecodable {}
extension UInt: SQLJSONDecodable {}
extension UInt8: SQLJSONDecodable {}
extension UInt16: SQLJSONDecodable {}
extension UInt32: SQLJSONDecodable {}
extension UInt64: SQLJSONDecodable {}

extension String {
    /// A JSON string's text without a column reader in between: the common element of a
    /// JSON column (`["home","urgent"]`). Anything else reads as a column would, for the
    /// same typed errors.
    public init(decodingJSON json: SQLJSONValue) throws {
        if let node = json.node, node.kind == .string,
            let text = json.withStringBytes(node, { SQLUTF8.decodeUTF8($0) })
        {
            self = text
            return
        }
        self = try String(reader: json.reader, at: 0)
    }
}
