import CoddCore
import CoddJSON
import CoddQuery

/// A path into a JSON document: `$0.settings.theme` on a JSON column of a `@JSONPaths` type,
/// `$0.tags[0]`, `$0.prefs["font"]`. Typed: its `Value` is the member's Swift type, so it
/// compares with values of that type and selects as `Value?` (a missing member, or JSON
/// `null`, is SQL NULL).
///
/// ```swift
/// Person.where { $0.settings.theme == "dark" }
/// // WHERE (("settings" ->> '$.theme') = ?)
/// Person.where { $0.profile.birthday < cutoff }
/// // WHERE (julianday("profile" ->> '$.birthday') < julianday(?))
/// Person.order { $0.settings.fontSize.desc() }.select { $0.settings.theme }
/// // SELECT "settings" -> '$.theme' FROM "persons" ORDER BY ("settings" ->> '$.fontSize') DESC
/// ```
///
/// Inside the document each member keeps the JSON form of its codec (the document's
/// `JSONCodingOptions` choose it): a `Date` compares as an instant through `julianday`, as
/// its column would, a `Decimal` through the `codd_decimal` collation, a `UUID` as its text.
/// A value compared with a path is bound in that JSON form. Selected, the member decodes from
/// its JSON (`->`) with the document's options. On PostgreSQL the path is `->` / `->>` on
/// `jsonb`, the compared value cast to the member's type (`::timestamptz`, `::bigint`).
@dynamicMemberLookup
public struct SQLJSONPath<Value: Sendable, Options: JSONCodingOptions>: SQLQueryExpression {
    public typealias QueryValue = SQLJSONMember<Value, Options>

    /// What holds the document: a column, or the value column of `json_each`.
    let document: any SQLExpression
    /// Whether `document` is `json_each`'s `value`: an SQL value already (a string as TEXT),
    /// so the path's own value is `document` and its JSON is `json_quote(document)`.
    let documentIsEachValue: Bool
    /// The steps from the document to the member.
    public let components: [SQLJSONPathComponent]
    /// Whether the document is SQLite's JSONB: the statement then needs SQLite 3.45.
    let documentIsJSONB: Bool
    /// The row the path reads when that row is on the outer side of an outer join and the
    /// document does not say so itself: `json_each`'s value after `leftJoin(each:)`.
    var outerRow: SQLOuterRowPresence?

    package init(
        document: any SQLExpression, components: [SQLJSONPathComponent] = [], documentIsEachValue: Bool = false,
        documentIsJSONB: Bool = false
    ) {
        self.document = document
        self.components = components
        self.documentIsEachValue = documentIsEachValue
        self.documentIsJSONB = documentIsJSONB
    }

    /// The path one step further.
    func appending<Member: Sendable>(_ component: SQLJSONPathComponent, as type: Member.Type = Member.self)
        -> SQLJSONPath<Member, Options>
    {
        var path = SQLJSONPath<Member, Options>(
            document: document, components: components + [component], documentIsEachValue: documentIsEachValue,
            documentIsJSONB: documentIsJSONB
        )
        path.outerRow = outerRow
        return path
    }

    /// Selected: the member's JSON (`"settings" -> '$.theme'`), decoded with the document's
    /// options.
    public func render(into builder: inout SQLBuilder) throws {
        if documentIsJSONB && !builder.dialect.hasNativeTypes { builder.require(.jsonb) }
        if documentIsEachValue && components.isEmpty {
            return try builder.function("json_quote") { try $0.listItem { try document.render(into: &$0) } }
        }
        if components.isEmpty { return try document.render(into: &builder) }
        try builder.dialect.spelling.renderJSONPath(
            components, of: { try document.renderOperand(into: &$0) }, as: .json, into: &builder
        )
    }

    /// Compared, ordered or passed to a function: the member's SQL value
    /// (`"settings" ->> '$.theme'`) in its representation's comparison form.
    public func renderWrapped(into builder: inout SQLBuilder) throws {
        let representation = Self.representation
        if builder.dialect.hasNativeTypes, representation is any SQLNativelyTyped.Type {
            return try renderValue(into: &builder)
        }
        // `json_each`'s value is a column: it needs no parentheses.
        let isColumn = documentIsEachValue && components.isEmpty
        guard let representation else {
            return isColumn ? try renderValue(into: &builder) : try builder.parenthesized { try renderValue(into: &$0) }
        }
        let start = builder.sqlBytes.count
        try Self.wrap(representation, into: &builder) { builder in
            // Directly inside a call the wrap opened (`julianday(`), no parentheses; before a
            // postfix (`COLLATE`), which binds tighter than `->>`, parentheses.
            if isColumn || (builder.sqlBytes.count > start && builder.sqlBytes.last == UInt8(ascii: "(")) {
                try renderValue(into: &builder)
            } else {
                try builder.parenthesized { try renderValue(into: &$0) }
            }
        }
    }

    /// The member as an SQL value, unwrapped: `"settings" ->> '$.theme'`.
    func renderValue(into builder: inout SQLBuilder) throws {
        if documentIsJSONB && !builder.dialect.hasNativeTypes { builder.require(.jsonb) }
        if documentIsEachValue && components.isEmpty { return try document.render(into: &builder) }
        let representation = Self.representation
        try builder.dialect.spelling.renderJSONPath(
            components, of: { try document.renderOperand(into: &$0) },
            as: .value(
                representation?.storage ?? .text, native: (representation as? any SQLNativelyTyped.Type)?.nativeKind),
            into: &builder
        )
    }

