import CoddCore

/// An expression the query DSL builds on: a column, an operation, a function call, a
/// subquery, raw SQL. Its methods and operators (`eq`, `<`, `&&`, `lower()`, `count()`,
/// `asc()`, …) live here.
///
/// Plain values (`Int`, `String`, your representations) are `SQLExpression`s too, so
/// they can be operands and assignments, but not ``SQLQueryExpression``s: the DSL's
/// methods never appear on `Int` or `String`, and `1 + 2` stays Swift's.
public protocol SQLQueryExpression<QueryValue>: SQLExpression {}
