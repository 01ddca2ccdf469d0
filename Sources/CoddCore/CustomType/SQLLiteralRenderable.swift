/// A type that renders itself as an SQL literal, for SQL shown to people and for
/// statements that take no parameters (views, triggers, `CHECK`).
///
/// One job of the ``SQLCustomType`` family. The default renders the value
/// ``SQLBindable/bind(into:)`` binds, so the literal and the bound parameter always mean
/// the same thing: `'it''s'`, `42`, `X'00FF'`.
public protocol SQLLiteralRenderable: SQLBindable {
    /// Renders the value as an SQL literal. Override it only to render something that
    /// reads more clearly and means the same.
    func render(literalInto builder: inout SQLBuilder) throws
}

extension SQLLiteralRenderable {
    public func render(literalInto builder: inout SQLBuilder) throws {
        // A natively typed value in a dialect with native types: its native literal.
        if builder.dialect.hasNativeTypes, let typed = self as? any SQLNativelyTyped, let native = try typed.nativeValue
        {
            return try builder.nativeValue(native)
        }
        var collector = SQLValueCollector()
        try bind(into: &collector)
        try collector.requireSingleValue(for: Self.self, self)
        if let requirement = collector.requirement { builder.require(requirement) }
        try builder.literal(collector.values[0])
    }
}
