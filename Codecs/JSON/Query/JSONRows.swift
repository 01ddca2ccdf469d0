import CoddCore
import CoddJSON
import CoddQuery

/// SQLite's table-valued JSON functions as tables: the rows of `json_each` (an array's
/// elements, an object's members) and `json_tree` (every value, recursively), with typed
/// columns. `value` is a path to the element, typed `Element`: it compares in its codec's
/// JSON form (`$1.value == "urgent"`, a date through `julianday`), reaches into an object
/// (`$1.value.theme`) and selects as `Element`.
///
/// ```swift
/// Note.join(each: { $0.tags }).where { _, tag in tag.value == "urgent" }.select { note, _ in note.title }
/// // SELECT "notes"."title" FROM "notes" JOIN json_each("notes"."tags") WHERE ("json_each"."value" = ?)
/// JSONEach.elements(of: [3, 1, 2]).select { $0.value.stored }
/// // SELECT "value" FROM json_each(?)      bound '[3,1,2]'
/// ```
///
/// SQLite-only (PostgreSQL's `jsonb_array_elements` differs in its columns): on PostgreSQL,
/// an `SQLDialectError` when the statement renders.
public struct JSONRows<Function: SQLJSONTableFunction, Element: Sendable, Options: JSONCodingOptions>: Table, Sendable {
    public typealias Writability = SQLReadOnly

    /// The element's index in its array, or its key in its object; `nil` for `json_tree`'s
    /// root.
    public var key: SQLJSONEachKey?
    /// The element, decoded from its JSON with the document's options.
    public var value: Element
    /// Its JSON type: `null`, `true`, `false`, `integer`, `real`, `text`, `array`, `object`.
    public var type: String
    /// Its node's number in the document.
    public var id: Int
    /// Its container's `id` (`json_tree`; `nil` for `json_each`'s elements and the root).
    public var parent: Int?
    /// Its full path from the document's root: `$.tags[1]`.
    public var fullkey: String
    /// Its container's path: `$.tags`.
    public var path: String

    public static var tableName: String { Function.tableName }

    public static var columnCount: Int { 7 }

    /// Read by position: its statements select `value` in its JSON form (`json_quote`), which
    /// `SELECT * FROM json_each(…)` written by hand does not.
    public static var decodedColumnNames: [String]? { nil }

    public init(decodingRow reader: borrowing some SQLColumnReader, at index: inout Int) throws {
        key = try SQLJSONEachKey?(decodingRow: reader, at: &index)
        value = try Self.element(
            SQLJSONMember<Element, Options>(decodingRow: reader, at: &index), reader: reader, at: index - 1)
        type = try String(decodingRow: reader, at: &index)
        id = try Int(decodingRow: reader, at: &index)
        parent = try Int?(decodingRow: reader, at: &index)
        fullkey = try String(decodingRow: reader, at: &index)
        path = try String(decodingRow: reader, at: &index)
    }

    /// A JSON `null` element is an error unless `Element` is optional.
    static func element(
        _ member: SQLJSONMember<Element, Options>, reader: borrowing some SQLColumnReader, at index: Int
    ) throws -> Element {
        if let value = member.represented { return value }
        if let none = Optional<Any>.none as? Element { return none }
        throw reader.decodingError(at: index, for: Element.self, expected: [.text], reason: .unexpectedNull)
    }

    public init(decodingJSON json: SQLJSONValue) throws {
        var members = try json.members(for: Self.self)
        key = try SQLJSONEachKey?(decodingJSON: members.value(forKey: "key"))
        let element = members.value(forKey: "value")
        if element.isNull, let none = Optional<Any>.none as? Element {
            value = none
        } else {
            value = try JSONDocument<Element, Options>.decodeMember(Element.self, from: element)
        }
        type = try String(decodingJSON: members.value(forKey: "type"))
        id = try Int(decodingJSON: members.value(forKey: "id"))
        parent = try Int?(decodingJSON: members.value(forKey: "parent"))
        fullkey = try String(decodingJSON: members.value(forKey: "fullkey"))
        path = try String(decodingJSON: members.value(forKey: "path"))
    }

    /// Never called: the rows are read-only (`Writability` is `SQLReadOnly`).
    public func renderColumnValues(into builder: inout SQLBuilder) throws {
        throw SQLEncodingError(
            type: SQLTypeName.of(Self.self), valuePreview: Function.tableName,
            reason: "the rows of \(Function.tableName) cannot be written")
    }

