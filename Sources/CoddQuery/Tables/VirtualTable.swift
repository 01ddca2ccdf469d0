/// A table created as a virtual table (`CREATE VIRTUAL TABLE … USING module(…)`) whose
/// arguments the Swift type declares (an FTS5 table's tokenizer and options).
///
/// Schema validation (`validate(_:schema:)` in CoddMigrations) hands the live table's
/// `CREATE VIRTUAL TABLE` statement to ``virtualTableDifferences(fromLiveDefinition:)`` and
/// reports each difference: the module that reads the arguments is the one that can tell
/// which spellings mean the same (`tokenize = 'trigram'` and `tokenize="trigram"`). It asks
/// ``virtualTableColumnValues(fromLiveDefinition:)`` which columns can read NULL.
public protocol VirtualTable: Table {
    /// The differences between the arguments this type declares and those of `sql`, the
    /// live table's `CREATE VIRTUAL TABLE` statement as the database keeps it; empty when
    /// they agree. Each names the argument (`tokenize`), what the Swift type declares and
    /// what the database has.
    static func virtualTableDifferences(fromLiveDefinition sql: String) -> [VirtualTableDifference]

    /// Where the live table's column values come from (`sql` as above), for validation's
    /// check that a column which can read NULL has an optional property.
    static func virtualTableColumnValues(fromLiveDefinition sql: String) -> VirtualTableColumnValues
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
