/// `String` is stored as TEXT, NUL bytes and all. Reading validates UTF-8: invalid bytes
/// are an error, never replaced.
///
/// SQLite orders text by code point (its BINARY collation); Swift orders canonically
/// equivalent strings as equal. The two agree on text in Unicode Normalization Form C,
/// which is what most text is; normalize (`precomposedStringWithCanonicalMapping`) before
/// storing text whose order matters if it may arrive decomposed.
extension String: SQLComparable {
    @inlinable
    public static var storage: SQLStorage { .text }

    /// Stored canonically: comparisons need no wrap.
    @inlinable
    public static var comparesUnwrapped: Bool { true }

    @inlinable
    public init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        if let decoded = reader.withUnsafeTextBytesIfText(at: index, { SQLUTF8.decodeUTF8($0) }), let text = decoded {
            self = text
            return
        }
        // Not TEXT, or not UTF-8: the checks again, for the error that says which.
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
