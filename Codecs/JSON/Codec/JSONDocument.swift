import CoddCore

/// A `Codable` value stored as JSON text: the JSON representation of a column.
///
/// ```swift
/// @Table
/// struct Reminder {
///     let id: Int
///     @Column(as: [String].JSONRepresentation.self)
///     var tags: [String] = []
/// }
/// // "tags" TEXT holds ["home","urgent"]
/// ```
///
/// Dates, UUIDs and data inside the document are stored as their columns store them
/// (``JSONCodingOptions``). Inside `json_object` and `json_group_array` the column renders
/// as `json("tags")`, so it nests as JSON rather than as a string. A value that is
/// `SQLJSONDecodable` (an array of `@Table` rows, as `jsonGroupArray()` aggregates)
/// decodes through generated code over Codd's byte-level parser, not `Codable`.
public struct JSONDocument<Value: Sendable, Options: JSONCodingOptions>: SQLCustomType {
    public typealias Represented = Value

    public var represented: Value

    public init(represented: Value) {
        self.represented = represented
    }

    public static var storage: SQLStorage { .text }

    /// Compared as the stored text: no wrap.
    public static var comparesUnwrapped: Bool { true }

    /// Inlinable, so it specializes for the column's `Value`: for `[String]` the one-pass
    /// path below needs no cast at run time.
    @inlinable
    public init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        let decoded: Value?
        do {
            decoded = try reader.withUnsafeTextBytesIfText(at: index) { bytes in
                // `[String]`, the common JSON column: one pass, no parse tape.
                if Value.self == [String].self, let strings = SQLJSONValue.plainStringArray(bytes),
                    let value = strings as? Value
                {
                    return value
                }
                return try SQLJSONValue.parse(bytes) { try Self.decode($0) }
            }
        } catch {
            throw Self.columnError(error, of: reader, at: index)
        }
        guard let decoded else {
            // Not TEXT: NULL or another storage class, named by the error.
            try reader.requireStorage(.text, at: index, for: Value.self)
            throw reader.decodingError(at: index, for: Value.self, expected: [.text], reason: .storageMismatch)
        }
        represented = decoded
    }

    /// A failure to read the column, as the typed error that names it.
    @usableFromInline
    static func columnError(_ error: any Error, of reader: some SQLColumnReader, at index: Int) -> any Error {
        switch error {
        case let error as SQLDecodingError:
            error.inJSONColumn(of: reader, at: index)
        case let error as SQLJSONSyntaxError:
            reader.decodingError(
                at: index, for: Value.self, expected: [.text], reason: .invalidValue(error.description))
        case let error as DecodingError:
            reader.decodingError(
                at: index, for: Value.self, expected: [.text], reason: .invalidValue(Self.describe(error)))
        default:
            error
        }
    }

    public init(decodingJSON json: SQLJSONValue) throws {
        // Malformed text, which `renderJSON` wraps so that no document can be mistaken for
        // it: the typed error reading the column gives.
        if let malformed = json.malformedTextError(for: Value.self) { throw malformed }
        // Nested as JSON (`json(…)` inside `json_object`): a document that is itself a
        // string (`"low"`) is that string. A string that does not decode is JSON text held
        // as a string (a column aggregated by hand, without `json(…)`): parse it, and report
        // its own error.
        do {
            represented = try Self.decode(json)
        } catch let nestedError {
            guard json.kind == .string else { throw nestedError }
            do {
                represented = try json.reader.withUnsafeTextBytes(at: 0) { bytes in
                    try SQLJSONValue.parse(bytes) { try Self.decode($0) }
                }
            } catch let error as SQLJSONSyntaxError {
                throw json.reader.decodingError(
                    at: 0, for: Value.self, expected: [.text], reason: .invalidValue(error.description))
            }
        }
    }

    /// Decodes the value: through its generated decoder (`@Table`, `@Selection` and every
    /// representation are `SQLJSONDecodable`), else through `Decodable`.
    @usableFromInline
    static func decode(_ json: SQLJSONValue) throws -> Value {
        if Options.representations.isEmpty, let fast = Value.self as? any SQLJSONDecodable.Type,
            let value = try fast.init(decodingJSON: json) as? Value
        {
            return value
        }
        guard let decodable = Value.self as? any Decodable.Type else {
            throw json.reader.decodingError(
                at: 0, for: Value.self, expected: [.text],
                reason: .invalidValue("\(SQLTypeName.of(Value.self)) is neither Decodable nor SQLJSONDecodable")
            )
        }
        return try decode(decodable, json)
    }

    static func decode<Decoded: Decodable>(_ type: Decoded.Type, _ json: SQLJSONValue) throws -> Value {
        let decoded = try JSONDocumentDecoder(representations: Options.representations).decode(Decoded.self, from: json)
        guard let value = decoded as? Value else {
            throw json.reader.decodingError(at: 0, for: Value.self, expected: [.text], reason: .storageMismatch)
        }
        return value
    }

    /// Binds the value's JSON text. A value that is not `Encodable` (a `@Table` row that is
    /// not `Codable`, read from `json_group_array`) cannot be written: a typed error.
    public func bind(into context: inout some SQLBindingContext) throws {
        try encodedBytes().withUnsafeBytes { try context.bindText(utf8: $0) }
    }

    /// The value's JSON text, as UTF-8.
    func encodedBytes() throws -> [UInt8] {
        guard let encodable = represented as? any Encodable else {
            throw SQLEncodingError(
                type: "JSONDocument<\(SQLTypeName.of(Value.self))>", valuePreview: "…",
                reason:
                    "\(SQLTypeName.of(Value.self)) is not Encodable, so it cannot be written as JSON; declare it Codable"
            )
        }
        return try JSONDocumentEncoder(representations: Options.representations).encodeBytes(encodable)
    }

    /// `iif(x IS NULL, NULL, iif(json_valid(x), json(x), json_object('codd.malformedJSON', x)))`:
    /// the document nests as JSON inside `json_object` and `json_group_array`. Text that is
    /// not JSON nests inside an object of that one member, so reading it is the typed error
    /// reading the column gives, never the text read as a string (`[1 true]` is not the
    /// string `"[1 true]"`), nor SQLite's "malformed JSON" for the whole query.
    public static func renderJSON(into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void)
        rethrows
    {
        try builder.renderJSONUnlessNull(expression) { builder in
            try builder.function("iif") { builder in
                try builder.listItem { try $0.function("json_valid") { try $0.listItem(expression) } }
                try builder.listItem { try $0.function("json") { try $0.listItem(expression) } }
                try builder.listItem { builder in
                    try builder.function("json_object") { builder in
                        builder.listItem { $0.text(SQLJSONValue.malformedTextKey) }
                        try builder.listItem(expression)
                    }
                }
            }
        }
    }

    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            "no member \"\(key.stringValue)\" at \(path(context.codingPath))"
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            "expected \(type) at \(path(context.codingPath)): \(context.debugDescription)"
        case .dataCorrupted(let context):
            "\(context.debugDescription) at \(path(context.codingPath))"
        @unknown default:
            "\(error)"
        }
    }

    static func path(_ codingPath: [any CodingKey]) -> String {
        "$" + codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }
}

