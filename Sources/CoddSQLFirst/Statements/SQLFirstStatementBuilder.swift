/// The SQL of a generated query whose text depends on its inputs: a dynamic filter's term
/// rendered or dropped (`1`), an `IN ?` list expanded to as many `?` as values. Each
/// variant is its own cached statement.
///
/// ```swift
/// var sql = SQLFirstStatementBuilder("SELECT * FROM todo WHERE ")
/// if let name { sql.append("name = "); try sql.bind(name) } else { sql.append("1") }
/// sql.append(" AND id IN ")
/// try sql.bindList(ids)
/// let rows = try db.fetchAll(Todo.self, sql.fragment)
/// ```
public struct SQLFirstStatementBuilder: Sendable {
    public private(set) var sql: String
    public private(set) var values: [SQLValue] = []

    public init(_ sql: String = "") {
        self.sql = sql
    }

    public mutating func append(_ text: String) {
        sql += text
    }

    /// Appends `?` and binds `value` to it (through its representation's codec).
    public mutating func bind<Value: SQLBindable>(_ value: Value) throws {
        var collector = SQLValueCollector()
        try value.bind(into: &collector)
        sql += "?"
        values += collector.values
    }

    /// Appends `(?, ?, …)`, one `?` per element bound through `representation`, or `()`
    /// (which SQLite takes as an empty list: `x IN ()` is false).
    public mutating func bindList<Element, Representation: SQLCustomType>(
        _ elements: [Element], as representation: Representation.Type
    ) throws where Representation.Represented == Element {
        var collector = SQLValueCollector()
        sql += "("
        for (index, element) in elements.enumerated() {
            sql += index == 0 ? "?" : ", ?"
            try Representation(represented: element).bind(into: &collector)
        }
        sql += ")"
        values += collector.values
    }

    /// The SQL and its values, for `fetchAll`, `fetchOne` and `execute`.
    public var fragment: SQLFragment {
        SQLFragment(sql: sql, bindings: values)
    }
}
