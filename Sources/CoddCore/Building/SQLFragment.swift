/// Rendered SQL with the values of its `?` placeholders, ready to execute.
public struct SQLFragment: Sendable, Hashable, CustomStringConvertible {
    /// The SQL text.
    public var sql: String
    /// The values of the `?` placeholders in ``sql``, in order.
    public var bindings: [SQLValue]
    /// The newest SQLite feature the SQL uses, checked before it executes.
    public var requirement: SQLFeatureRequirement?
    /// The placeholders whose values a prepared statement takes by name when it runs.
    public var parameterSlots: [SQLParameterSlot] = []
    /// The collations written in Swift that the SQL names, registered by the driver on the
    /// connection before it runs.
    public var collations: [SQLCollation] = []

    public init(sql: String, bindings: [SQLValue] = []) {
        self.sql = sql
        self.bindings = bindings
    }

    /// Renders what `body` builds, in `mode` and `dialect`.
    public init(
        mode: SQLBuilder.Mode = .parameters, dialect: SQLDialect = .sqlite,
        _ body: (inout SQLBuilder) throws -> Void
    ) rethrows {
        var builder = SQLBuilder(mode: mode, dialect: dialect)
        try body(&builder)
        self = builder.fragment
    }

    public var description: String {
        bindings.isEmpty ? sql : "\(sql) -- \(bindings.map(\.description).joined(separator: ", "))"
    }
}
