import CoddCore
import CoddQuery

extension FTS5 {
    /// The DDL that creates the table.
    ///
    /// ```swift
    /// ReminderText.createTable()
    /// // CREATE VIRTUAL TABLE "reminderTexts" USING fts5("title", "notes", "tags", tokenize = 'trigram')
    /// ```
    ///
    /// Run it with `execute(db)` from `CoddFTS5SQLite`, which first checks that the
    /// running SQLite has every option (`SQLUnsupportedFeatureError`).
    public static func createTable(ifNotExists: Bool = false) -> FTS5CreateTable {
        FTS5CreateTable(
            tableName: tableName, columns: fts5ColumnNames, options: Self.fts5Options.rendering,
            ifNotExists: ifNotExists, requirements: Self.fts5Options.requirements
        )
    }
}

extension FTS5Options {
    /// The options with their column names resolved, for rendering.
    var rendering: FTS5CreateTable.Options {
        FTS5CreateTable.Options(
            tokenizer: tokenizer, unindexedColumns: unindexedColumns, unknownColumnCount: unknownColumnCount,
            prefixes: prefixes, content: content, columnSize: columnSize, detail: detail
        )
    }
}

/// `CREATE VIRTUAL TABLE … USING fts5(…)`: a statement that is only ever rendered with its
/// values inline (DDL takes no parameters).
public struct FTS5CreateTable: FTS5Statement {
    struct Options: Sendable {
        var tokenizer: FTS5Tokenizer?
        var unindexedColumns: [String]
        var unknownColumnCount: Int
        var prefixes: [Int]
        var content: FTS5Content
        var columnSize: Bool?
        var detail: FTS5Detail?
    }

    /// The table's name.
    public let tableName: String
    /// The FTS5 columns, in order.
    public let columns: [String]
    let options: Options
    let ifNotExists: Bool
    /// What the statement needs of the running SQLite.
    public let requirements: [SQLFeatureRequirement]

    /// The statement's SQL.
    ///
    /// - Throws: `SQLEncodingError` for an `UNINDEXED` key path that names no column, a
    ///   prefix length outside 1…999, or NUL in an option.
    public func sql() throws -> String {
        var builder = SQLBuilder(mode: .inlineLiterals)
        builder.keyword(ifNotExists ? "CREATE VIRTUAL TABLE IF NOT EXISTS" : "CREATE VIRTUAL TABLE")
        builder.identifier(tableName)
        builder.keyword("USING")
        try builder.function("fts5") { builder in
            for column in columns {
                builder.listItem {
                    $0.identifier(column)
                    if options.unindexedColumns.contains(column) { $0.keyword("UNINDEXED") }
                }
            }
            try renderOptions(into: &builder)
        }
        return builder.sql
    }

    private func renderOptions(into builder: inout SQLBuilder) throws {
        if options.unknownColumnCount > 0 {
            throw SQLEncodingError(
                type: "FTS5", valuePreview: tableName, reason: "an UNINDEXED key path names no column")
        }
        if let tokenizer = options.tokenizer {
            try builder.listItem { try tokenizer.render(into: &$0) }
        }
        if !options.prefixes.isEmpty {
            guard options.prefixes.allSatisfy({ (1...999).contains($0) }) else {
                throw SQLEncodingError(
                    type: "FTS5", valuePreview: "\(options.prefixes)", reason: "prefix lengths are 1 to 999")
            }
            builder.listItem {
                $0.keyword("prefix =")
                $0.text(options.prefixes.map(String.init).joined(separator: " "))
            }
        }
        switch options.content {
        case .stored:
            break
        case .external(let table, let rowID):
            try FTS5Arguments.requireNoNUL(table, in: "content")
            builder.listItem {
                $0.keyword("content =")
                $0.text(table)
            }
            if let rowID {
                try FTS5Arguments.requireNoNUL(rowID, in: "content_rowid")
                // FTS5 quotes the name itself ('my id' and 'order' work; '"id"' does not).
                builder.listItem {
                    $0.keyword("content_rowid =")
                    $0.text(rowID)
                }
            }
        case .contentless(let deletable):
            builder.listItem { $0.keyword("content = ''") }
            if deletable { builder.listItem { $0.keyword("contentless_delete = 1") } }
        }
        if let columnSize = options.columnSize {
            builder.listItem { $0.keyword(columnSize ? "columnsize = 1" : "columnsize = 0") }
        }
        if let detail = options.detail {
            builder.listItem {
                switch detail {
                case .full: $0.keyword("detail = full")
                case .column: $0.keyword("detail = column")
                case .none: $0.keyword("detail = none")
                }
            }
        }
    }
}
