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
        if builder.dialect.hasNativeTypes {
            var single = SQLSingleValueCollector(acceptsNative: true)
            try bind(into: &single)
            let value = try single.value(for: self)
            if let native = single.native { try builder.nativeLiteral(native) } else { try builder.literal(value) }
            return
        }
        var collector = SQLValueCollector()
        try bind(into: &collector)
        try collector.requireSingleValue(for: Self.self, self)
        try builder.literal(collector.values[0])
    }
}
