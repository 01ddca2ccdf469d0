import CoddCore
import CoddQuery

/// The options of an FTS5 table, after its columns in `CREATE VIRTUAL TABLE … USING fts5(…)`.
///
/// ```swift
/// FTS5Options<ReminderText>(
///     tokenizer: .porter(),
///     unindexed: [\.tags],
///     prefixes: [2, 3],
///     content: .external(table: "reminders", rowID: "id"),
///     detail: .column
/// )
/// // fts5("title", "notes", "tags" UNINDEXED, tokenize = 'porter', prefix = '2 3',
/// //      content = 'reminders', content_rowid = 'id', detail = column)
/// ```
public struct FTS5Options<T: FTS5>: Sendable {
    /// `tokenize`; FTS5's default (`unicode61`) when `nil`.
    public var tokenizer: FTS5Tokenizer?
    /// The columns marked `UNINDEXED`: stored, returned, never searched.
    public var unindexedColumns: [String]
    /// `prefix`: the prefix lengths (in characters) FTS5 keeps extra indexes for, so
    /// `tag*` queries are fast.
    public var prefixes: [Int]
    /// Where FTS5 keeps the column values.
    public var content: FTS5Content
    /// `columnsize`: `false` renders `columnsize = 0` (smaller index; `bm25` reads the
    /// content instead).
    public var columnSize: Bool?
    /// `detail`: how much position information the index keeps.
    public var detail: FTS5Detail?
    /// Key paths given for `unindexed` that name no column.
    let unknownColumnCount: Int

    public init(
        tokenizer: FTS5Tokenizer? = nil,
        unindexed: [PartialKeyPath<T.TableColumns>] = [],
        prefixes: [Int] = [],
        content: FTS5Content = .stored,
        columnSize: Bool? = nil,
        detail: FTS5Detail? = nil
    ) {
        let columns = T.TableColumns(qualifier: T.tableName)
        let names = unindexed.compactMap { (columns[keyPath: $0] as? any FTS5NamedColumn)?.columnName }
        self.tokenizer = tokenizer
        self.unindexedColumns = names
        self.unknownColumnCount = unindexed.count - names.count
        self.prefixes = prefixes
        self.content = content
        self.columnSize = columnSize
        self.detail = detail
    }

    /// What the options need of the running SQLite.
    public var requirements: [SQLFeatureRequirement] {
        var requirements = tokenizer?.requirements ?? []
        if case .contentless(deletable: true) = content { requirements.append(.contentlessDelete) }
        return requirements
    }
}

/// Where an FTS5 table keeps its column values.
public enum FTS5Content: Sendable, Hashable {
    /// In the FTS5 table itself (the default).
    case stored
    /// In another table, read by rowid (`content = 'reminders', content_rowid = 'id'`);
    /// keep the index in step with ``FTS5/syncTriggers(from:rowID:temporary:values:)``.
    /// `rowID` is the content table's INTEGER PRIMARY KEY (its rowid when `nil`).
    case external(table: String, rowID: String?)
    /// Nowhere (`content = ''`): only the index is kept, and columns read as NULL.
    /// `deletable` adds `contentless_delete = 1` (SQLite 3.43), so rows can be deleted
    /// and updated.
    case contentless(deletable: Bool)

    /// The content is another table: `.externalContent(Reminder.self)`, read by the
    /// table's primary key when it has one named by `rowID`.
    public static func externalContent<C: Table>(_ table: C.Type, rowID: String? = nil) -> FTS5Content {
        .external(table: C.tableName, rowID: rowID)
    }
}

/// `detail`: the position information FTS5 keeps.
public enum FTS5Detail: String, Sendable, Hashable {
    /// Every token's column and offset (the default): phrases and NEAR work.
    case full
    /// Columns only: no phrase or NEAR queries.
    case column
    /// Rows only: no column filters, phrases or NEAR.
    case none
}

/// A column that can name itself, so a key path to it can be resolved to its SQL name.
protocol FTS5NamedColumn {
    var columnName: String { get }
}

extension TableColumn: FTS5NamedColumn {
    var columnName: String { name }
}
