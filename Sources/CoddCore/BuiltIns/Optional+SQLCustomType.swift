/// `nil` is NULL. An optional representation stands for an optional value:
/// `Optional<BlobUUID>` represents `UUID?`.
extension Optional:
    SQLCustomType, SQLColumnDecodable, SQLBindable, SQLLiteralRenderable, SQLComparisonWrapping,
    SQLJSONRepresentable, SQLExpression, SQLSelectable
where Wrapped: SQLCustomType {
    public typealias Represented = Wrapped.Represented?
    public typealias Optionalized = Self

    @inlinable
    public static var comparesUnwrapped: Bool { Wrapped.comparesUnwrapped }

    /// As the wrapped type: `max` of a `Decimal?` column, or of a column on the outer side
    /// of a `LEFT JOIN`, picks by the number's order (`max("discount" COLLATE
    /// "codd_decimal")`), as the non-optional column's does.
    @inlinable
    public static var wrapKeepsValue: Bool { Wrapped.wrapKeepsValue }

    @inlinable
    public static var storage: SQLStorage { Wrapped.storage }

    @inlinable
    public init(represented: Wrapped.Represented?) {
        self = represented.map(Wrapped.init(represented:))
    }

    @inlinable
    public var represented: Wrapped.Represented? {
        self?.represented
    }

    @inlinable
    public init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        self = reader.isNull(at: index) ? nil : try Wrapped(reader: reader, at: index)
    }

    @inlinable
    public func bind(into context: inout some SQLBindingContext) throws {
        if let self { try self.bind(into: &context) } else { try context.bindNull() }
    }

    public func render(literalInto builder: inout SQLBuilder) throws {
        if let self { try self.render(literalInto: &builder) } else { builder.null() }
    }

    @inlinable
    public static func wrapSQL(into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void) rethrows
    {
        try Wrapped.wrapSQL(into: &builder, expression)
    }

    public static func unwrapSQL(into builder: inout SQLBuilder, _ comparisonForm: (inout SQLBuilder) throws -> Void)
        throws
    {
        try Wrapped.unwrapSQL(into: &builder, comparisonForm)
    }
}

/// An optional row is `nil` when every column it reads is NULL (the outer side of a
/// `LEFT JOIN` with no match).
extension Optional: SQLRowDecodable where Wrapped: SQLRowDecodable {
    // `Fetched` is inferred from `fetched` (`Wrapped.Fetched?`) rather than declared, so a
    // compiler message names it as `String?`, not `Optional<String>.Fetched`.

    @inlinable
    public var fetched: Wrapped.Fetched? { self?.fetched }

    @inlinable
    public static var columnCount: Int { Wrapped.columnCount }

    @inlinable
    public init(decodingRow reader: borrowing some SQLColumnReader, at index: inout Int) throws {
        let count = Wrapped.columnCount
        var allNull = true
        for column in index..<(index + count) where !reader.isNull(at: column) {
            allNull = false
            break
        }
        if allNull {
            self = nil
            index += count
        } else {
            self = try Wrapped(decodingRow: reader, at: &index)
        }
    }
}

extension Optional: SQLEquatable where Wrapped: SQLEquatable {}
extension Optional: SQLComparable where Wrapped: SQLComparable {}
