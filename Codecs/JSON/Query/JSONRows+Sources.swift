import CoddCore
import CoddJSON
import CoddQuery

// Where the rows of `json_each` and `json_tree` come from: a Swift array bound as one JSON
// parameter (`FROM json_each(?)`), or a JSON column of the rows of another table
// (`JOIN json_each("notes"."tags")`).

extension JSONRows where Options == StandardJSONOptions {
    /// The rows of `value` bound as one JSON parameter: `FROM json_each(?)`. One statement for
    /// any number of values (no `IN (?, ?, …)` of one parameter each):
    ///
    /// ```swift
    /// let ids = JSONEach.elements(of: [3, 1, 2]).select { $0.value.stored }
    /// Note.where { $0.id.in(ids) }
    /// // WHERE ("id" IN (SELECT "value" FROM json_each(?)))      bound '[3,1,2]'
    /// Tag.insert({ $0.name }, select: JSONEach.elements(of: names).select { $0.value.stored })
    /// // INSERT INTO "tags" ("name") SELECT "value" FROM json_each(?)
    /// ```
    public static func elements(of elements: [Element]) -> SelectOf<JSONRows>
    where Function == JSONEachFunction, Element: Encodable {
        rows(of: elements)
    }

    /// The rows of any `Encodable` value bound as one JSON parameter.
    public static func rows(of value: some Encodable & Sendable) -> SelectOf<JSONRows> {
        SelectOf<JSONRows>(
            core: .reading(
                tableFunction: SQLJSONTableCall<Function>(argument: SQLJSONBoundDocument<Options>(value: value)),
                name: Function.tableName, columns: TableColumns.self
            ))
    }
}

extension Select {
    /// `JOIN json_each(document)`: each row of this statement's table with each element of
    /// the JSON array `document` reads from it (a JSON column, or a path into one); a row
    /// whose array is empty is left out.
    ///
    /// ```swift
    /// Note.join(each: { $0.tags }).where { _, tag in tag.value == "urgent" }
    /// // FROM "notes" JOIN json_each("notes"."tags") WHERE ("json_each"."value" = ?)
    /// ```
    public func join<A, Element: Sendable, Options: JSONCodingOptions>(
        each document: (A.Columns) -> SQLJSONPath<[Element], Options>
    ) -> Select<
        SQLRow2<A.Row, JSONEach<Element, Options>>, SQLTables.Two<A, SQLTables.Inner<JSONEach<Element, Options>>>
    >
    where Tables == SQLTables.One<A>, Columns == A.Row {
        let array = document(A.columns(qualifier: sourceTokens[0]))
        return Select<
            SQLRow2<A.Row, JSONEach<Element, Options>>, SQLTables.Two<A, SQLTables.Inner<JSONEach<Element, Options>>>
        >(
            core: core.joining(
                tableFunction: SQLJSONTableCall<JSONEachFunction>(argument: array), name: JSONEachFunction.tableName,
                columns: JSONEach<Element, Options>.TableColumns.self, outer: false, token: SelectCore.newToken()
            )
        )
    }

    /// `JOIN json_each(document)` over a JSON column of an array: stored as text or JSONB,
    /// optional or not (a NULL document has no elements, so its row is left out).
    public func join<A, Element: Sendable, Options: JSONCodingOptions, Document: SQLQueryExpression>(
        each document: (A.Columns) -> Document
    ) -> Select<
        SQLRow2<A.Row, JSONEach<Element, Options>>, SQLTables.Two<A, SQLTables.Inner<JSONEach<Element, Options>>>
    >
    where
        Tables == SQLTables.One<A>, Columns == A.Row, Document.QueryValue: SQLJSONDocumentRepresentation,
        Document.QueryValue.Value == [Element], Document.QueryValue.Options == Options
    {
        join(each: { document($0).json })
    }

