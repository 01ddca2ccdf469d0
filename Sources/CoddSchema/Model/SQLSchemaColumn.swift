import CoddCore

/// A column of a table of the schema model: its name, what SQLite sees (the declared type
/// and its affinity), and what Swift sees (the annotation's codec, or the built-in codec of
/// its storage class).
public struct SQLSchemaColumn: Sendable, CustomStringConvertible {
    /// The name, unquoted (`"due at"` is `due at`).
    public var name: String
    /// The declared type as SQLite sees it, after stripping (`TEXT`, `VARCHAR(36)`, or
    /// empty; empty for an FTS5 column, whose typed declaration is not an FTS5 argument).
    public var declaredType: String
    /// The type as written, before stripping (`TEXT` of `TEXT AS UUID`, `INTEGER` of an
    /// FTS5 column `id INTEGER NOT NULL`).
    public var writtenType: String
    /// The annotation, when the column has one.
    public var annotation: SQLColumnAnnotation?
    /// The codec a value of the column reads and binds through: the annotation's, or the
    /// registry's default for the written storage class (`INTEGER` → `Int`, `REAL` →
    /// `Double`, `TEXT` → `String`, `BLOB` → `Data`); `nil` for a type that is not a storage
    /// class and carries no annotation. So a plain `TEXT` column has one too: whether the
    /// schema chose it is ``isAnnotated``.
    public var codec: SQLCodec?
    /// Whether the column admits NULL: no `NOT NULL` and not the rowid alias
    /// (`INTEGER PRIMARY KEY`). For an FTS5 column, whether the declaration lacks `NOT NULL`.
    public var isNullable: Bool
    /// Whether the column is (part of) the primary key.
    public var isPrimaryKey: Bool
    /// Whether it is a generated column (`AS (expr)`, `GENERATED ALWAYS AS (expr)`).
    public var isGenerated: Bool
    /// Whether it is an FTS5 column stored but not indexed (`note_id UNINDEXED`): one that
    /// often holds what is not text, such as the id of the row it indexes.
    public var isUnindexed = false

    public init(
        name: String, declaredType: String, writtenType: String? = nil, annotation: SQLColumnAnnotation? = nil,
        codec: SQLCodec? = nil, isNullable: Bool = true, isPrimaryKey: Bool = false, isGenerated: Bool = false
    ) {
        self.name = name
        self.declaredType = declaredType
        self.writtenType = writtenType ?? declaredType
        self.annotation = annotation
        self.codec = codec ?? annotation?.codec
        self.isNullable = isNullable
        self.isPrimaryKey = isPrimaryKey
        self.isGenerated = isGenerated
    }

    /// Whether the column's type carries an annotation (`TEXT AS UUID`), rather than taking
    /// its storage class's default codec.
    public var isAnnotated: Bool { annotation != nil }

    /// The affinity SQLite gives the declared type.
    public var affinity: SQLColumnAffinity { SQLColumnAffinity(declaredType: declaredType) }

    /// The storage class the column's codec writes, if it has one.
    public var storage: SQLStorage? { codec?.storage }

    /// The Swift type a value of the column has: `UUID`, `Date`, `Todo.ID`, `Int`; with
    /// `?` when the column is nullable. `nil` without a codec.
    public var swiftTypeName: String? {
        codec.map { isNullable ? "\($0.typeName)?" : $0.typeName }
    }

    /// `id TEXT AS UUID NOT NULL`.
    public var description: String {
        var parts = [name]
        if let annotation { parts.append(annotation.text) } else if !writtenType.isEmpty { parts.append(writtenType) }
        if !isNullable { parts.append("NOT NULL") }
        if isPrimaryKey { parts.append("PRIMARY KEY") }
        return parts.joined(separator: " ")
    }
}
