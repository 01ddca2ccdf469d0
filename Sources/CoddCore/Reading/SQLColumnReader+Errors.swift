extension SQLColumnReader {
    /// Throws unless column `index` holds a value of storage class `storage`.
    ///
    /// NULL gives ``SQLDecodingError/Reason/unexpectedNull``; any other class gives
    /// ``SQLDecodingError/Reason/storageMismatch``.
    @inlinable
    public func requireStorage<T>(_ storage: SQLStorage, at index: Int, for type: T.Type) throws {
        let actual = self.storage(at: index)
        guard actual == storage else {
            throw decodingError(
                at: index, for: type, expected: [storage],
                reason: actual == .null ? .unexpectedNull : .storageMismatch
            )
        }
    }

    /// Column `index` read as `stored`, the form a custom type keeps (`String`, `Int`), for a
    /// value of `type`: an error reading it (NULL, another storage class, invalid UTF-8)
    /// names `type`, the type the app asked for, where `String(reader:at:)` named `String`.
    ///
    /// ```swift
    /// let text = try reader.read(String.self, at: index, for: Money.self)
    /// // Cannot decode Money from column "notes"."amount" (index 3): expected TEXT, found NULL
    /// ```
    public func read<Stored: SQLColumnDecodable, Target>(
        _ stored: Stored.Type, at index: Int, for type: Target.Type
    ) throws -> Stored {
        do {
            return try Stored(reader: self, at: index)
        } catch var error as SQLDecodingError {
            error.type = SQLTypeName.of(type)
            throw error
        }
    }

    /// An error that describes column `index`: its name, table, storage class and value.
    ///
    /// Call it on the error path only: it reads the value again to preview it.
    public func decodingError<T>(
        at index: Int,
        for type: T.Type,
        expected: [SQLStorage],
        reason: SQLDecodingError.Reason
    ) -> SQLDecodingError {
        let actual = storage(at: index)
        return SQLDecodingError(
            type: SQLTypeName.of(type),
            table: tableName(at: index),
            column: columnName(at: index),
            index: index,
            expected: expected,
            actual: actual,
            valuePreview: valuePreview(at: index),
            reason: reason
        )
    }

    /// At most 64 characters of the value in column `index`, as an SQL literal.
    public func valuePreview(at index: Int) -> String {
        storageValuePreview(at: index)
    }

    /// The value in column `index` as its storage class reads it, at most 64 characters:
    /// the default ``valuePreview(at:)``, which a driver's own falls back on.
    public func storageValuePreview(at index: Int) -> String {
        switch storage(at: index) {
        case .null: "NULL"
        case .integer: String(readInt64(at: index))
        case .real: SQLValuePreview.truncated(String(readDouble(at: index)))
        case .text: withUnsafeTextBytes(at: index) { SQLValuePreview.text($0) }
        case .blob: withUnsafeBlobBytes(at: index) { SQLValuePreview.blob($0) }
        }
    }
}