    public var isCompound: Bool { true }

    /// The representation the member takes inside the document (see
    /// `JSONDocument.memberRepresentation(of:)`), whose comparison form it compares in.
    static var representation: (any SQLCustomType.Type)? {
        JSONDocument<Value, Options>.memberRepresentation(of: Value.self)
    }

    static func wrap<R: SQLCustomType>(
        _ representation: R.Type, into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void
    ) throws {
        try R.wrapSQL(into: &builder, expression)
    }
}

extension SQLJSONPath: SQLOrderable {}

/// A path into an outer-joined row's document (`$1.settings.theme` after `leftJoin`, or
/// `json_each`'s value after `leftJoin(each:)`) knows that row: `jsonGroupArray()` skips
/// the missing row, so a group with none aggregates to `[]`, not `[null]`.
extension SQLJSONPath: SQLOuterJoinedColumn {
    package var outerRowPresence: SQLOuterRowPresence? {
        outerRow ?? (document as? any SQLOuterJoinedColumn)?.outerRowPresence
    }
}

// MARK: Members

extension SQLJSONPath where Value: SQLJSONPathNavigable {
    /// A member of the object: `$0.settings.theme`.
    public subscript<Member: Sendable>(dynamicMember keyPath: KeyPath<Value.JSONMembers, SQLJSONKey<Member>>)
        -> SQLJSONPath<Member, Options>
    {
        appending(.key(Value.JSONMembers()[keyPath: keyPath].key))
    }

    /// An optional member: the path's value is the wrapped type (a path is NULL when the
    /// member is missing or `null` either way).
    public subscript<Member: Sendable>(dynamicMember keyPath: KeyPath<Value.JSONMembers, SQLJSONKey<Member?>>)
        -> SQLJSONPath<Member, Options>
    {
        appending(.key(Value.JSONMembers()[keyPath: keyPath].key))
    }
}

extension SQLJSONPath where Value: SQLJSONOptionalValue, Value.Wrapped: SQLJSONPathNavigable {
    /// A member of an optional object: NULL when the object is.
    public subscript<Member: Sendable>(dynamicMember keyPath: KeyPath<Value.Wrapped.JSONMembers, SQLJSONKey<Member>>)
        -> SQLJSONPath<Member, Options>
    {
        appending(.key(Value.Wrapped.JSONMembers()[keyPath: keyPath].key))
    }

    public subscript<Member: Sendable>(dynamicMember keyPath: KeyPath<Value.Wrapped.JSONMembers, SQLJSONKey<Member?>>)
        -> SQLJSONPath<Member, Options>
    {
        appending(.key(Value.Wrapped.JSONMembers()[keyPath: keyPath].key))
    }
}

extension SQLJSONPath where Value: SQLJSONArrayValue, Value.Element: Sendable {
    /// The element at `index` (negative from the end: -1 is the last): `$0.tags[0]`,
    /// `"tags" ->> '$[0]'`.
    public subscript(index: Int) -> SQLJSONPath<Value.Element, Options> {
        appending(.index(index))
    }
}

extension SQLJSONPath where Value: SQLJSONDictionaryValue, Value.DictionaryValue: Sendable {
    /// The member named `key` (any text: a key SQLite's path syntax cannot hold is looked up
    /// through `json_each`, bound): `$0.prefs["font"]`.
    public subscript(key: String) -> SQLJSONPath<Value.DictionaryValue, Options> {
        appending(.key(key))
    }
}

/// `Optional`, to reach the members of an optional object.
public protocol SQLJSONOptionalValue {
    associatedtype Wrapped
}

extension Optional: SQLJSONOptionalValue {}

/// An array inside JSON, to reach its elements.
public protocol SQLJSONArrayValue {
    associatedtype Element
}

extension Array: SQLJSONArrayValue {}

/// An object keyed by text inside JSON, to reach its members by key.
public protocol SQLJSONDictionaryValue {
    associatedtype DictionaryValue
}

extension Dictionary: SQLJSONDictionaryValue where Key == String {
    public typealias DictionaryValue = Value
}

// MARK: Columns

extension JSONDocument: SQLMemberPaths where Value: SQLJSONPathNavigable {
    /// The document's root: its members are the paths (`$0.settings.theme`).
    public static func members(of expression: any SQLExpression) -> SQLJSONPath<Value, Options> {
        SQLJSONPath(document: expression)
    }
}

extension JSONBDocument: SQLMemberPaths where Value: SQLJSONPathNavigable {
    /// The document's root: its members are the paths (`$0.settings.theme`), on SQLite 3.45.
    public static func members(of expression: any SQLExpression) -> SQLJSONPath<Value, Options> {
        SQLJSONPath(document: expression, documentIsJSONB: true)
    }
}

extension SQLQueryExpression where QueryValue: SQLJSONDocumentRepresentation {
    /// The document as a path, to reach into a JSON column of any type: `$0.tags.json[0]`,
    /// `$0.prefs.json["font"]` (a `@JSONPaths` type's members are on the column itself); of
    /// an optional column, NULL where the column is.
    public var json: SQLJSONPath<QueryValue.Value, QueryValue.Options> {
        SQLJSONPath(document: self, documentIsJSONB: QueryValue.isBinary)
    }
}
