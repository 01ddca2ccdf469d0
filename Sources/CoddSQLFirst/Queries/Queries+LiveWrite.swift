extension Queries {
    /// A generated query that writes (INSERT, UPDATE, DELETE, or several statements of
    /// which one writes): `execute` runs it in a write transaction (`BEGIN IMMEDIATE …
    /// COMMIT`, rolled back when it throws).
    ///
    /// A write has nothing to watch: `observe` runs it once, yields its result, and ends.
    public struct LiveWrite<Input: Sendable, Output: Sendable>: Query {
        private let database: any DatabaseWriter
        private let run: @Sendable (Connection, Input) throws -> Output

        public init(_ database: any DatabaseWriter, _ run: @escaping @Sendable (Connection, Input) throws -> Output) {
            self.database = database
            self.run = run
        }

        public func execute(_ input: Input) async throws -> Output {
            let run = run
            return try await database.asyncWrite { db in try run(db, input) }
        }

        public func observe(_ input: Input) -> AsyncThrowingStream<Output, any Error> {
            let database = database
            let run = run
            return AsyncThrowingStream { continuation in
                let task = Task {
                    do {
                        continuation.yield(try await database.asyncWrite { db in try run(db, input) })
                        continuation.finish()
                    } catch {
                        continuation.finish(throwing: error)
                    }
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        }
    }
}
