/// How a type is compared in SQL: through a function of its stored form, or as stored.
///
/// One job of the ``SQLCustomType`` family. A date stored as text in several formats
/// wraps in `julianday(…)` so that comparisons compare instants, not strings:
///
/// ```swift
/// static var comparesUnwrapped: Bool { false }
/// static func wrapSQL(into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void) rethrows {
///     try builder.function("julianday") { try $0.listItem(expression) }
/// }
/// // julianday("reminders"."dueAt") < julianday(?)
/// ```
///
/// The wrap applies wherever an expression of the type is compared, ordered or passed to
/// a function (a column, a bound parameter, a literal); a column that is only selected to
/// be decoded is never wrapped.
public protocol SQLComparisonWrapping {
    /// Renders `expression` in its comparison form into `builder`.
    ///
    /// The default renders the expression as it is.
    static func wrapSQL(into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void) rethrows

    /// Whether two stored values of the type compare in SQL (`=`, `<`, `ORDER BY`) as their
    /// Swift values do, without the wrap: one canonical stored form per value whose order
    /// is Swift's order. A comparison between two plain expressions of the type (columns,
    /// bound values) then skips ``wrapSQL(into:_:)``, so an index on the column serves it.
    ///
    /// A fact of the type, declared, never inferred. The default, `false`, is always
    /// correct: the wrap is applied. The built-in types (integers, `String`, `Double`,
    /// `Bool`, `Data`) declare `true`; a type that does not wrap only renders `IN`
    /// subqueries more simply by declaring it.
    static var comparesUnwrapped: Bool { get }

    /// Whether the wrap keeps the value and changes only how it compares: a collation
    /// (`"price" COLLATE "codd_decimal"` is still the text of `"price"`). `min` and `max`,
    /// which return one of their arguments, then take the wrapped form, so they pick by the
    /// type's order. The default, `false`, is right for a wrap that computes another value
    /// (`julianday(…)`).
    static var wrapKeepsValue: Bool { get }
}

extension SQLComparisonWrapping {
    @inlinable
    public static func wrapSQL(into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void) rethrows
    {
        try expression(&builder)
    }

    @inlinable
    public static var comparesUnwrapped: Bool { false }

    @inlinable
    public static var wrapKeepsValue: Bool { false }
}