    /// The columns of the function's rows.
    public struct TableColumns: TableDefinition {
        public typealias QueryValue = JSONRows
        public let qualifier: String
        /// The element's index or key.
        public let key: TableColumn<JSONRows, SQLJSONEachKey?>
        /// The element: a path, compared in its JSON form, selected as `Element`.
        public let value: SQLJSONPath<Element, Options>
        public let type: TableColumn<JSONRows, String>
        public let id: TableColumn<JSONRows, Int>
        public let parent: TableColumn<JSONRows, Int?>
        public let fullkey: TableColumn<JSONRows, String>
        public let path: TableColumn<JSONRows, String>

        public init(qualifier: String) {
            self.qualifier = qualifier
            key = TableColumn(qualifier: qualifier, name: "key")
            value = SQLJSONPath(
                document: TableColumn<JSONRows, String>(qualifier: qualifier, name: "value"), documentIsEachValue: true)
            type = TableColumn(qualifier: qualifier, name: "type")
            id = TableColumn(qualifier: qualifier, name: "id")
            parent = TableColumn(qualifier: qualifier, name: "parent")
            fullkey = TableColumn(qualifier: qualifier, name: "fullkey")
            path = TableColumn(qualifier: qualifier, name: "path")
        }

        public static var columnNames: [String] { ["key", "value", "type", "id", "parent", "fullkey", "path"] }

        /// The row: its `value` as JSON (`json_quote("value")`), to decode as `Element`.
        public func renderSelection(into builder: inout SQLBuilder, alias: String?) throws {
            builder.columns(qualifier, ["key"])
            try builder.listItem { try value.render(into: &$0) }
            builder.columns(qualifier, ["type", "id", "parent", "fullkey", "path"])
        }

        public func renderJSON(into builder: inout SQLBuilder) throws {
            try builder.function(.jsonObject) { builder in
                for name in Self.columnNames {
                    builder.listItem { $0.text(name) }
                    if name == "value" {
                        try builder.listItem {
                            try $0.function("json") { try $0.listItem { try value.render(into: &$0) } }
                        }
                    } else {
                        builder.listItem { $0.column(qualifier, name) }
                    }
                }
            }
        }
    }
}

/// Every row of `json_each` and `json_tree` has an `id`: an outer-joined row is there when
/// its `id` is (`"json_each"."id" IS NOT NULL`).
extension JSONRows.TableColumns: SQLRowPresenceColumn {
    package static var presenceColumnName: String { "id" }
}

/// A table-valued JSON function: `json_each` or `json_tree`.
public protocol SQLJSONTableFunction: Sendable {
    /// Its name, which also qualifies its columns.
    static var functionName: StaticString { get }
}

extension SQLJSONTableFunction {
    static var tableName: String { functionName.description }
}

/// `json_each`: the elements of an array, the members of an object (one level).
public enum JSONEachFunction: SQLJSONTableFunction {
    public static var functionName: StaticString { "json_each" }
}

/// `json_tree`: every value of a document, recursively, the document itself first.
public enum JSONTreeFunction: SQLJSONTableFunction {
    public static var functionName: StaticString { "json_tree" }
}

/// The rows of `json_each`.
public typealias JSONEach<Element: Sendable, Options: JSONCodingOptions> = JSONRows<JSONEachFunction, Element, Options>
/// The rows of `json_tree`.
public typealias JSONTree<Element: Sendable, Options: JSONCodingOptions> = JSONRows<JSONTreeFunction, Element, Options>

/// `json_each`'s `key`: an element's index in its array, or a member's key in its object.
public enum SQLJSONEachKey: SQLCustomType, SQLEquatable, Hashable {
    case index(Int)
    case name(String)

    public static var storage: SQLStorage { .text }

    public init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        switch reader.storage(at: index) {
        case .integer: self = .index(try Int(reader: reader, at: index))
        default: self = .name(try String(reader: reader, at: index))
        }
    }

    public func bind(into context: inout some SQLBindingContext) throws {
        switch self {
        case .index(let index): try context.bindInteger(Int64(index))
        case .name(let name): try context.bindText(name)
        }
    }
}

extension SQLJSONEachKey: SQLJSONDecodable {
    public init(decodingJSON json: SQLJSONValue) throws {
        switch json.kind {
        case .integer: self = .index(try Int(decodingJSON: json))
        default: self = .name(try String(decodingJSON: json))
        }
    }
}
