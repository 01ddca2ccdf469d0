import CoddCore

/// `Bool` is ``SQLEquatable`` but not ``SQLComparable``: SQLite stores it as 0 and 1, so an
/// order exists, but `false < true` is not a question a query asks of a flag, and a query that
/// writes one almost always meant something else. These overloads exist to say so when the
/// code does not compile, instead of a message about `NSNumber`.
extension SQLQueryExpression where QueryValue == Bool {
    @available(
        *, unavailable,
        message: "Bool is equatable, not comparable: compare with ==, eq(_:) or !, or order by the column"
    )
    public static func < (lhs: Self, rhs: Bool) -> SQLBinaryOperation<Bool> { fatalError("unavailable") }
    @available(
        *, unavailable,
        message: "Bool is equatable, not comparable: compare with ==, eq(_:) or !, or order by the column"
    )
    public static func > (lhs: Self, rhs: Bool) -> SQLBinaryOperation<Bool> { fatalError("unavailable") }
    @available(
        *, unavailable,
        message: "Bool is equatable, not comparable: compare with ==, eq(_:) or !, or order by the column"
    )
    public static func <= (lhs: Self, rhs: Bool) -> SQLBinaryOperation<Bool> { fatalError("unavailable") }
    @available(
        *, unavailable,
        message: "Bool is equatable, not comparable: compare with ==, eq(_:) or !, or order by the column"
    )
    public static func >= (lhs: Self, rhs: Bool) -> SQLBinaryOperation<Bool> { fatalError("unavailable") }
}
