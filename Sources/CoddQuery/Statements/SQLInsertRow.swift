import CoddCore

/// A row to insert into `T`: a whole row, or a draft whose key SQLite assigns.
public enum SQLInsertRow<T: PrimaryKeyedTable>: Sendable {
    case row(T)
    case draft(T.Draft)

    var isDraft: Bool {
        if case .draft = self { return true }
        return false
    }

    var row: T? {
        if case .row(let row) = self { return row }
        return nil
    }

    var draft: T.Draft? {
        if case .draft(let draft) = self { return draft }
        return nil
    }
}

/// The values of one row of an INSERT of several kinds of rows, by column name.
protocol SQLInsertRowValues: Sendable {
    /// Renders the value of each of `columns` as list items: the row's, or NULL for a
    /// column it lacks (a draft's key).
    func renderValues(columns: [String], into builder: inout SQLBuilder) throws
}

extension SQLInsertRow: SQLInsertRowValues {
    func renderValues(columns: [String], into builder: inout SQLBuilder) throws {
        switch self {
        case .row(let row):
            try row.renderColumnValues(into: &builder)
        case .draft(let draft):
            let names = T.Draft.TableColumns.columnNames
            let values = try draft.columnValues()
            for column in columns {
                try builder.listItem { builder in
                    if let index = names.firstIndex(of: column), index < values.count {
                        try values[index].render(into: &builder)
                    } else {
                        builder.null()
                    }
                }
            }
        }
    }
}

/// Builds the rows of `insert { … }`: rows and drafts of `T`, one an expression, with
/// `if`, `for` and arrays.
@resultBuilder
public enum SQLInsertRowsBuilder<T: PrimaryKeyedTable> {
    public static func buildExpression(_ row: T) -> [SQLInsertRow<T>] { [.row(row)] }
    public static func buildExpression(_ draft: T.Draft) -> [SQLInsertRow<T>] { [.draft(draft)] }
    public static func buildExpression(_ rows: [T]) -> [SQLInsertRow<T>] { rows.map { .row($0) } }
    public static func buildExpression(_ drafts: [T.Draft]) -> [SQLInsertRow<T>] { drafts.map { .draft($0) } }
    public static func buildBlock(_ parts: [SQLInsertRow<T>]...) -> [SQLInsertRow<T>] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [SQLInsertRow<T>]?) -> [SQLInsertRow<T>] { part ?? [] }
    public static func buildEither(first part: [SQLInsertRow<T>]) -> [SQLInsertRow<T>] { part }
    public static func buildEither(second part: [SQLInsertRow<T>]) -> [SQLInsertRow<T>] { part }
    public static func buildArray(_ parts: [[SQLInsertRow<T>]]) -> [SQLInsertRow<T>] { parts.flatMap { $0 } }
}
