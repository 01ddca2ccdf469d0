import CoddCore
import CoddQuery

/// An expression of the FTS5 module: a `MATCH`, an auxiliary function call (`bm25`,
/// `highlight`, `snippet`). It is a DSL expression like any other: it orders, compares and
/// selects.
public struct FTS5Expression<QueryValue: SQLCustomType>: SQLQueryExpression, SQLOrderable {
    let body: @Sendable (inout SQLBuilder) throws -> Void
    public let isCompound: Bool

    init(isCompound: Bool = false, _ body: @escaping @Sendable (inout SQLBuilder) throws -> Void) {
        self.isCompound = isCompound
        self.body = body
    }

    public func render(into builder: inout SQLBuilder) throws {
        try builder.require(.fts5, "FTS5 full-text search")
        try body(&builder)
    }
}

extension SQLBuilder {
    /// The hidden column FTS5 names after the table (`"reminderTexts"`, or
    /// `"r"."reminderTexts"` under the alias `r`): the left side of a table-wide `MATCH` and
    /// the first argument of every auxiliary function.
    mutating func fts5TableColumn(qualifier: String, tableName: String) {
        column(qualifier, tableName)
    }
}
