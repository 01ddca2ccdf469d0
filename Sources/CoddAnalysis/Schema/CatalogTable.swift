import CoddSchema

/// A column the analyzer resolves names against.
public struct CatalogColumn: Sendable {
    /// The name as SQLite knows it.
    public var name: String
    public var type: ValueType
    public var isNullable: Bool
    public var isPrimaryKey: Bool
    /// Not part of `*` (FTS5's `rank`, the table-named column, `rowid`).
    public var isHidden: Bool
    /// The collation the column declares (`COLLATE codd_decimal`): SQLite compares the
    /// column in it where a comparison names none.
    public var collation: String? = nil

    public init(name: String, type: ValueType, isNullable: Bool, isPrimaryKey: Bool = false, isHidden: Bool = false) {
        self.name = name
        self.type = type
        self.isNullable = isNullable
        self.isPrimaryKey = isPrimaryKey
        self.isHidden = isHidden
    }
}

/// A table, view or FTS5 table of the migrated schema, as queries see it.
public struct CatalogTable: Sendable {
    public enum Kind: Sendable, Hashable {
        case table
        case view
        case fts5
        /// A virtual table of another module: its columns are not declared in SQL.
        case virtual(module: String)
    }

    public var name: String
    public var kind: Kind
    /// The columns `*` reads, in order.
    public var columns: [CatalogColumn]
    /// Columns a name reaches but `*` does not: `rowid` of a rowid table, FTS5's `rank`
    /// and the table-named column.
    public var hiddenColumns: [CatalogColumn]
    public var primaryKey: [String]
    /// Column sets no two rows share: UNIQUE constraints and unique indexes (not partial).
    public var uniqueKeys: [[String]]
    /// The Swift type a row reads as (`Todo`, or the app's own type the configuration
    /// maps the table to); `nil` for a view.
    public var rowType: String?
    /// Whether `rowType` is the app's own type rather than a generated struct.
    public var isMapped: Bool
    public var location: SQLSourceLocation?

    /// The column named `name`, as SQLite compares names (ASCII case-insensitively),
    /// hidden columns included.
    public func column(named name: String) -> CatalogColumn? {
        columns.first { SQLSchema.sameName($0.name, name) } ?? hiddenColumns.first { SQLSchema.sameName($0.name, name) }
    }

    /// Whether `columns` (names) cover a key: the whole primary key or a unique key.
    public func isKey(_ columns: Set<String>) -> Bool {
        let folded = Set(columns.map { $0.lowercased() })
        let keys =
            (primaryKey.isEmpty ? [] : [primaryKey]) + uniqueKeys
            + (kind == .table && !hiddenColumns.isEmpty ? [["rowid"]] : [])
        return keys.contains { key in !key.isEmpty && key.allSatisfy { folded.contains($0.lowercased()) } }
    }
}
