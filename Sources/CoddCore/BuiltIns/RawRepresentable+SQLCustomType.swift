/// A `RawRepresentable` type whose raw value is storable conforms by declaration alone:
///
/// ```swift
/// enum Priority: Int, SQLCustomType, SQLComparable { case low = 1, medium, high }
/// ```
///
/// It is stored as its raw value. Reading a raw value no case has is an error that names it.
extension SQLCustomType where Self: RawRepresentable, RawValue: SQLCustomType, Represented == Self {
    @inlinable
    public static var storage: SQLStorage { RawValue.storage }

    /// Compared as its raw value is.
    @inlinable
    public static var comparesUnwrapped: Bool { RawValue.comparesUnwrapped }

    /// `min`, `max` and the scalar `max(…)` pick by the raw value's order, as it compares.
    @inlinable
    public static var wrapKeepsValue: Bool { RawValue.wrapKeepsValue }

    @inlinable
    public init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        let rawValue: RawValue
        do {
            rawValue = try RawValue(reader: reader, at: index)
        } catch var error as SQLDecodingError {
            error.type = SQLTypeName.of(Self.self)
            throw error
        }
        guard let value = Self(rawValue: rawValue) else {
            throw reader.decodingError(
                at: index, for: Self.self, expected: [RawValue.storage], reason: .unknownRawValue)
        }
        self = value
    }

    /// Binds the raw value; an error encoding it names this type (`Counter`, not `UInt64`).
    @inlinable
    public func bind(into context: inout some SQLBindingContext) throws {
        do {
            try rawValue.bind(into: &context)
        } catch var error as SQLEncodingError {
            error.type = SQLTypeName.of(Self.self)
            throw error
        }
    }

    public func render(literalInto builder: inout SQLBuilder) throws {
        do {
            try rawValue.render(literalInto: &builder)
        } catch var error as SQLEncodingError {
            error.type = SQLTypeName.of(Self.self)
            throw error
        }
    }

    @inlinable
    public static func wrapSQL(into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void) rethrows
    {
        try RawValue.wrapSQL(into: &builder, expression)
    }

    public static func unwrapSQL(into builder: inout SQLBuilder, _ comparisonForm: (inout SQLBuilder) throws -> Void)
        throws
    {
        do {
            try RawValue.unwrapSQL(into: &builder, comparisonForm)
        } catch var error as SQLEncodingError {
            error.type = SQLTypeName.of(Self.self)
            throw error
        }
    }
}
