import CoddCore

/// The `Columns` of a type marked both `@Table` and `@Selection` (a common table
/// expression's row): besides one expression per field, they take a row value, so the value
/// can stand as a SELECT of literals, the seed row of a recursive CTE.
///
/// ```swift
/// @Table @Selection
/// struct Counts {
///     let value: Int
/// }
/// Counts.Columns(Counts(value: 1))
/// // 1 AS "value"
/// ```
public protocol TableSelectionColumns: SelectionColumns where QueryValue: Table & Selection {
    /// The row's values, each through its column's representation.
    init(_ row: QueryValue)
}
