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

    /// Renders a stored value of the type from its comparison form, which `comparisonForm`
    /// renders: the inverse of ``wrapSQL(into:_:)``, for `min` and `max`, which compare the
    /// wrapped forms and must return a value of the type.
    ///
    /// ```swift
    /// // a Date stored as TEXT, wrapped in julianday(…):
    /// // strftime('%Y-%m-%d %H:%M:%f', max(julianday("dueAt")))
    /// ```
    ///
    /// Needed only by a type whose wrap computes another value (not `wrapKeepsValue`) and
    /// whose stored values do not compare as they are (not `comparesUnwrapped`). The
    /// default throws `SQLEncodingError` when such a type's `min` or `max` renders: with
    /// no inverse, the only results would be the wrapped form (not a value of the type) or
    /// the plain `min` of the stored form, which picks by another order, in silence.
    static func unwrapSQL(into builder: inout SQLBuilder, _ comparisonForm: (inout SQLBuilder) throws -> Void) throws
}

/// How `min` and `max` of a type render, in a dialect: what ``SQLComparisonWrapping``
/// declares decides it.
package enum SQLPickingForm: Sendable {
    /// `max("priority")`: the stored values compare as the type's values do, or the type
    /// does not wrap, or the dialect compares its native type as it is.
    case plain
    /// `max("price" COLLATE "codd_decimal")`: the wrap keeps the value.
    case wrapped
    /// `strftime('%Y-%m-%d %H:%M:%f', max(julianday("dueAt")))`: compared wrapped, and the
    /// result turned back into a stored value (``SQLComparisonWrapping/unwrapSQL(into:_:)``).
    case wrappedAndUnwrapped
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

    public static func unwrapSQL(into builder: inout SQLBuilder, _ comparisonForm: (inout SQLBuilder) throws -> Void)
        throws
    {
        throw SQLEncodingError(
            type: SQLTypeName.of(Self.self), valuePreview: "",
            reason:
                "min and max compare it through wrapSQL, which computes another value, and it has no unwrapSQL(into:_:) "
                + "to turn the result back into a stored value: declare one (the inverse of the wrap), or declare "
                + "wrapKeepsValue if the wrap keeps the value (a collation)")
    }

    /// Whether `dialect` compares the type as it is, with no wrap: a natively typed value in
    /// a dialect with native types (a `timestamptz` is an instant already).
    package static func comparesNatively(in dialect: SQLDialect) -> Bool {
        dialect.hasNativeTypes && Self.self is any SQLNativelyTyped.Type
    }

    /// How `min` and `max` of the type render in `dialect` (see ``SQLPickingForm``).
    package static func pickingForm(in dialect: SQLDialect) -> SQLPickingForm {
        if comparesNatively(in: dialect) { return .plain }
        if comparesUnwrapped { return .plain }
        if wrapKeepsValue { return .wrapped }
        // A type that does not wrap (the protocol's default) renders its operand alone.
        var probe = SQLBuilder(mode: .parameters, dialect: dialect)
        wrapSQL(into: &probe) { _ in }
        return probe.sqlBuffer.isEmpty ? .plain : .wrappedAndUnwrapped
    }
}