    /// `LEFT JOIN json_each(document) ON 1`: as `join(each:)`, keeping a row whose
    /// array is empty or NULL (its element columns NULL).
    public func leftJoin<A, Element: Sendable, Options: JSONCodingOptions, Document: SQLQueryExpression>(
        each document: (A.Columns) -> Document
    ) -> Select<
        SQLRow2<A.Row, JSONEach<Element, Options>?>, SQLTables.Two<A, SQLTables.Outer<JSONEach<Element, Options>>>
    >
    where
        Tables == SQLTables.One<A>, Columns == A.Row, Document.QueryValue: SQLJSONDocumentRepresentation,
        Document.QueryValue.Value == [Element], Document.QueryValue.Options == Options
    {
        let array = document(A.columns(qualifier: sourceTokens[0])).json
        return Select<
            SQLRow2<A.Row, JSONEach<Element, Options>?>, SQLTables.Two<A, SQLTables.Outer<JSONEach<Element, Options>>>
        >(
            core: core.joining(
                tableFunction: SQLJSONTableCall<JSONEachFunction>(argument: array), name: JSONEachFunction.tableName,
                columns: JSONEach<Element, Options>.TableColumns.self, outer: true, token: SelectCore.newToken()
            )
        )
    }

    /// `JOIN json_tree(document)`: each row with every value inside its document.
    public func join<A, Element: Sendable, Options: JSONCodingOptions, Document: SQLQueryExpression>(
        tree document: (A.Columns) -> Document, as element: Element.Type
    ) -> Select<
        SQLRow2<A.Row, JSONTree<Element, Options>>, SQLTables.Two<A, SQLTables.Inner<JSONTree<Element, Options>>>
    >
    where
        Tables == SQLTables.One<A>, Columns == A.Row, Document.QueryValue: SQLJSONDocumentRepresentation,
        Document.QueryValue.Options == Options
    {
        let root = document(A.columns(qualifier: sourceTokens[0])).json
        return Select<
            SQLRow2<A.Row, JSONTree<Element, Options>>, SQLTables.Two<A, SQLTables.Inner<JSONTree<Element, Options>>>
        >(
            core: core.joining(
                tableFunction: SQLJSONTableCall<JSONTreeFunction>(argument: root), name: JSONTreeFunction.tableName,
                columns: JSONTree<Element, Options>.TableColumns.self, outer: false, token: SelectCore.newToken()
            )
        )
    }

    /// `LEFT JOIN json_tree(document) ON 1`: as `join(tree:as:)`, keeping a row whose
    /// document is NULL (its node columns NULL).
    public func leftJoin<A, Element: Sendable, Options: JSONCodingOptions, Document: SQLQueryExpression>(
        tree document: (A.Columns) -> Document, as element: Element.Type
    ) -> Select<
        SQLRow2<A.Row, JSONTree<Element, Options>?>, SQLTables.Two<A, SQLTables.Outer<JSONTree<Element, Options>>>
    >
    where
        Tables == SQLTables.One<A>, Columns == A.Row, Document.QueryValue: SQLJSONDocumentRepresentation,
        Document.QueryValue.Options == Options
    {
        let root = document(A.columns(qualifier: sourceTokens[0])).json
        return Select<
            SQLRow2<A.Row, JSONTree<Element, Options>?>, SQLTables.Two<A, SQLTables.Outer<JSONTree<Element, Options>>>
        >(
            core: core.joining(
                tableFunction: SQLJSONTableCall<JSONTreeFunction>(argument: root), name: JSONTreeFunction.tableName,
                columns: JSONTree<Element, Options>.TableColumns.self, outer: true, token: SelectCore.newToken()
            )
        )
    }
}

/// `json_each(argument)` / `json_tree(argument)`: SQLite-only.
struct SQLJSONTableCall<Function: SQLJSONTableFunction>: SQLExpression {
    typealias QueryValue = String
    let argument: any SQLExpression

