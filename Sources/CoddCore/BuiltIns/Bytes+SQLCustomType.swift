import Foundation

/// `Data` is stored as a BLOB; an empty value is a zero-length BLOB, not NULL.
///
/// Equatable only: ordering bytes is rarely what a query means.
extension Data: SQLEquatable {
    @inlinable
    public static var storage: SQLStorage { .blob }

    /// Stored canonically: comparisons need no wrap.
    @inlinable
    public static var comparesUnwrapped: Bool { true }

    @inlinable
    public init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        try reader.requireStorage(.blob, at: index, for: Data.self)
        self = reader.withUnsafeBlobBytes(at: index) { Data($0) }
    }

    @inlinable
    public func bind(into context: inout some SQLBindingContext) throws {
        try withUnsafeBytes { try context.bindBlob($0) }
    }
}

/// `[UInt8]` is stored as a BLOB, like `Data`.
extension Array:
    SQLCustomType, SQLColumnDecodable, SQLBindable, SQLLiteralRenderable, SQLComparisonWrapping,
    SQLJSONRepresentable, SQLExpression, SQLSelectable, SQLRowDecodable, SQLEquatable
where Element == UInt8 {
    @inlinable
    public static var storage: SQLStorage { .blob }

    /// Stored canonically: comparisons need no wrap.
    @inlinable
    public static var comparesUnwrapped: Bool { true }

    @inlinable
    public init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        try reader.requireStorage(.blob, at: index, for: [UInt8].self)
        self = reader.withUnsafeBlobBytes(at: index) { [UInt8]($0) }
    }

    @inlinable
    public func bind(into context: inout some SQLBindingContext) throws {
        try withUnsafeBytes { try context.bindBlob($0) }
    }
}
extension Data: SQLJSONDecodable {}
