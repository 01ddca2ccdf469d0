/// A table of the schema model.
public struct SQLSchemaTable: Sendable, CustomStringConvertible {
    /// What kind of table.
    public enum Kind: Sendable, Hashable {
        /// `CREATE TABLE`.
        case table
        /// `CREATE VIRTUAL TABLE … USING module(…)`: the module's name, lowercased (`fts5`).
        case virtual(module: String)
    }

    /// The name, unquoted.
    public var name: String
    public var kind: Kind
    /// The columns, in declaration order. Empty for a virtual table of a module other than
    /// FTS5 and for `CREATE TABLE … AS SELECT`, whose columns SQL does not declare.
    public var columns: [SQLSchemaColumn]
    /// The primary key's columns, in key order (a column's `PRIMARY KEY` or the table's).
    public var primaryKey: [String]
    /// `STRICT`.
    public var isStrict: Bool
    /// `WITHOUT ROWID`.
    public var isWithoutRowID: Bool
    /// Where it is created.
    public var location: SQLSourceLocation?

    public init(
        name: String, kind: Kind = .table, columns: [SQLSchemaColumn] = [], primaryKey: [String] = [],
        isStrict: Bool = false, isWithoutRowID: Bool = false, location: SQLSourceLocation? = nil
    ) {
        self.name = name
        self.kind = kind
        self.columns = columns
        self.primaryKey = primaryKey
        self.isStrict = isStrict
        self.isWithoutRowID = isWithoutRowID
        self.location = location
    }

    /// The column named `name`, compared as SQLite compares names (ASCII case-insensitively).
    public func column(named name: String) -> SQLSchemaColumn? {
        columns.first { SQLSchema.sameName($0.name, name) }
    }

    /// `todo(id INTEGER PRIMARY KEY, completedOn INTEGER AS Date)`.
    public var description: String {
        "\(name)(\(columns.map(\.description).joined(separator: ", ")))"
    }
}
