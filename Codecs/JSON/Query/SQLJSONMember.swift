import CoddCore
import CoddJSON

/// What a selected JSON path reads: the member's JSON (SQLite's `->`, PostgreSQL's `jsonb`),
/// decoded as `Value` with the document's options; NULL, a missing member or JSON `null` is
/// `nil`.
///
/// It is the representation of ``SQLJSONPath`` values. It has no SQL operators of its own:
/// the path's (`==`, `<`, `contains`) compare the member's SQL value in its codec's form.
public struct SQLJSONMember<Value: Sendable, Options: JSONCodingOptions>: SQLCustomType {
    public typealias Represented = Value?

    public var represented: Value?

    public init(represented: Value?) {
        self.represented = represented
    }

    public static var storage: SQLStorage { .text }

    public init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        if reader.storage(at: index) == .null {
            represented = nil
            return
        }
        do {
            represented = try reader.withUnsafeTextBytes(at: index) { bytes in
                try SQLJSONValue.parse(bytes) { json in
                    json.isNull ? nil : try JSONDocument<Value, Options>.decodeMember(Value.self, from: json)
                }
            }
        } catch let error as SQLDecodingError {
            throw error.inJSONColumn(of: reader, at: index)
        } catch let error as SQLJSONSyntaxError {
            throw reader.decodingError(
                at: index, for: Value.self, expected: [.text], reason: .invalidValue(error.description))
        }
    }

    /// Binds the member's JSON text (`"dark"`, `12`), or NULL.
    public func bind(into context: inout some SQLBindingContext) throws {
        guard let represented else { return try context.bindNull() }
        try context.bindText(try JSONDocument<Value, Options>.jsonText(of: represented))
    }

    public init(decodingJSON json: SQLJSONValue) throws {
        represented = json.isNull ? nil : try JSONDocument<Value, Options>.decodeMember(Value.self, from: json)
    }

    /// Inside `json_object` the member's JSON nests as JSON.
    public static func renderJSON(into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void)
        rethrows
    {
        try builder.function("json") { try $0.listItem(expression) }
    }
}

extension SQLJSONMember: SQLJSONDecodable {}
