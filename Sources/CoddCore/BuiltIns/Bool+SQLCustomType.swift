/// `Bool` is stored as INTEGER 1 or 0; any non-zero integer reads as `true`, as SQLite
/// itself tests truth.
extension Bool: SQLEquatable {
    @inlinable
    public static var storage: SQLStorage { .integer }

    /// Stored canonically: comparisons need no wrap.
    @inlinable
    public static var comparesUnwrapped: Bool { true }

    @inlinable
    public init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        try reader.requireStorage(.integer, at: index, for: Bool.self)
        self = reader.readInt64(at: index) != 0
    }

    @inlinable
    public func bind(into context: inout some SQLBindingContext) throws {
        try context.bindInteger(self ? 1 : 0)
    }
}
