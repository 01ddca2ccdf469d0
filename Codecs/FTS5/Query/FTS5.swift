import CoddCore
import CoddQuery

/// An FTS5 virtual table: a `@Table` whose columns are indexed for full-text search.
///
/// ```swift
/// @Table
/// struct ReminderText: FTS5 {
///     let rowid: Int
///     let title: String
///     let notes: String
///     let tags: String
///     static let fts5Options = FTS5Options<ReminderText>(tokenizer: .trigram())
/// }
/// ReminderText.createTable()
/// // CREATE VIRTUAL TABLE "reminderTexts" USING fts5("title", "notes", "tags", tokenize = 'trigram')
/// ```
///
/// A property named `rowid` reads FTS5's rowid; it is not an indexed column.
public protocol FTS5: VirtualTable {
    /// The table's options: tokenizer, `UNINDEXED` columns, prefix indexes, content, ….
    static var fts5Options: FTS5Options<Self> { get }
}

extension FTS5 {
    public static var fts5Options: FTS5Options<Self> { FTS5Options() }

    /// The names of the indexed (and unindexed) FTS5 columns, in order: every column but
    /// the rowid. A column's index in this list is what `highlight` and `snippet` take.
    public static var fts5ColumnNames: [String] {
        TableColumns.columnNames.filter { !FTS5Names.isRowIDAlias($0) }
    }
}

/// Names FTS5 gives a meaning of their own.
enum FTS5Names {
    /// `rowid`, `oid` and `_rowid_` read the rowid, never an FTS5 column.
    static func isRowIDAlias(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower == "rowid" || lower == "oid" || lower == "_rowid_"
    }
}
