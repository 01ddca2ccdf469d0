import CoddCore

/// A `Codable` value stored as SQLite's binary JSON, JSONB (SQLite 3.45 and later), in a BLOB
/// column; `jsonb` on PostgreSQL, as ``JSONDocument`` is.
///
/// ```swift
/// @Column(as: Settings.JSONBRepresentation.self) var settings: Settings
/// // "settings" BLOB holds the JSONB of {"theme":"dark",…}
/// ```
///
/// SQLite's JSON functions read JSONB without parsing text, so paths into a large document
/// (`$0.settings.theme`), `json_each` and changes cost less per row. Codd writes and reads
/// the JSONB itself (the format is SQLite's documented one), so values bind and decode
/// without `jsonb(?)` or `json(…)` in the SQL; a changed document stays JSONB
/// (`jsonb(json_set(…))`).
///
/// On a SQLite older than 3.45 (Debian 12 has 3.40) every use is refused with
/// `SQLUnsupportedFeatureError` naming both versions, before anything runs: binding a value
/// (no JSON function of that SQLite reads the BLOB), and every statement that renders a
/// path, a change or the document's JSON form. Reading a JSONB BLOB needs no SQLite feature,
/// so rows another program wrote read on any version.
public struct JSONBDocument<Value: Sendable, Options: JSONCodingOptions>: SQLCustomType {
    public typealias Represented = Value

    public var represented: Value

    public init(represented: Value) {
        self.represented = represented
    }

    public static var storage: SQLStorage { .blob }

    /// Compared as the stored bytes: no wrap.
    public static var comparesUnwrapped: Bool { true }

    /// Reads JSONB from a BLOB, or JSON text from TEXT (what SQLite's `json_…` functions
    /// return); anything else, malformed JSONB or a value of the wrong shape is a
    /// `SQLDecodingError` naming the column.
    public init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        switch reader.storage(at: index) {
        case .blob:
            let json: [UInt8]
            do {
                json = try reader.withUnsafeBlobBytes(at: index) { try SQLiteJSONB.json(fromJSONB: $0) }
            } catch let error as SQLiteJSONBError {
                throw reader.decodingError(
                    at: index, for: Value.self, expected: [.blob], reason: .invalidValue(error.description))
            }
            do {
                represented = try json.withUnsafeBytes { bytes in
                    try SQLJSONValue.parse(bytes) { try JSONDocument<Value, Options>.decode($0) }
                }
            } catch {
                throw JSONDocument<Value, Options>.columnError(error, of: reader, at: index)
            }
        case .text:
            represented = try JSONDocument<Value, Options>(reader: reader, at: index).represented
        default:
            try reader.requireStorage(.blob, at: index, for: Value.self)
            throw reader.decodingError(at: index, for: Value.self, expected: [.blob], reason: .storageMismatch)
        }
    }

    public init(decodingJSON json: SQLJSONValue) throws {
        represented = try JSONDocument<Value, Options>(decodingJSON: json).represented
    }

    /// Binds the value's JSONB, after noting that it needs SQLite 3.45.
    public func bind(into context: inout some SQLBindingContext) throws {
        try context.require(.jsonb)
        let json = try JSONDocument<Value, Options>(represented: represented).encodedBytes()
        let jsonb = try json.withUnsafeBytes { try SQLiteJSONB.jsonb(fromJSON: $0) }
        try jsonb.withUnsafeBytes { try context.bindBlob($0) }
    }

    /// `iif(x IS NULL, NULL, json(x))`: the document nests as JSON inside `json_object`.
    public static func renderJSON(into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void)
        rethrows
    {
        if builder.dialect.hasNativeTypes { return try expression(&builder) }
        builder.require(.jsonb)
        try builder.renderJSONUnlessNull(expression) { builder in
            try builder.function("json") { try $0.listItem(expression) }
        }
    }
}

extension JSONBDocument: SQLEquatable where Value: Equatable {}

/// PostgreSQL's `jsonb`, as a ``JSONDocument`` is.
extension JSONBDocument: SQLNativelyTyped {
    public static var nativeKind: SQLNativeKind { .json }

    public var nativeValue: SQLNativeValue? {
        get throws {
            .jsonb(
                String(
                    decoding: try JSONDocument<Value, Options>(represented: represented).encodedBytes(), as: UTF8.self))
        }
    }
}

extension JSONBDocument: SQLJSONDocumentRepresentation {
    public static var isBinary: Bool { true }
}

extension Decodable where Self: Encodable & Sendable {
    /// This type stored as SQLite's JSONB (3.45 and later): `@Column(as: Settings.JSONBRepresentation.self)`.
    public typealias JSONBRepresentation = JSONBDocument<Self, StandardJSONOptions>
}
