// CoddGRDB: Codd statements executed on GRDB's connections (docs/GRDB.md).
//
// `SQLStatement.execute(_:)`, `SQLSelectStatement.fetchAll(_:)` / `fetchOne(_:)` and
// `Select.fetchCount(_:)` and `FTS5Statement.execute(_:)` take GRDB's `Database`, inside any `DatabaseQueue` or
// `DatabasePool` access. GRDB prepares and steps the statement; Codd binds its values and
// decodes its rows with its own column reader on the same `sqlite3_stmt`.
