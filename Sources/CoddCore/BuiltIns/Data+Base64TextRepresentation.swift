import Foundation

extension Data {
    /// `Data` stored as base64 TEXT (RFC 4648, with padding), as Foundation's `JSONEncoder`
    /// and GRDB write it inside JSON: a column of text written by other software, or, listed
    /// in a document's `JSONCodingOptions`, the data inside a JSON document GRDB wrote
    /// (Codd's own form there is hex digits, which base64 can be mistaken for: `"AAAA"` is
    /// both).
    ///
    /// ```swift
    /// @Column(as: Data.Base64TextRepresentation.self) var thumbnail: Data
    /// ```
    ///
    /// Reading refuses text that is not base64, with a typed error naming the column.
    public struct Base64TextRepresentation: SQLRepresentation, SQLEquatable {
        public var represented: Data

        @inlinable
        public init(represented: Data) {
            self.represented = represented
        }

        @inlinable
        public static var storage: SQLStorage { .text }

        /// One canonical text per value: comparisons need no wrap.
        @inlinable
        public static var comparesUnwrapped: Bool { true }

        public init(reader: borrowing some SQLColumnReader, at index: Int) throws {
            switch reader.withUnsafeTextBytesIfText(at: index, { Data(base64Encoded: Data($0)) }) {
            case .some(.some(let data)):
                represented = data
            case .some(.none):
                throw reader.decodingError(
                    at: index, for: Self.self, expected: [.text],
                    reason: .invalidValue("not base64 (RFC 4648, padded to a multiple of 4 characters)"))
            case .none:
                try reader.requireStorage(.text, at: index, for: Self.self)
                throw reader.decodingError(at: index, for: Self.self, expected: [.text], reason: .storageMismatch)
            }
        }

        public func bind(into context: inout some SQLBindingContext) throws {
            try context.bindText(represented.base64EncodedString())
        }
    }
}
