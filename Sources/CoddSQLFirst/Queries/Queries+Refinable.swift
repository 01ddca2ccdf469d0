import Foundation

extension Queries {
    /// A generated query that returns one table's rows, which the DSL can refine: a typed
    /// `where` and `order` applied to its rows, where they are easier written in Swift than
    /// as another definition.
    ///
    /// ```swift
    /// let urgent = database.choreQueries.searchChores.refined {
    ///     $0.where { $0.priority.gte(Priority.high) }.order(by: \.title)
    /// }
    /// // SELECT "id", … FROM (SELECT * FROM chore WHERE 1 AND 1 AND 1 ORDER BY id) AS "chore"
    /// // WHERE ("priority" >= ?) ORDER BY "title"
    /// ```
    ///
    /// The generated SQL becomes the FROM of the DSL's statement, under the table's name, so
    /// the DSL's conditions read the generated rows. Unrefined, it runs the generated
    /// statement as it is (a cached prepared statement, its values bound directly).
    public struct Refinable<Input: Sendable, Row: Table>: Query {
        public typealias Output = [Row]

        private let database: any DatabaseWriter
        private let fetch: @Sendable (Connection, Input) throws -> [Row]
        private let sql: @Sendable (Input) throws -> SQLFirstStatementBuilder
        private let refinement: (@Sendable (SelectOf<Row>) -> SelectOf<Row>)?

        public init(
            _ database: any DatabaseWriter, fetch: @escaping @Sendable (Connection, Input) throws -> [Row],
            sql: @escaping @Sendable (Input) throws -> SQLFirstStatementBuilder
        ) {
            self.init(database, fetch: fetch, sql: sql, refinement: nil)
        }

        private init(
            _ database: any DatabaseWriter, fetch: @escaping @Sendable (Connection, Input) throws -> [Row],
            sql: @escaping @Sendable (Input) throws -> SQLFirstStatementBuilder,
            refinement: (@Sendable (SelectOf<Row>) -> SelectOf<Row>)?
        ) {
            self.database = database
            self.fetch = fetch
            self.sql = sql
            self.refinement = refinement
        }

        /// The query with `body` applied to its rows, after any refinement before it.
        public func refining(_ body: @escaping @Sendable (SelectOf<Row>) -> SelectOf<Row>) -> Self {
            let previous = refinement
            return Self(database, fetch: fetch, sql: sql, refinement: { select in body(previous?(select) ?? select) })
        }

        /// The refined statement's SQL and values for `input` (the generated SQL when there
        /// is no refinement).
        public func fragment(_ input: Input) throws -> SQLFragment {
            let generated = try sql(input).fragment
            guard let refinement else { return generated }
            let refined = try refinement(Row.unscoped).fragment
            let name = "\"" + Row.tableName.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            // The DSL renders `SELECT <columns> FROM "table" …`; its values all follow FROM.
            guard let from = refined.sql.range(of: " FROM \(name)"), !refined.sql[..<from.lowerBound].contains("?")
            else {
                throw RefinementError(sql: refined.sql)
            }
            let sql =
                refined.sql[..<from.lowerBound] + " FROM (" + generated.sql + ") AS " + name
                + refined.sql[from.upperBound...]
            return SQLFragment(sql: String(sql), bindings: generated.bindings + refined.bindings)
        }

        private func run(_ db: Connection, _ input: Input) throws -> [Row] {
            guard refinement != nil else { return try fetch(db, input) }
            return try db.fetchAll(Row.self, fragment(input))
        }

        public func execute(_ input: Input) async throws -> [Row] {
            try await database.asyncRead { db in try run(db, input) }
        }

        public func observe(_ input: Input) -> AsyncThrowingStream<[Row], any Error> {
            database.observe { db in try run(db, input) }.values()
        }
    }

    /// A refinement the DSL renders in a form that cannot wrap the generated SQL (a
    /// statement that does not read the table as `FROM "table"`, or binds a value before it).
    public struct RefinementError: Error, Sendable, CustomStringConvertible {
        public var sql: String

        public var description: String {
            "a refinement must be a where, order or limit of the table's rows; this one renders \(sql)"
        }
    }
}

extension Query {
    /// The query with `body`, the DSL's `where` / `order` / `limit`, applied to its rows: for
    /// a generated query of one table's rows. A double (`Queries.Just`, `Fail`, `Test`)
    /// answers what it was given, unrefined.
    ///
    /// ```swift
    /// let alphabetical = database.todoQueries.selectTodos.refined { $0.order(by: \.name) }
    /// ```
    public func refined<Row: Table>(_ body: @escaping @Sendable (SelectOf<Row>) -> SelectOf<Row>) -> any Query<
        Input, Output
    >
    where Output == [Row] {
        guard let refinable = self as? Queries.Refinable<Input, Row> else { return self }
        return refinable.refining(body)
    }
}
