/// A number stored exactly (as text) whose arithmetic SQLite would do in floating point,
/// rounding: `Decimal`. The DSL refuses `sum`, `total` and `avg` of it with a message that
/// says so, where a type that is not `SQLNumeric` would only be told it does not conform.
public protocol SQLExactNumeric: SQLComparable {}

extension Optional: SQLExactNumeric where Wrapped: SQLExactNumeric {}
