/// A marker: expressions of the type can be compared for equality in SQL.
///
/// It decides which operators the query renderer offers: `==`, `!=`, `IN`, `IS`,
/// `IS NOT` need `SQLEquatable`. Conform a representation when equality of its stored
/// form is equality of the values (a canonical form), possibly after ``SQLComparisonWrapping/wrapSQL(into:_:)``.
public protocol SQLEquatable: SQLCustomType {}
