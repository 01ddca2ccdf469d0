import CoddCore
import Foundation

/// `UUID` is its own default representation, stored as lowercase TEXT, `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`:
/// readable in
/// any SQLite tool, and what most software writes.
///
/// Reading accepts either case, and nothing else: braces, a missing or misplaced dash, a
/// character that is not hexadecimal, or any other length is an error that says which.
///
/// Equality compares the stored text, so a value written in lowercase matches a column
/// written in lowercase. A TEXT column that other software filled in uppercase (or in
/// mixed case) reads fine but is compared by text: declare it
/// `@Column(as: UUID.UppercaseTextRepresentation.self)` if it was written in uppercase.
extension UUID: SQLCustomType, SQLEquatable {
    @inlinable
    public static var storage: SQLStorage { .text }

    /// One canonical text per value: comparisons need no wrap, and an index serves them.
    @inlinable
    public static var comparesUnwrapped: Bool { true }

    @inlinable
    public init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        self = try reader.readUUIDText(at: index, as: UUID.self)
    }

    public func bind(into context: inout some SQLBindingContext) throws {
        try UUIDText.withFormatted(self, uppercase: false) { try context.bindText(utf8: $0) }
    }
}

/// Inside JSON, the text form, as stored; read back from it.
extension UUID: SQLJSONDecodable {}

/// PostgreSQL's `uuid` (in a dialect with native types every UUID representation binds,
/// compares and nests in JSON as one).
extension UUID: SQLNativelyTyped {
    public static var nativeKind: SQLNativeKind { .uuid }
    public var nativeValue: SQLNativeValue? { .uuid(self) }
}
