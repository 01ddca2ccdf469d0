/// A table created as a virtual table (`CREATE VIRTUAL TABLE … USING module(…)`) whose
/// arguments the Swift type declares (an FTS5 table's tokenizer and options).
///
/// Schema validation (`validate(_:schema:)` in CoddMigrations) hands the live table's
/// `CREATE VIRTUAL TABLE` statement to ``virtualTableDifferences(fromLiveDefinition:)`` and
/// reports each difference: the module that reads the arguments is the one that can tell
/// which spellings mean the same (`tokenize = 'trigram'` and `tokenize="trigram"`).
public protocol VirtualTable: Table {
    /// The differences between the arguments this type declares and those of `sql`, the
    /// live table's `CREATE VIRTUAL TABLE` statement as the database keeps it; empty when
    /// they agree. Each names the argument (`tokenize`), what the Swift type declares and
    /// what the database has.
    static func virtualTableDifferences(fromLiveDefinition sql: String) -> [VirtualTableDifference]
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
