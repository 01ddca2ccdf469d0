#if PostgreSQL
import Codd
import CoddPostgres
import Foundation
import Testing

/// What goes wrong with a server: it stops mid-transaction, the pool runs out, a task is
/// cancelled, the login is wrong.
extension PostgreSQLTests {
    @Suite("Faults") struct Faults {
        @Test(.enabled(if: PGTestServer.control != nil || PGTestServer.environment["CODD_REQUIRE_POSTGRES"] == "1"))
        func serverStoppedMidTransaction() async throws {
            try await PGTestServer.withDatabase { database in
                try await SharedSchema.resetPostgreSQL(database)
                let error = await #expect(throws: PGError.self) {
                    try await database.write { db in
                        try await db.execute(#"UPDATE "items" SET "title" = 'half' WHERE "id" = 1"#)
                        try PGTestServer.runControl("stop")
                        // postgres-nio loses a query written in the instant its connection
                        // closes (the write carries no promise), so Codd checks the connection
                        // first; let the client's event loop see the close, as it has by the
                        // time any later statement of an app runs.
                        try await Task.sleep(for: .milliseconds(200))
                        try await db.execute(#"UPDATE "items" SET "title" = 'half' WHERE "id" = 2"#)
                    }
                }
                try PGTestServer.runControl("start")
                #expect(error?.kind == .connection || error?.kind == .server)
            }
            // After the restart: a fresh pool finds nothing half-written.
            let titles = try await PGTestServer.withDatabase { database in
                try await database.read { db in try await Item.order(by: \.id).select(\.title).fetchAll(db) }
            }
            #expect(titles == SharedSchema.items.map(\.title))
        }

        @Test func moreTasksThanConnectionsWait() async throws {
            try await PGTestServer.withDatabase(maximumConnections: 2) { database in
                let results = try await withThrowingTaskGroup(of: Int.self) { group in
                    for task in 0..<12 {
                        group.addTask {
                            try await database.read { db in
                                try await db.fetchOne(Int.self, "SELECT $1::int8 FROM pg_sleep(0.05)", task) ?? -1
                            }
                        }
                    }
                    var results: [Int] = []
                    for try await result in group { results.append(result) }
                    return results
                }
                #expect(results.sorted() == Array(0..<12))
                let open = try await database.read { db in
                    try await db.fetchOne(
                        Int.self,
                        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'"
                    )
                }
                #expect((open ?? 0) <= 2)
            }
        }

        @Test func queryCancelledByItsTask() async throws {
            try await PGTestServer.withDatabase { database in
                let started = ContinuousClock.now
                let task = Task {
                    try await database.read { db in try await db.execute("SELECT pg_sleep(20)") }
                }
                try await Task.sleep(for: .milliseconds(300))
                task.cancel()
                let error = await #expect(throws: PGError.self) { try await task.value }
                #expect(error?.kind == .cancelled)
                #expect(ContinuousClock.now - started < .seconds(10))
                // The pool still serves statements.
                let one = try await database.read { db in try await db.fetchOne(Int.self, "SELECT 1::int8") }
                #expect(one == 1)
            }
        }

        /// A cancel closes the connection of the statement in flight. With one connection in
        /// the pool, the next statement gets whatever the pool lends next: never the closing
        /// connection (which would refuse it, or take it and never answer).
        @Test(.timeLimit(.minutes(2))) func aCancelledStatementsConnectionIsNotLentAgain() async throws {
            try await Self.cancelEachRound { database, sleep in
                try await database.read { db in try await db.execute(sleep) }
            } afterCancel: { task, round in
                let error = await #expect(throws: PGError.self) { try await task.value }
                #expect(error?.kind == .cancelled, "round \(round)")
            }
        }

        /// A body that catches the cancellation and returns normally still hands back a
        /// connection that is closed, not one that is closing.
        @Test(.timeLimit(.minutes(2))) func aBodyThatSwallowsTheCancelReturnsAClosedConnection() async throws {
            try await Self.cancelEachRound { database, sleep in
                try await database.withConnection { db -> String in
                    do {
                        try await db.execute(sleep)
                        return "finished"
                    } catch let error as PGError {
                        return "\(error.kind)"
                    }
                }
            } afterCancel: { task, round in
                let outcome = try await task.value
                #expect(outcome == "cancelled", "round \(round)")
            }
        }

        /// Twenty rounds on a pool of one connection: `statement` runs a `pg_sleep` in a task,
        /// cancelled while the server runs it; `afterCancel` checks what the task gave; then a
        /// statement outside a transaction (no `BEGIN` to fail and begin again elsewhere) must
        /// run on whatever the pool lends next.
        static func cancelEachRound<T: Sendable>(
            statement: @escaping @Sendable (PGDatabase, String) async throws -> T,
            afterCancel: (Task<T, any Error>, Int) async throws -> Void
        ) async throws {
            try await PGTestServer.withDatabase(maximumConnections: 1) { database in
                try await PGTestServer.withDatabase(maximumConnections: 1) { administrator in
                    for round in 0..<20 {
                        let sleep = "SELECT pg_sleep(20) /* round \(round) */"
                        let task = Task { try await statement(database, sleep) }
                        try await waitUntilRunning(sleep, seenBy: administrator)
                        task.cancel()
                        try await afterCancel(task, round)
                        let value = try await database.withConnection { db in
                            try await db.fetchOne(Int.self, "SELECT $1::int8", round)
                        }
                        #expect(value == round)
                        try await endAbandoned(sleep, seenBy: administrator)
                    }
                }
            }
        }

        /// A task waiting for the pool's only connection gets one when the task holding it is
        /// cancelled: postgres-nio's pool does not replace a lent connection that closes
        /// (vapor/postgres-nio#657), so Codd asks it for one.
        @Test(.timeLimit(.minutes(2))) func aTaskWaitingForTheConnectionOfACancelledOneIsServed() async throws {
            try await PGTestServer.withDatabase(maximumConnections: 1) { database in
                try await PGTestServer.withDatabase(maximumConnections: 1) { administrator in
                    for round in 0..<5 {
                        let sleep = "SELECT pg_sleep(20) /* holder \(round) */"
                        let holder = Task { try await database.read { db in try await db.execute(sleep) } }
                        try await Self.waitUntilRunning(sleep, seenBy: administrator)
                        let waiter = Task {
                            try await database.read { db in try await db.fetchOne(Int.self, "SELECT $1::int8", round) }
                        }
                        try await Task.sleep(for: .milliseconds(100))
                        holder.cancel()
                        _ = await #expect(throws: PGError.self) { try await holder.value }
                        let started = ContinuousClock.now
                        #expect(try await waiter.value == round)
                        #expect(ContinuousClock.now - started < .seconds(15), "round \(round)")
                        try await Self.endAbandoned(sleep, seenBy: administrator)
                    }
                }
            }
        }

        /// A server that refuses the check interval at login (here a value out of its range;
        /// before PostgreSQL 14, on Windows or behind PgBouncer, the parameter itself) is
        /// connected to without it. A sub-millisecond interval rounds up, never to 0 (off).
        @Test func aServerThatRefusesTheCheckIntervalIsConnectedToWithoutIt() async throws {
            let refused = try await PGTestServer.withDatabase(configure: { $0.checkIntervalValueForTesting = "-5ms" }) {
                database in
                try await database.withConnection { db in
                    try await db.fetchOne(String.self, "SHOW client_connection_check_interval")
                }
            }
            #expect(refused == "0")
            let rounded = try await PGTestServer.withDatabase(configure: {
                $0.closedConnectionCheckInterval = .microseconds(10)
            }) { database in
                try await database.withConnection { db in
                    try await db.fetchOne(String.self, "SHOW client_connection_check_interval")
                }
            }
            #expect(rounded == "1ms")
        }

        /// The server stops a cancelled statement within `closedConnectionCheckInterval`
        /// (one second by default) instead of running it to its end; without the check it
        /// runs on.
        @Test(.timeLimit(.minutes(2))) func theServerStopsACancelledStatementSoon() async throws {
            let login = try await PGTestServer.withDatabase { database in
                try await database.withConnection { db in
                    try await db.fetchOne(String.self, "SHOW client_connection_check_interval")
                }
            }
            #expect(login == "1s")
            for interval in [Duration.seconds(1), nil] {
                try await PGTestServer.withDatabase(maximumConnections: 1) { administrator in
                    try await PGTestServer.withDatabase(
                        maximumConnections: 1, configure: { $0.closedConnectionCheckInterval = interval }
                    ) { database in
                        let sleep = "SELECT pg_sleep(30) /* check interval \(String(describing: interval)) */"
                        let task = Task { try await database.read { db in try await db.execute(sleep) } }
                        try await Self.waitUntilRunning(sleep, seenBy: administrator)
                        task.cancel()
                        _ = await #expect(throws: PGError.self) { try await task.value }
                        let cancelled = ContinuousClock.now
                        var stillRunning = true
                        while stillRunning, ContinuousClock.now - cancelled < .seconds(5) {
                            try await Task.sleep(for: .milliseconds(50))
                            stillRunning = try await Self.isRunning(sleep, seenBy: administrator)
                        }
                        #expect(stillRunning == (interval == nil), "interval \(String(describing: interval))")
                        try await Self.endAbandoned(sleep, seenBy: administrator)
                    }
                }
            }
        }

        /// Returns once the server runs `sql` (`pg_stat_activity`), so that a cancel lands
        /// while the statement is in flight, however slow the machine (a sanitizer's build).
        static func waitUntilRunning(_ sql: String, seenBy administrator: PGDatabase) async throws {
            let deadline = ContinuousClock.now + .seconds(30)
            while ContinuousClock.now < deadline {
                if try await isRunning(sql, seenBy: administrator) { return }
                try await Task.sleep(for: .milliseconds(5))
            }
            Issue.record("the server never ran \(sql)")
        }

        static func isRunning(_ sql: String, seenBy administrator: PGDatabase) async throws -> Bool {
            let running = try await administrator.withConnection { db in
                try await db.fetchOne(
                    Int.self, "SELECT count(*) FROM pg_stat_activity WHERE query = $1 AND state = 'active'", sql)
            }
            return running == 1
        }

        /// Ends the server's run of `sql` that a cancel left behind at once, rather than
        /// within the check interval (or, without one, at the end of its `pg_sleep`), so the
        /// next round and the next tests find free connection slots.
        static func endAbandoned(_ sql: String, seenBy administrator: PGDatabase) async throws {
            _ = try await administrator.withConnection { db in
                try await db.fetchAll(
                    Bool.self, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = $1", sql)
            }
        }

        /// The server ends the pool's only connection (`pg_terminate_backend`, as an
        /// administrator or a failover would): the next transaction begins on a new one, since
        /// nothing of it ran on the dead one.
        @Test(.timeLimit(.minutes(2))) func aTransactionBeginsOnAnotherConnectionWhenTheServerDroppedIt() async throws {
            try await PGTestServer.withDatabase(maximumConnections: 1) { database in
                try await PGTestServer.withDatabase(maximumConnections: 1) { administrator in
                    for round in 0..<10 {
                        let pid = try await database.read { db in
                            try await db.fetchOne(Int32.self, "SELECT pg_backend_pid()")
                        }
                        let terminated = try await administrator.withConnection { db in
                            try await db.fetchOne(Bool.self, "SELECT pg_terminate_backend($1::int4)", try #require(pid))
                        }
                        #expect(terminated == true, "round \(round)")
                        let next = try await database.read { db in
                            try await db.fetchOne(Int32.self, "SELECT pg_backend_pid()")
                        }
                        #expect(next != nil && next != pid, "round \(round)")
                    }
                }
            }
        }

        /// A statement sent as the server ends its connection finishes, with its row or a typed
        /// error, and never waits forever: postgres-nio drops a query written to a channel that
        /// has just closed, so the statement is sent from the connection's event loop, where the
        /// check that the channel is open and the write happen together. A statement that hangs
        /// fails the test here (after 20 s) rather than hanging the run.
        @Test func aStatementRacingTheEndOfItsConnectionFinishes() async throws {
            try await PGTestServer.withDatabase(maximumConnections: 1) { database in
                try await PGTestServer.withDatabase(maximumConnections: 1) { administrator in
                    var answered = 0
                    var refused = 0
                    for round in 0..<300 {
                        // The pool may still lend the connection ended last round, which
                        // refuses the statement: ask again.
                        var pid: Int32?
                        for _ in 0..<10 where pid == nil {
                            do {
                                pid = try await database.withConnection { db in
                                    try await db.fetchOne(Int32.self, "SELECT pg_backend_pid()")
                                }
                            } catch let error as PGError where error.isConnectionLoss {}
                        }
                        let backend = try #require(pid, "round \(round)")
                        let terminate = Task {
                            try await administrator.withConnection { db in
                                try await db.execute("SELECT pg_terminate_backend($1::int4)", backend)
                            }
                        }
                        // The statements race the termination: each is sent on the dying
                        // connection or, once the pool has learnt of its end, on a new one.
                        for attempt in 0..<4 {
                            let outcome = await Self.outcome(within: .seconds(20)) {
                                try await database.withConnection { db in
                                    try await db.fetchOne(Int.self, "SELECT $1::int8", round * 10 + attempt)
                                }
                            }
                            switch outcome {
                            case .value(let value):
                                #expect(value == round * 10 + attempt)
                                answered += 1
                            case .error(let error):
                                #expect((error as? PGError)?.isConnectionLoss == true, "round \(round): \(error)")
                                refused += 1
                            case .timedOut:
                                Issue.record("round \(round), attempt \(attempt): the statement never finished")
                                return
                            }
                        }
                        try await terminate.value
                    }
                    // Both sides of the race were run: statements refused by the dying connection
                    // and statements answered.
                    #expect(answered > 0 && refused > 0, "answered \(answered), refused \(refused)")
                }
            }
        }

        enum Outcome<T: Sendable>: Sendable {
            case value(T)
            case error(any Error)
            case timedOut
        }

        /// What `body` gives within `limit`, or `.timedOut`: a body that never finishes is left
        /// running (its task cannot be cancelled out of a lost write), so the test fails
        /// instead of hanging.
        static func outcome<T: Sendable>(
            within limit: Duration, _ body: @escaping @Sendable () async throws -> T
        ) async -> Outcome<T> {
            let result = OutcomeBox<T>()
            let work = Task {
                do { result.set(.value(try await body())) } catch { result.set(.error(error)) }
            }
            let deadline = ContinuousClock.now + limit
            while ContinuousClock.now < deadline {
                if let outcome = result.value { return outcome }
                try? await Task.sleep(for: .milliseconds(2))
            }
            work.cancel()
            return result.value ?? .timedOut
        }

        final class OutcomeBox<T: Sendable>: @unchecked Sendable {
            // Safe: `stored` is read and written only under `lock`.
            private let lock = NSLock()
            private var stored: Outcome<T>?
            var value: Outcome<T>? {
                lock.lock()
                defer { lock.unlock() }
                return stored
            }
            func set(_ outcome: Outcome<T>) {
                lock.lock()
                stored = outcome
                lock.unlock()
            }
        }

        @Test func wrongPassword() async throws {
            var configuration = try PGTestServer.requireConfiguration()
            configuration.password = "not the password"
            let error = await #expect(throws: PGError.self) { try await PGDatabase.connect(configuration) }
            #expect(error?.kind == .login)
            #expect(error?.sqlState == "28P01")
        }

        @Test func missingDatabase() async throws {
            var configuration = try PGTestServer.requireConfiguration()
            configuration.database = "no_such_database_\(UInt32.random(in: 0...UInt32.max))"
            let error = await #expect(throws: PGError.self) { try await PGDatabase.connect(configuration) }
            #expect(error?.kind == .login)
            #expect(error?.sqlState == "3D000", "\(String(describing: error))")
        }
    }
}
#endif
