import CoddCore

/// One common table expression of a ``With``: `"name" AS (SELECT …)`, the name being the
/// table name of the statement's row type.
///
/// The ``CommonTableExpressionBuilder`` makes one of each SELECT (or seed row) it is given;
/// build one yourself to give SQLite a materialization hint:
///
/// ```swift
/// With {
///     Reminder.where { $0.isCompleted }.select { CompletedReminder.Columns(id: $0.id) }.materialized()
/// } query: {
///     CompletedReminder.all
/// }
/// // WITH "completedReminders" AS MATERIALIZED (SELECT …) SELECT … FROM "completedReminders"
/// ```
public struct CommonTableExpressionClause: Sendable {
    /// The table name the rest of the statement reads the rows under.
    let tableName: String
    let statement: any SQLStatement
    var materialization: Materialization?

    enum Materialization: Sendable {
        case materialized, notMaterialized
    }

    /// The rows of `statement`, named by its row type's table name.
    public init<Row: Table, Tables: TableList>(_ statement: Select<Row, Tables>) {
        self.tableName = Row.tableName
        self.statement = statement
    }

    /// `AS MATERIALIZED`: SQLite computes the rows once, into a temporary table, even where
    /// it would otherwise fold the CTE into the query that reads it (SQLite 3.35).
    public func materialized() -> Self {
        var copy = self
        copy.materialization = .materialized
        return copy
    }

    /// `AS NOT MATERIALIZED`: SQLite may fold the CTE into each query that reads it, as it
    /// would a view (SQLite 3.35).
    public func notMaterialized() -> Self {
        var copy = self
        copy.materialization = .notMaterialized
        return copy
    }

    func render(into builder: inout SQLBuilder) throws {
        builder.identifier(tableName)
        builder.keyword("AS")
        switch materialization {
        case .materialized?:
            builder.require(.materializationHint)
            builder.keyword("MATERIALIZED")
        case .notMaterialized?:
            builder.require(.materializationHint)
            builder.keyword("NOT MATERIALIZED")
        case nil:
            break
        }
        try builder.parenthesized { try statement.renderStatement(into: &$0) }
    }
}

extension SQLFeatureRequirement {
    /// `AS MATERIALIZED` / `AS NOT MATERIALIZED` in a common table expression.
    public static let materializationHint = SQLFeatureRequirement(
        "a common table expression's MATERIALIZED or NOT MATERIALIZED hint", sqlite: 3, 35
    )
}

/// Collects the common table expressions of a ``With``: SELECTs whose rows are a table
/// type (usually one marked `@Table @Selection`), a row value of such a type (one row,
/// `SELECT 1 AS "value"`), or clauses built with a materialization hint.
@resultBuilder
public enum CommonTableExpressionBuilder {
    /// A SELECT of a table type's rows: `"name" AS (SELECT …)`.
    public static func buildExpression<Row: Table, Tables: TableList>(
        _ statement: Select<Row, Tables>
    ) -> [CommonTableExpressionClause] {
        [CommonTableExpressionClause(statement)]
    }

    /// One row of values: `"counts" AS (SELECT 1 AS "value")`.
    public static func buildExpression<Row: Table & Selection>(
        _ row: Row
    ) -> [CommonTableExpressionClause] where Row.Columns: TableSelectionColumns {
        [CommonTableExpressionClause(row.selectStatement)]
    }

    /// A clause with a materialization hint.
    public static func buildExpression(_ clause: CommonTableExpressionClause) -> [CommonTableExpressionClause] {
        [clause]
    }

    public static func buildBlock(_ clauses: [CommonTableExpressionClause]...) -> [CommonTableExpressionClause] {
        clauses.flatMap { $0 }
    }
}

extension Select where Columns: Table {
    /// This SELECT as a common table expression computed once (`AS MATERIALIZED`).
    public func materialized() -> CommonTableExpressionClause {
        CommonTableExpressionClause(self).materialized()
    }

    /// This SELECT as a common table expression SQLite may fold into the query (`AS NOT MATERIALIZED`).
    public func notMaterialized() -> CommonTableExpressionClause {
        CommonTableExpressionClause(self).notMaterialized()
    }
}

// MARK: - Recursive common table expressions

extension Table where Self: Selection, Columns: TableSelectionColumns {
    /// The row as a SELECT of its values, reading no table: `SELECT 1 AS "value"`.
    var selectStatement: SelectOf<Self> {
        var select = SelectOf<Self>(table: Self.self)
        select.core.select(Columns(self))
        select.core.readsNoTable = true
        return select
    }

    /// This row, then the rows of `other`: the seed row and the recursive step of a
    /// recursive CTE. `all: true` keeps duplicates (`UNION ALL`); `all: false` drops them
    /// (`UNION`), which also ends a walk that comes back to a row it has seen.
    ///
    /// ```swift
    /// Counts(value: 1).union(all: true, Counts.select { Counts.Columns(value: $0.value + 1) })
    /// // SELECT 1 AS "value" UNION ALL SELECT ("counts"."value" + 1) AS "value" FROM "counts"
    /// ```
    public func union<Other: TableList>(all: Bool, _ other: Select<Self, Other>) -> SelectOf<Self> {
        selectStatement.union(all: all, other)
    }
}

extension Select {
    /// `… UNION ALL …` when `all`, else `… UNION …`: the spelling of a recursive CTE's step.
    public func union<T: TableList>(all: Bool, _ other: Select<Columns, T>) -> Self {
        all ? unionAll(other) : union(other)
    }
}
