#if PostgreSQL
import Codd
import CoddPostgres
import Testing

/// `read`, `write` and `withConnection` called from actor-isolated code: a SwiftUI model
/// on the main actor, a service actor. Their bodies run in the caller's isolation, so they
/// read and write the caller's state and return values that are not `Sendable`.
extension PostgreSQLTests {
    @Suite("Actor isolation") struct ActorIsolation {
        /// Not `Sendable`: a main-actor model's own state.
        final class Titles {
            var values: [String] = []
        }

        @MainActor final class Model {
            var open: [Int] = []
            var done = 0
            let titles = Titles()

            func load(_ database: PGDatabase) async throws {
                // The body reads and writes the model's state directly.
                open = try await database.read { db in
                    let rows = try await Item.where { !$0.isDone }.order(by: \.id).fetchAll(db)
                    titles.values = rows.map(\.title)
                    return rows.map(\.id)
                }
                done = try await database.withConnection { db in
                    try await Item.where { $0.isDone }.fetchCount(db)
                }
                let finished = try await database.write { db in
                    // A value that is not Sendable, made in the body and returned.
                    let finished = Titles()
                    finished.values = try await Item.where { $0.isDone }.select(\.title).fetchAll(db)
                    return finished
                }
                titles.values += finished.values
            }
        }

        actor Service {
            var loads = 0
            let database: PGDatabase
            init(database: PGDatabase) { self.database = database }

            func count() async throws -> Int {
                try await database.read { db in
                    loads += 1
                    return try await Item.all.fetchCount(db)
                }
            }
        }

        @Test @MainActor func aMainActorModelReadsAndWrites() async throws {
            let configuration = try PGTestServer.requireConfiguration()
            let database = try await PGDatabase.connect(configuration)
            try await SharedSchema.resetPostgreSQL(database)
            let model = Model()
            try await model.load(database)
            await database.close()
            #expect(model.open == [1, 3, 4])
            #expect(model.done == 1)
            #expect(model.titles.values == ["Buy milk", "Ship 'it' -- now", "Review", "Call mom"])
        }

        @Test func aServiceActorReads() async throws {
            let configuration = try PGTestServer.requireConfiguration()
            let database = try await PGDatabase.connect(configuration)
            try await SharedSchema.resetPostgreSQL(database)
            let service = Service(database: database)
            let first = try await service.count()
            let second = try await service.count()
            await database.close()
            #expect(first == 4 && second == 4)
            #expect(await service.loads == 2)
        }
    }
}
#endif
