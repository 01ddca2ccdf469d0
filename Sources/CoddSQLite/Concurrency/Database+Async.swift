extension Database: DatabaseWriter {
    public func asyncRead<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await asyncAccess { db, interrupter in
            // As `read`: the transaction refuses writes. The pragmas run outside the
            // interruptible part, so a cancellation never leaves `query_only` on.
            try db.execute("PRAGMA query_only = 1")
            defer { try? db.execute("PRAGMA query_only = 0") }
            return try interrupter.run(on: db) { try db.transaction(.deferred, body) }
        }
    }

    public func asyncWrite<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await asyncAccess { db, interrupter in
            try interrupter.run(on: db) { try db.transaction(.immediate, body) }
        }
    }

    /// Runs `body` with the connection, outside any transaction, on a dispatch thread:
    /// the asynchronous ``withConnection(_:)``.
    public func asyncWithConnection<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T
    {
        try await asyncAccess { db, interrupter in try interrupter.run(on: db) { try body(db) } }
    }

    /// Waits in the queue of tasks (suspending), then runs `access` with the connection
    /// on a dispatch thread; `access` makes the statements the task's cancellation may
    /// interrupt run inside the interrupter.
    private func asyncAccess<T: Sendable>(
        _ access: @escaping @Sendable (Connection, StatementInterrupter) throws -> T
    ) async throws -> T {
        // Queued with every other access, synchronous ones included: the task suspends
        // (no thread blocks) until the connection is free, and a cancellation takes it out
        // of the queue at once.
        let token = try await accessGate.acquire()
        defer { accessGate.release(token) }
        return try await StatementInterrupter.runOffCooperativePool { interrupter in
            try self.runAccess { db in try access(db, interrupter) }
        }
    }

    public func observe<Value: Sendable>(_ fetch: @escaping @Sendable (Connection) throws -> Value)
        -> DatabaseObservation<Value>
    {
        DatabaseObservation(
            start: { signal in
                try await self.asyncWithConnection { db in
                    try self.startObservation(on: db, fetch: fetch, signal: signal)
                }
            },
            refetch: { try await self.asyncRead(fetch) }
        )
    }

    /// Fetches the first value while recording the tables it reads, and registers the
    /// observer, in one access of the writer: no commit can fall between the two.
    func startObservation<Value: Sendable>(
        on db: Connection,
        fetch: (Connection) throws -> Value,
        signal: @escaping @Sendable () -> Void
    ) throws -> ObservationStart<Value> {
        let (value, region) = try db.trackingRegion { db in try db.transaction(.deferred, fetch) }
        let registration = transactionObservers.register(region, on: db, signal: signal)
        return ObservationStart(value: value, registration: registration)
    }
}
