/// `String` is stored as TEXT, NUL bytes and all. Reading validates UTF-8: invalid bytes
/// are an error, never replaced.
extension String: SQLComparable {
    @inlinable
    public static var storage: SQLStorage { .text }

    @inlinable
    public init(reader: some SQLColumnReader, at index: Int) throws {
        try reader.requireStorage(.text, at: index, for: String.self)
        self = try reader.readText(at: index)
    }

    @inlinable
    public func bind(into context: inout some SQLBindingContext) throws {
        try context.bindText(self)
    }

    public func render(literalInto builder: inout SQLBuilder) throws {
        builder.text(self)
    }
}
