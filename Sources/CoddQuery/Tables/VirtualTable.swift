/// A table created as a virtual table (`CREATE VIRTUAL TABLE … USING module(…)`) whose
/// arguments the Swift type declares (an FTS5 table's tokenizer and options).
///
/// Schema validation (`validate(_:schema:)` in CoddMigrations) reads the live table's
/// `CREATE VIRTUAL TABLE` statement into a ``VirtualTableDefinition`` (its module and
/// arguments, as SQLite splits them), hands it to ``virtualTableDifferences(from:)`` and
/// reports each difference: the module that reads the arguments is the one that can tell
/// which spellings mean the same (`tokenize = 'trigram'` and `tokenize="trigram"`). It asks
/// ``virtualTableColumnValues(from:)`` which columns can read NULL.
public protocol VirtualTable: Table {
    /// The differences between the arguments this type declares and those of `live`, the
    /// live table's definition; empty when they agree. Each names the argument (`tokenize`),
    /// what the Swift type declares and what the database has.
    static func virtualTableDifferences(from live: VirtualTableDefinition) -> [VirtualTableDifference]

    /// Where the live table's column values come from, for validation's check that a column
    /// which can read NULL has an optional property.
    static func virtualTableColumnValues(from live: VirtualTableDefinition) -> VirtualTableColumnValues
}

extension VirtualTable {
    /// ``virtualTableDifferences(from:)`` for `sql`, the live table's statement as the
    /// database keeps it (`sqlite_schema.sql`); SQL that is not a `CREATE VIRTUAL TABLE`
    /// statement is one difference, of the argument `definition`.
    public static func virtualTableDifferences(fromLiveDefinition sql: String) -> [VirtualTableDifference] {
        guard let live = VirtualTableDefinition(sql: sql) else {
            return [.init(argument: "definition", expected: "a CREATE VIRTUAL TABLE statement", found: sql)]
        }
        return virtualTableDifferences(from: live)
    }

    /// ``virtualTableColumnValues(from:)`` for `sql`, the live table's statement;
    /// ``VirtualTableColumnValues/asWritten`` when it cannot be read (its differences say so).
    public static func virtualTableColumnValues(fromLiveDefinition sql: String) -> VirtualTableColumnValues {
        VirtualTableDefinition(sql: sql).map(virtualTableColumnValues(from:)) ?? .asWritten
    }
}

/// One argument of a virtual table on which the Swift type and the database disagree.
public struct VirtualTableDifference: Sendable, Equatable {
    /// The argument: an option's key (`tokenize`), or a column's name for its flags.
    public var argument: String
    /// What the Swift type declares (`tokenize = 'porter unicode61'`).
    public var expected: String
    /// What the database has (`tokenize = 'trigram'`, or `no detail option (detail = full)`).
    public var found: String

    public init(argument: String, expected: String, found: String) {
        self.argument = argument
        self.expected = expected
        self.found = found
    }
}

/// Where a virtual table's column values come from, which decides whether a column can read
/// NULL: a virtual table declares no `NOT NULL` of its own.
public enum VirtualTableColumnValues: Sendable, Equatable {
    /// The table stores what is written to it: a column admits NULL as the Swift type says
    /// (Codd writes no NULL for a property that is not optional).
    case asWritten
    /// Read from this table, by rowid (an FTS5 table's external content): a column admits
    /// NULL as that table's column of the same name does.
    case contentTable(String)
    /// Not stored (an FTS5 contentless table): every column reads NULL.
    case notStored
}
