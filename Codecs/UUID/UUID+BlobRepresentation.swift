import CoddCore
import Foundation

extension UUID {
    /// A UUID stored as a 16-byte BLOB in RFC 4122 byte order (the order of `uuid`): half
    /// the size of the text form, and what GRDB's `.blob` strategy and many apps store.
    ///
    /// ```swift
    /// @Column(as: UUID.BlobRepresentation.self) var id: UUID
    /// // Item.where { $0.id.eq(uuid) } binds the 16 bytes, so the row is found.
    /// ```
    ///
    /// Reading accepts exactly 16 bytes; any other length, TEXT or NULL is an error.
    public struct BlobRepresentation: SQLRepresentation, SQLEquatable {
        public var represented: UUID

        @inlinable
        public init(represented: UUID) {
            self.represented = represented
        }

        @inlinable
        public static var storage: SQLStorage { .blob }

        /// One canonical form per value: comparisons need no wrap.
        @inlinable
        public static var comparesUnwrapped: Bool { true }

        public init(reader: borrowing some SQLColumnReader, at index: Int) throws {
            let storage = reader.storage(at: index)
            guard storage == .blob else {
                throw reader.uuidError(
                    at: index, as: Self.self, expected: .blob,
                    reason: storage == .null ? .unexpectedNull : .storageMismatch
                )
            }
            var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            let count = reader.withUnsafeBlobBytes(at: index) { bytes in
                if bytes.count == 16 {
                    withUnsafeMutableBytes(of: &uuid) { $0.copyMemory(from: bytes) }
                }
                return bytes.count
            }
            guard count == 16 else {
                throw reader.uuidError(
                    at: index, as: Self.self, expected: .blob,
                    reason: .invalidValue("a UUID BLOB has 16 bytes, found \(count)")
                )
            }
            represented = UUID(uuid: uuid)
        }

        public func bind(into context: inout some SQLBindingContext) throws {
            if context.acceptsNativeValues, try context.bindNative(.uuid(represented)) { return }
            try withUnsafeBytes(of: represented.uuid) { try context.bindBlob($0) }
        }
    }
}
