import Codd
import InlineSnapshotTesting

/// Snapshots, inline, the SQL `query` renders and the rows it returns from `database`,
/// drawn as a table (see ``resultTable(_:)``): the DSL, the exact SQL and the answer side
/// by side.
///
/// ```swift
/// assertQuery(Reminder.where { $0.isCompleted }.select(\.title), in: database) {
///     """
///     SELECT "title" FROM "reminders" WHERE "isCompleted"
///     """
/// } results: {
///     """
///     ┌────────────┐
///     │ "Call mom" │
///     └────────────┘
///     """
/// }
/// ```
///
/// A SELECT runs in a read transaction; an INSERT, UPDATE or DELETE in a write
/// transaction, which commits. A write without `RETURNING` has no `results:` snapshot; a
/// query that returns nothing shows `(no rows)`, and an error thrown while running shows
/// as `Error: …`. `mode` chooses the SQL snapshot's form: `?` placeholders (what executes,
/// the default) or inlined literals.
///
/// A missing snapshot is written into the test's source and fails (record mode, for
/// writing snapshots only: CI runs with `SNAPSHOT_TESTING_RECORD=never`); a snapshot that
/// differs fails at its closure with a diff.
public func assertQuery<S: SQLSelectStatement>(
    _ query: S,
    in database: Database,
    rendering mode: SQLBuilder.Mode = .parameters,
    sql: (() -> String)? = nil,
    results: (() -> String)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    let run = { (db: Connection) in try query.fetchAll(db) }
    assertQuery(
        query,
        rows: { query is any ReadOnlyStatement ? try database.read(run) : try database.write(run) },
        rendering: mode, sql: sql, results: results,
        fileID: fileID, filePath: filePath, function: function, line: line, column: column
    )
}

/// The same snapshots on a connection: the statement runs inside the caller's transaction.
public func assertQuery<S: SQLSelectStatement>(
    _ query: S,
    in db: Connection,
    rendering mode: SQLBuilder.Mode = .parameters,
    sql: (() -> String)? = nil,
    results: (() -> String)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    assertQuery(
        query,
        rows: { try query.fetchAll(db) },
        rendering: mode, sql: sql, results: results,
        fileID: fileID, filePath: filePath, function: function, line: line, column: column
    )
}

/// The statements that only read, run in a read transaction.
private protocol ReadOnlyStatement {}
extension Select: ReadOnlyStatement {}
extension With: ReadOnlyStatement where Base: ReadOnlyStatement {}

private func assertQuery<S: SQLSelectStatement>(
    _ query: S,
    rows: () throws -> [S.Row.Fetched],
    rendering mode: SQLBuilder.Mode,
    sql: (() -> String)?,
    results: (() -> String)?,
    fileID: StaticString,
    filePath: StaticString,
    function: StaticString,
    line: UInt,
    column: UInt
) {
    assertInlineSnapshot(
        of: renderedSQL(query, mode: mode),
        as: .lines,
        message: "SQL did not match",
        syntaxDescriptor: InlineSnapshotSyntaxDescriptor(trailingClosureLabel: "sql", trailingClosureOffset: 0),
        matches: sql,
        fileID: fileID,
        file: filePath,
        function: function,
        line: line,
        column: column
    )
    let table: String
    do {
        let fetched = try rows()
        // A write without RETURNING: nothing to show unless a snapshot was written.
        if S.Row.columnCount == 0 && fetched.isEmpty && results == nil { return }
        table = resultTable(fetched)
    } catch {
        table = "Error: \(error)"
    }
    assertInlineSnapshot(
        of: table,
        as: .lines,
        message: "Results did not match",
        syntaxDescriptor: InlineSnapshotSyntaxDescriptor(trailingClosureLabel: "results", trailingClosureOffset: 1),
        matches: results,
        fileID: fileID,
        file: filePath,
        function: function,
        line: line,
        column: column
    )
}
