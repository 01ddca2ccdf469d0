/// A type whose members a query can reach inside a JSON document: `$0.settings.theme` on a
/// JSON column of `Settings`. The `@JSONPaths` macro writes the conformance: a
/// ``JSONMembers`` type with one ``SQLJSONKey`` per stored property, named as `Codable`
/// names it (its `CodingKeys`' raw values, when it has them).
///
/// ```swift
/// @JSONPaths
/// struct Settings: Codable {
///     var theme: String
///     var fontSize: Int
/// }
/// // Settings.JSONMembers().theme == SQLJSONKey<String>("theme")
/// ```
public protocol SQLJSONPathNavigable {
    /// The members: one ``SQLJSONKey`` per stored property.
    associatedtype JSONMembers: SQLJSONPathMembers
}

/// The members of a ``SQLJSONPathNavigable`` type, by property: made with no argument, read
/// through key paths (`\.theme`).
public protocol SQLJSONPathMembers: Sendable {
    init()
}

/// A member of a JSON object: its key in the document and, as a type, its Swift type.
public struct SQLJSONKey<Value>: Sendable, Hashable {
    /// The member's key, as `Codable` writes it.
    public let key: String

    public init(_ key: String) {
        self.key = key
    }
}
