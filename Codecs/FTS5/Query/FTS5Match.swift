import CoddCore
import CoddQuery

extension TableDefinition where QueryValue: FTS5 {
    /// `"reminderTexts" MATCH ?`: rows matching a pattern built from user text.
    ///
    /// ```swift
    /// ReminderText.where { $0.match(FTS5Pattern(matchingAllTokensIn: "take out") ?? .nothing) }
    /// // SELECT … FROM "reminderTexts" WHERE ("reminderTexts" MATCH ?)   -- '"take" "out"'
    /// ```
    public func match(_ pattern: FTS5Pattern) -> FTS5Expression<Bool> {
        let qualifier = self.qualifier
        return FTS5Expression(isCompound: true) { builder in
            builder.fts5TableColumn(qualifier: qualifier, tableName: QueryValue.tableName)
            builder.keyword("MATCH")
            try builder.value(pattern.rawValue)
        }
    }

    /// `"reminderTexts" MATCH ?` with a pattern in FTS5's query syntax, checked when the
    /// statement renders: an invalid one throws `FTS5PatternError` instead of reaching
    /// SQLite (column filters must name the table's columns).
    ///
    /// ```swift
    /// $0.match("title:take* OR NEAR(trash bins, 3)")
    /// ```
    public func match(_ rawPattern: String) -> FTS5Expression<Bool> {
        let qualifier = self.qualifier
        return FTS5Expression(isCompound: true) { builder in
            try FTS5PatternValidator.validate(rawPattern, columns: QueryValue.fts5ColumnNames)
            builder.fts5TableColumn(qualifier: qualifier, tableName: QueryValue.tableName)
            builder.keyword("MATCH")
            try builder.value(rawPattern)
        }
    }

    /// `rank`: how well the row matches (lower is better), by the table's rank function
    /// (`bm25` unless configured). Order by it: `.order { $0.rank }`.
    public var rank: TableColumn<QueryValue, Double> {
        TableColumn(qualifier: qualifier, name: "rank")
    }

    /// `bm25("reminderTexts", ?, …)`: the BM25 score (lower is better), each column's
    /// matches weighted by its weight, in column order (missing weights are 1).
    ///
    /// ```swift
    /// $0.bm25(weights: [10, 1])     // bm25("reminderTexts", ?, ?)  -- 10.0, 1.0
    /// ```
    public func bm25(weights: [Double] = []) -> FTS5Expression<Double> {
        let qualifier = self.qualifier
        return FTS5Expression { builder in
            try builder.function("bm25") { builder in
                builder.listItem { $0.fts5TableColumn(qualifier: qualifier, tableName: QueryValue.tableName) }
                for weight in weights { try builder.listItem { try $0.value(weight) } }
            }
        }
    }

    /// `snippet("reminderTexts", -1, …)`: a fragment of whichever column matches best.
    public func snippet(
        _ open: String, _ close: String, _ ellipsis: String, _ maxTokens: Int
    ) -> FTS5Expression<String?> {
        FTS5Auxiliary.snippet(
            qualifier: qualifier, table: QueryValue.self, columnIndex: { -1 }, open, close, ellipsis, maxTokens)
    }
}

extension TableColumn where Root: FTS5 {
    /// `"reminderTexts"."title" MATCH ?`: rows whose column matches (FTS5 reads it as the
    /// column filter `{title} : (…)`).
    public func match(_ pattern: FTS5Pattern) -> FTS5Expression<Bool> {
        FTS5Expression(isCompound: true) { builder in
            try render(into: &builder)
            builder.keyword("MATCH")
            try builder.value(pattern.rawValue)
        }
    }

    /// `highlight("reminderTexts", 0, ?, ?)`: the column's text with every match between
    /// `open` and `close`.
    ///
    /// ```swift
    /// $0.title.highlight("**", "**")     // highlight("reminderTexts", 0, ?, ?)
    /// ```
    public func highlight(_ open: String, _ close: String) -> FTS5Expression<Value> {
        let qualifier = self.qualifier
        let index = columnIndex
        return FTS5Expression { builder in
            let column = try index()
            try builder.function("highlight") { builder in
                builder.listItem { $0.fts5TableColumn(qualifier: qualifier, tableName: Root.tableName) }
                builder.listItem { $0.integer(Int64(column)) }
                try builder.listItem { try $0.value(open) }
                try builder.listItem { try $0.value(close) }
            }
        }
    }

    /// `snippet("reminderTexts", 1, ?, ?, ?, ?)`: a fragment of the column of at most
    /// `maxTokens` tokens (1 to 64) around the matches, matches between `open` and `close`,
    /// `ellipsis` where text was cut.
    ///
    /// ```swift
    /// $0.notes.snippet("**", "**", "...", 64)   // snippet("reminderTexts", 1, ?, ?, ?, ?)
    /// ```
    public func snippet(_ open: String, _ close: String, _ ellipsis: String, _ maxTokens: Int) -> FTS5Expression<Value>
    {
        FTS5Auxiliary.snippet(
            qualifier: qualifier, table: Root.self, columnIndex: columnIndex, open, close, ellipsis, maxTokens)
    }

    /// The column's index among the FTS5 columns (what auxiliary functions take).
    var columnIndex: @Sendable () throws -> Int {
        let name = self.name
        return {
            guard let index = Root.fts5ColumnNames.firstIndex(of: name) else {
                throw SQLEncodingError(type: "FTS5", valuePreview: name, reason: "the rowid is not an FTS5 column")
            }
            return index
        }
    }
}

/// Calls shared by the table-wide and column forms.
enum FTS5Auxiliary {
    static func snippet<T: FTS5, V: SQLCustomType>(
        qualifier: String, table: T.Type, columnIndex: @escaping @Sendable () throws -> Int,
        _ open: String, _ close: String, _ ellipsis: String, _ maxTokens: Int
    ) -> FTS5Expression<V> {
        FTS5Expression { builder in
            let column = try columnIndex()
            try builder.function("snippet") { builder in
                builder.listItem { $0.fts5TableColumn(qualifier: qualifier, tableName: T.tableName) }
                builder.listItem { $0.integer(Int64(column)) }
                try builder.listItem { try $0.value(open) }
                try builder.listItem { try $0.value(close) }
                try builder.listItem { try $0.value(ellipsis) }
                try builder.listItem { try $0.value(maxTokens) }
            }
        }
    }
}
