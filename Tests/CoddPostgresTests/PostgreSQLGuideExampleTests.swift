import Codd
import CoddPostgres
import Foundation
import Testing

/// docs/PostgreSQL.md's Swift block, run on the test server (CoddDocsTests checks it
/// stands here).
extension PostgreSQLTests {
    @Suite("docs/PostgreSQL.md") struct Guide {
        @Test func movingAnApp() async throws {
            let configuration = try PGTestServer.requireConfiguration()
            let setup = try await PGDatabase.connect(configuration)
            try await SharedSchema.resetPostgreSQL(setup)
            await setup.close()

            let database = try await PGDatabase.connect(configuration)
            let open = try await database.read { db in
                try await Item.where { !$0.isDone }.order(by: \.id).fetchAll(db)
            }
            try await database.write { db in
                try await Item.where { $0.listID.eq(2) }.update { $0.isDone = true }.execute(db)
            }
            await database.close()

            #expect(open.map(\.id) == [1, 3, 4])
        }
    }
}
