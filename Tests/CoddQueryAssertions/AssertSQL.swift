import Codd
import InlineSnapshotTesting

/// Snapshots the SQL `statement` renders, inline: in the parameter form that executes
/// (`?` placeholders) by default, or with values inlined as literals (the form of
/// `description`, triggers and views).
///
/// ```swift
/// assertSQL(ScopedReminder.all) {
///     """
///     SELECT "id", "title", "isCompleted", "deletedAt" FROM "reminders" WHERE ("deletedAt" IS NOT NULL)
///     """
/// }
/// ```
///
/// Without the trailing closure (or when run with `SNAPSHOT_TESTING_RECORD=failed`), the
/// SQL is written into the test's source; recording is for writing snapshots, never for CI.
public func assertSQL(
    _ statement: some SQLStatement,
    rendering mode: SQLBuilder.Mode = .parameters,
    matches sql: (() -> String)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    assertInlineSnapshot(
        of: renderedSQL(statement, mode: mode),
        as: .lines,
        message: "SQL did not match",
        syntaxDescriptor: InlineSnapshotSyntaxDescriptor(trailingClosureLabel: "matches", trailingClosureOffset: 0),
        matches: sql,
        fileID: fileID,
        file: filePath,
        function: function,
        line: line,
        column: column
    )
}

/// The SQL of `statement` in `mode`, or the error that stopped it rendering.
func renderedSQL(_ statement: some SQLStatement, mode: SQLBuilder.Mode) -> String {
    do {
        return try statement.fragment(mode: mode).sql
    } catch {
        return "<cannot render: \(error)>"
    }
}
