import CoddSchema

/// A column of a FROM source: a table's, a subquery's or a CTE's.
package struct DerivedColumn: Sendable {
    package var name: String
    package var type: ValueType
    package var isNullable: Bool
    package var isHidden: Bool = false
    /// The collation the column compares in: a table column's declared one, or a
    /// subquery's or CTE's result expression's.
    package var collation: String? = nil
}

/// A source of a FROM clause, under the name queries qualify its columns with.
package struct ScopeSource: Sendable {
    package var id: Int
    /// The alias, or the table's name.
    package var name: String
    package var columns: [DerivedColumn]
    /// Whether it is on the outer side of an outer join: its columns may all be NULL.
    package var isNullable: Bool
    /// The base table, when the source is one (for embedding its row type and keys).
    package var table: CatalogTable?
    /// Columns a USING or NATURAL join merged into a source to the left: `*` leaves them
    /// out here, and an unqualified name means the left one.
    package var mergedColumns: Set<String> = []
    /// A table that does not exist (already reported): names reaching it are not reported
    /// again.
    package var isUnknown = false

    package func column(named name: String) -> DerivedColumn? {
        columns.first { SQLSchema.sameName($0.name, name) }
    }
}

/// What names mean at one level of a query: its FROM sources, the CTEs in reach, the
/// result columns' aliases, and the enclosing query for correlated subqueries.
package final class Scope {
    package let parent: Scope?
    package var sources: [ScopeSource] = []
    /// CTEs by folded name.
    package var commonTables: [String: ScopeSource] = [:]
    /// Result column aliases, visible in WHERE, GROUP BY, HAVING and ORDER BY.
    package var aliases: [String: ExprType] = [:]
    /// GROUP BY present: an aggregate's group is never empty.
    package var isGrouped = false
    /// Aggregate calls of this level (not inside subqueries).
    package var aggregateCount = 0
    /// Named windows (`WINDOW w AS (…)`).
    package var windows: Set<String> = []

    package init(parent: Scope?) {
        self.parent = parent
    }

    package func commonTable(named name: String) -> ScopeSource? {
        commonTables[SchemaCatalog.folded(name)] ?? parent?.commonTable(named: name)
    }
}
