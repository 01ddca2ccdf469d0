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
            try withUnsafeBytes(of: represented.uuid) { try context.bindBlob($0) }
        }
    }
}

extension UUID.BlobRepresentation {
    /// Inside JSON a 16-byte UUID takes its lowercase text form, as a TEXT UUID column
    /// stores it (JSON holds no BLOB). Another BLOB keeps its hex digits and another storage
    /// class nests as a mismatch (`renderStorageCheckedJSON`),
    /// so reading either is the error reading the column gives (`a UUID BLOB has 16 bytes,
    /// found 3`; `expected BLOB, found TEXT`), not one about hex digits:
    ///
    /// ```sql
    /// CASE WHEN typeof(x) IN ('blob') THEN iif(length(x) = 16,
    /// lower(printf('%s-%s-%s-%s-%s', substr(hex(x), 1, 8), …)), hex(x))
    /// WHEN x IS NULL THEN NULL ELSE json_object('codd.storageMismatch', …) END
    /// ```
    public static func renderJSON(into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void)
        rethrows
    {
        try builder.renderStorageCheckedJSON(of: expression, accepting: [.blob]) { builder in
            try builder.function("iif") { builder in
                try builder.listItem { builder in
                    try builder.function("length") { try $0.listItem(expression) }
                    builder.keyword("= 16")
                }
                try builder.listItem { try textForm(&$0, expression) }
                try builder.listItem { try $0.function("hex") { try $0.listItem(expression) } }
            }
        }
    }

    /// `lower(printf('%s-%s-%s-%s-%s', substr(hex(x), 1, 8), …))`.
    private static func textForm(_ context: inout SQLBuilder, _ builder: (inout SQLBuilder) throws -> Void) throws {
        try context.function("lower") { context in
            try context.listItem { context in
                try context.function("printf") { context in
                    context.listItem { $0.text("%s-%s-%s-%s-%s") }
                    for (start, length) in [(1, 8), (9, 4), (13, 4), (17, 4), (21, 12)] {
                        try context.listItem { context in
                            try context.function("substr") { context in
                                try context.listItem { try $0.function("hex") { try $0.listItem(builder) } }
                                context.listItem { $0.integer(Int64(start)) }
                                context.listItem { $0.integer(Int64(length)) }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Reads what `renderJSON` writes: the text form of a 16-byte BLOB (either case), or
    /// another BLOB's hex digits, which the column's reader refuses as it refuses the bytes.
    public init(decodingJSON json: SQLJSONValue) throws {
        try json.requireShape(of: .blob, for: Self.self)
        var reader = json.reader
        reader.readsHexAsBlob = true
        if reader.storage(at: 0) == .text {
            self.init(represented: try UUID(decodingJSON: json))
        } else {
            self = try Self(reader: reader, at: 0)
        }
    }
}

/// PostgreSQL's `uuid`.
extension UUID.BlobRepresentation: SQLNativelyTyped {
    public static var nativeKind: SQLNativeKind { .uuid }
    public var nativeValue: SQLNativeValue? { .uuid(represented) }
}
