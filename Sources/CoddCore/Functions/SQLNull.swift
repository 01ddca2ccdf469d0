/// The result of a Swift function that returns nothing: always NULL.
///
/// `@DatabaseFunction func refresh()` gives `$refresh()` of this type.
public struct SQLNull: SQLCustomType, Hashable {
    public init() {}

    public static var storage: SQLStorage { .null }

    /// Reads any value as nothing.
    public init(reader: borrowing some SQLColumnReader, at index: Int) throws {}

    public func bind(into context: inout some SQLBindingContext) throws {
        try context.bindNull()
    }
}
