import CoddCore
import Foundation

extension UUID {
    /// A UUID stored as uppercase TEXT, `XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX`, as
    /// `uuidString` and many Apple-platform apps write it.
    ///
    /// ```swift
    /// @Column(as: UUID.UppercaseTextRepresentation.self) var id: UUID
    /// ```
    ///
    /// Reading accepts either case. Equality compares the stored text, so use it for a
    /// column written in uppercase: a value compared with it is bound in uppercase.
    public struct UppercaseTextRepresentation: SQLRepresentation, SQLEquatable {
        public var represented: UUID

        @inlinable
        public init(represented: UUID) {
            self.represented = represented
        }

        @inlinable
        public static var storage: SQLStorage { .text }

        /// One canonical text per value: comparisons need no wrap.
        @inlinable
        public static var comparesUnwrapped: Bool { true }

        public init(reader: borrowing some SQLColumnReader, at index: Int) throws {
            represented = try reader.readUUIDText(at: index, as: Self.self)
        }

        public func bind(into context: inout some SQLBindingContext) throws {
            try UUIDText.withFormatted(represented, uppercase: true) { try context.bindText(utf8: $0) }
        }
    }
}

/// PostgreSQL's `uuid`.
extension UUID.UppercaseTextRepresentation: SQLNativelyTyped {
    public static var nativeKind: SQLNativeKind { .uuid }
    public var nativeValue: SQLNativeValue? { .uuid(represented) }
}
