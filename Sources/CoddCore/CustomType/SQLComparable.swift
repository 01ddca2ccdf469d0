/// A marker: expressions of the type can be ordered in SQL.
///
/// `<`, `>`, `<=`, `>=`, `BETWEEN`, `min` and `max` need `SQLComparable`. Conform a
/// representation only when SQLite's ordering of its stored form (after
/// ``SQLComparisonWrapping/wrapSQL(into:_:)``) is Swift's ordering of its values: a
/// `Decimal` stored as TEXT is not comparable (`'100' < '9'`). `Data` is equatable only.
public protocol SQLComparable: SQLEquatable {}
