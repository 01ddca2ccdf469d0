import CoddCore

/// A representation whose stored value has members a query can reach: a JSON document of a
/// `@JSONPaths` type, whose members are paths into it (CoddJSONQuery conforms it). A column of
/// it reads them as properties, `$0.settings.theme`, through ``Members``.
public protocol SQLMemberPaths: SQLCustomType {
    /// What `$0.column` offers as members: for a JSON document, the path to its root.
    associatedtype Members
    /// The members of the value `expression` renders.
    static func members(of expression: any SQLExpression) -> Members
}

/// An optional document's members are the document's: a missing one reads as NULL.
extension Optional: SQLMemberPaths where Wrapped: SQLMemberPaths {
    public static func members(of expression: any SQLExpression) -> Wrapped.Members {
        Wrapped.members(of: expression)
    }
}

extension TableColumn where Value: SQLMemberPaths {
    /// A member of the column's value: `$0.settings.theme`, a path into a JSON column.
    public subscript<Member>(dynamicMember keyPath: KeyPath<Value.Members, Member>) -> Member {
        Value.members(of: self)[keyPath: keyPath]
    }
}
