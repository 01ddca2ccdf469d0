extension Queries {
    /// A query run on a database: `fetch` reads with the connection and the input, in a
    /// read transaction; `observe` refetches after each commit that changed a table it read.
    ///
    /// ```swift
    /// let titles = Queries.Live(database) { (db, isCompleted: Bool) in
    ///     try db.fetchAll(String.self, #"SELECT "title" FROM "reminders" WHERE "isCompleted" = ?"#, isCompleted)
    /// }
    /// let open = try await titles.execute(false)
    /// ```
    public struct Live<Input: Sendable, Output: Sendable>: Query {
        private let database: any DatabaseWriter
        private let fetch: @Sendable (Connection, Input) throws -> Output

        public init(_ database: any DatabaseWriter, _ fetch: @escaping @Sendable (Connection, Input) throws -> Output) {
            self.database = database
            self.fetch = fetch
        }

        public func execute(_ input: Input) async throws -> Output {
            let fetch = fetch
            return try await database.asyncRead { db in try fetch(db, input) }
        }

        public func observe(_ input: Input) -> AsyncThrowingStream<Output, any Error> {
            let fetch = fetch
            return database.observe { db in try fetch(db, input) }.values()
        }
    }
}