extension JSONDocument: SQLEquatable where Value: Equatable {}

/// PostgreSQL's `jsonb`: in a dialect with native types a document binds as one and nests
/// in JSON as a document by itself.
extension JSONDocument: SQLNativelyTyped {
    public static var nativeKind: SQLNativeKind { .json }

    public var nativeValue: SQLNativeValue? {
        get throws { .jsonb(String(decoding: try encodedBytes(), as: UTF8.self)) }
    }
}

/// The JSON representation of a `Codable` type (or of rows `json_group_array` reads back),
/// with each nested date, UUID and data in the JSON form of its own column representation.
public typealias JSONRepresentation<Value: Sendable> = JSONDocument<Value, StandardJSONOptions>

extension Decodable where Self: Encodable & Sendable {
    /// This type stored as JSON text: `@Column(as: [String].JSONRepresentation.self)`.
    public typealias JSONRepresentation = JSONDocument<Self, StandardJSONOptions>
}

extension Array where Element: Sendable {
    /// This array stored as JSON text, its elements `Codable` or read by generated code:
    /// `@Column(as: [Card].JSONRepresentation.self)`. One declaration for every array: the
    /// `Codable` one above and the generated-code one below both name an array of a
    /// `Codable` struct, and Swift resolved the name to the one its elements do not satisfy
    /// (`type 'Card' does not conform to protocol 'SQLJSONDecodable'`).
    public typealias JSONRepresentation = JSONDocument<Self, StandardJSONOptions>
}

extension SQLJSONDecodable where Self: Sendable {
    /// This type read from JSON by its generated decoder: a `@Table` or `@Selection` type
    /// (and an array of one) as `json_group_array` and `json_object` return it, Codable or
    /// not: `@Column(as: [Reminder].JSONRepresentation.self) let reminders: [Reminder]`.
    public typealias JSONRepresentation = JSONDocument<Self, StandardJSONOptions>
}

/// A JSON document's representation seen generically: what the JSON DSL (paths, `contains`,
/// partial updates) needs to know of a column's `JSONDocument<Value, Options>`.
public protocol SQLJSONDocumentRepresentation: SQLCustomType {
    /// The Swift type stored as JSON.
    associatedtype Value: Sendable
    /// How its dates, UUIDs and data are written.
    associatedtype Options: JSONCodingOptions
    /// Whether the document is stored as SQLite's JSONB (3.45): paths and changes note the
    /// requirement, and a change stays JSONB (`jsonb(json_set(…))`).
    static var isBinary: Bool { get }
}

extension SQLJSONDocumentRepresentation {
    public static var isBinary: Bool { false }
}

extension JSONDocument: SQLJSONDocumentRepresentation {}

/// An optional JSON column is a document column too: its paths (`$0.receipt.json`) and
/// partial changes (`$0.receipt.set(\.vendor, to: …)`) are the document's. A path reads NULL
/// where the column is NULL, and a change leaves it NULL (`json_set(NULL, …)` is NULL: a
/// change does not create a document; assign one). `contains` of a NULL document is false on
/// SQLite (no element) and NULL on PostgreSQL (`NULL @> …`): test `.is(nil)` first where
/// the two must agree under `NOT`.
extension Optional: SQLJSONDocumentRepresentation where Wrapped: SQLJSONDocumentRepresentation {
    public typealias Value = Wrapped.Value
    public typealias Options = Wrapped.Options

    public static var isBinary: Bool { Wrapped.isBinary }
}
