import CoddCore

// Table-valued functions as sources (a codec's DSL reads them: CoddJSONQuery's `json_each`
// and `json_tree`): `FROM json_each(?)`, `JOIN json_each("notes"."tags")`.

extension SelectCore {
    /// A statement reading the rows of `call`, a table-valued function whose columns are
    /// `columns`, qualified by `name` (`"json_each"."value"`).
    package static func reading(tableFunction call: any SQLExpression, name: String, columns: any TableDefinition.Type)
        -> SelectCore
    {
        var core = SelectCore(tableName: name, columns: columns)
        core.sources[0].tableFunction = call
        return core
    }

    /// This statement joined with the rows of a table-valued function call that reads the
    /// statement's tables (its qualifiers are `qualifiers`): `JOIN json_each("notes"."tags")`,
    /// or `LEFT JOIN … ON 1`, which keeps a row whose call gives none.
    package func joining(
        tableFunction call: any SQLExpression, name: String, columns: any TableDefinition.Type, outer: Bool,
        token: String
    ) -> SelectCore {
        var core = self
        var source = Source(
            tableName: name, alias: nil, token: token, join: outer ? "LEFT JOIN" : "JOIN", columns: columns)
        source.tableFunction = call
        if outer { source.condition = SQLBoolLiteral(true) }
        core.sources.append(source)
        return core
    }

    /// A fresh qualifier token, for a source added to a statement.
    package static func newToken() -> String {
        Lineage.token(Lineage.next())
    }
}

extension Select {
    /// The qualifier tokens of the statement's tables, in order: what closures' columns are
    /// qualified with.
    package var sourceTokens: [String] { core.sources.map(\.token) }
}

extension Table {
    /// A statement that starts from the default scope, as every entry point does: for a
    /// codec's DSL that adds entry points (`Note.join(each:)`).
    package static var scopedStatement: SelectOf<Self> { scoped }
}