    func render(into builder: inout SQLBuilder) throws {
        try builder.require(.jsonTableFunctions, "\(Function.tableName) (a table of a JSON document's values)")
        try builder.function(Function.functionName) { try $0.listItem { try argument.render(into: &$0) } }
    }
}

/// A Swift value bound as one JSON parameter, encoded with `Options`.
struct SQLJSONBoundDocument<Options: JSONCodingOptions>: SQLExpression {
    typealias QueryValue = String
    let value: any Encodable & Sendable

    func render(into builder: inout SQLBuilder) throws {
        try builder.value(try Self.json(value))
    }

    static func json<Value: Encodable & Sendable>(_ value: Value) throws -> String {
        try JSONDocument<Value, Options>.jsonText(of: value)
    }
}

extension Table {
    /// `JOIN json_each(document)`: each row with each element of its JSON array (see
    /// `Select.join(each:)`).
    public static func join<Element: Sendable, Options: JSONCodingOptions, Document: SQLQueryExpression>(
        each document: (TableColumns) -> Document
    ) -> Select<
        SQLRow2<Self, JSONEach<Element, Options>>,
        SQLTables.Two<SQLTables.Inner<Self>, SQLTables.Inner<JSONEach<Element, Options>>>
    >
    where
        Document.QueryValue: SQLJSONDocumentRepresentation, Document.QueryValue.Value == [Element],
        Document.QueryValue.Options == Options
    {
        scopedStatement.join(each: document)
    }

    /// `JOIN json_each(path)`: each row with each element of an array inside its document.
    public static func join<Element: Sendable, Options: JSONCodingOptions>(
        each path: (TableColumns) -> SQLJSONPath<[Element], Options>
    ) -> Select<
        SQLRow2<Self, JSONEach<Element, Options>>,
        SQLTables.Two<SQLTables.Inner<Self>, SQLTables.Inner<JSONEach<Element, Options>>>
    > {
        scopedStatement.join(each: path)
    }

    /// `LEFT JOIN json_each(document) ON 1`: every row, with each element of its array.
    public static func leftJoin<Element: Sendable, Options: JSONCodingOptions, Document: SQLQueryExpression>(
        each document: (TableColumns) -> Document
    ) -> Select<
        SQLRow2<Self, JSONEach<Element, Options>?>,
        SQLTables.Two<SQLTables.Inner<Self>, SQLTables.Outer<JSONEach<Element, Options>>>
    >
    where
        Document.QueryValue: SQLJSONDocumentRepresentation, Document.QueryValue.Value == [Element],
        Document.QueryValue.Options == Options
    {
        scopedStatement.leftJoin(each: document)
    }

    /// `JOIN json_tree(document)`: each row with every value inside its document.
    public static func join<Element: Sendable, Document: SQLQueryExpression>(
        tree document: (TableColumns) -> Document, as element: Element.Type
    ) -> Select<
        SQLRow2<Self, JSONTree<Element, Document.QueryValue.Options>>,
        SQLTables.Two<SQLTables.Inner<Self>, SQLTables.Inner<JSONTree<Element, Document.QueryValue.Options>>>
    > where Document.QueryValue: SQLJSONDocumentRepresentation {
        scopedStatement.join(tree: document, as: element)
    }

    /// `LEFT JOIN json_tree(document) ON 1`: every row, with every value inside its document.
    public static func leftJoin<Element: Sendable, Document: SQLQueryExpression>(
        tree document: (TableColumns) -> Document, as element: Element.Type
    ) -> Select<
        SQLRow2<Self, JSONTree<Element, Document.QueryValue.Options>?>,
        SQLTables.Two<SQLTables.Inner<Self>, SQLTables.Outer<JSONTree<Element, Document.QueryValue.Options>>>
    > where Document.QueryValue: SQLJSONDocumentRepresentation {
        scopedStatement.leftJoin(tree: document, as: element)
    }
}
