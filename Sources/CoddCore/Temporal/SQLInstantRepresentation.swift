/// A representation of an instant that SQLite's date and time functions read: every `Date`
/// representation. It says how its stored value reads as a *time value* (the arguments
/// `julianday`, `datetime` and `strftime` take), and how to store an instant those functions
/// compute, so date arithmetic (`$0.dueAt + .days(7)`, `.now()`) renders in the column's
/// own terms and can be compared, selected, decoded and assigned as the column's type.
///
/// Its ``SQLComparisonWrapping/wrapSQL(into:_:)`` is `julianday` of its time value (the
/// default here), so that every such representation compares as a julian day, with every
/// other one and with SQLite's own date functions:
///
/// | stored as | time value | wrap |
/// | --- | --- | --- |
/// | TEXT | `"dueAt"` | `julianday("dueAt")` |
/// | unix seconds | `"dueAt", 'unixepoch'` | `julianday("dueAt", 'unixepoch')` |
/// | unix milliseconds | `"dueAt" / 1000.0, 'unixepoch'` | `julianday("dueAt" / 1000.0, 'unixepoch')` |
/// | julian day | `"dueAt"` | `julianday("dueAt")` |
public protocol SQLInstantRepresentation: SQLComparable {
    /// Renders an expression of this representation as the arguments of a date function,
    /// as items of the current list: the time value, then the modifiers that read it
    /// (`"at", 'unixepoch'`). More modifiers may follow (`'+7 days'`).
    static func renderTimeValue(into builder: inout SQLBuilder, _ operand: (inout SQLBuilder) throws -> Void) rethrows

    /// Renders the stored form of the instant that SQLite computes from `arguments` (a time
    /// value and modifiers, rendered as list items): exactly what binding that instant
    /// would store, rounded as the representation rounds (to the millisecond, or to the
    /// second), so that it decodes, compares and assigns as a value of this representation.
    ///
    /// ```swift
    /// // TEXT:              strftime('%Y-%m-%d %H:%M:%f', 'now', '+7 days')
    /// // unix milliseconds: CAST(round((julianday('now', '+7 days') - 2440587.5) * 86400000.0) AS INTEGER)
    /// ```
    ///
    /// NULL arguments give NULL.
    static func renderStoredForm(
        into builder: inout SQLBuilder, fromTimeValue arguments: (inout SQLBuilder) throws -> Void) rethrows
}

extension SQLInstantRepresentation {
    /// `julianday(<time value>)`: a REAL instant with millisecond precision, whatever the
    /// storage (`unixepoch()` drops the fraction on SQLite before 3.42).
    @inlinable
    public static func wrapSQL(into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void) rethrows
    {
        try builder.function("julianday") { try renderTimeValue(into: &$0, expression) }
    }

    /// The stored form of the julian day `comparisonForm` renders (a REAL is a time value
    /// SQLite's date functions read as a julian day): what `min` and `max` return.
    public static func unwrapSQL(into builder: inout SQLBuilder, _ comparisonForm: (inout SQLBuilder) throws -> Void)
        throws
    {
        try renderStoredForm(into: &builder) { try $0.listItem(comparisonForm) }
    }
}

/// An optional instant reads and stores as its wrapped representation; NULL stays NULL.
extension Optional: SQLInstantRepresentation where Wrapped: SQLInstantRepresentation {
    public static func renderTimeValue(into builder: inout SQLBuilder, _ operand: (inout SQLBuilder) throws -> Void)
        rethrows
    {
        try Wrapped.renderTimeValue(into: &builder, operand)
    }

    public static func renderStoredForm(
        into builder: inout SQLBuilder, fromTimeValue arguments: (inout SQLBuilder) throws -> Void
    ) rethrows {
        try Wrapped.renderStoredForm(into: &builder, fromTimeValue: arguments)
    }
}
