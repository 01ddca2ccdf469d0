#if PostgreSQL
import Codd
import CoddPostgres
import Foundation
import Testing

/// Statements rendered once and run many times with named parameters, on the server.
extension PostgreSQLTests {
    @Suite("Prepared statements") struct PreparedStatements {
        let id = SQLNamedBindingReference<Int>(name: "id")
        let token = SQLNamedBindingReference<UUID>(name: "token")
        let after = SQLNamedBindingReference<Date>(name: "after")
        let title = SQLNamedBindingReference<String>(name: "title")

        @Test func renderedOnceRunManyTimesWithNativeValues() async throws {
            let byID = try Item.where { $0.id.eq(id) }.preparedForPostgreSQL()
            #expect(
                byID.sql
                    == #"SELECT "id", "title", "token", "dueAt", "isDone", "priority", "score", "tags", "listID" FROM "items" WHERE ("id" = $1)"#
            )
            let byTokenAndDate = try Item.where { $0.token.eq(token) && $0.dueAt > after }.select(\.id)
                .preparedForPostgreSQL()
            #expect(byTokenAndDate.parameterNames == ["token", "after"])
            #expect(
                byTokenAndDate.description
                    == #"SELECT "id" FROM "items" WHERE (("token" = :token) AND ("dueAt" > :after))"#)
            try await PGTestServer.withDatabase { database in
                try await SharedSchema.resetPostgreSQL(database)
                try await database.read { db in
                    for item in SharedSchema.items {
                        #expect(try await byID.fetchOne(db, id.bound(to: item.id)) == item)
                        let ids = try await byTokenAndDate.fetchAll(
                            db, token.bound(to: item.token), after.bound(to: item.dueAt.addingTimeInterval(-1)))
                        #expect(ids == [item.id])
                    }
                    #expect(try await byID.fetchOne(db, id.bound(to: 99)) == nil)
                }
            }
        }

        @Test func writesWithHostileValues() async throws {
            let rename = try Item.where { $0.id.eq(id) }.update { $0.title = title }.preparedForPostgreSQL()
            try await PGTestServer.withDatabase { database in
                try await SharedSchema.resetPostgreSQL(database)
                let hostile = "Robert'); DROP TABLE \"items\"; -- 🎉"
                try await database.write { db in try await rename.execute(db, title.bound(to: hostile), id.bound(to: 2))
                }
                let titles = try await database.read { db in try await Item.order(by: \.id).select(\.title).fetchAll(db)
                }
                #expect(titles == ["Buy milk", hostile, "Ship 'it' -- now", "Review"])
            }
        }

        @Test func wrongValuesAreTypedErrorsBeforeTheServer() async throws {
            let byID = try Item.where { $0.id.eq(id) }.preparedForPostgreSQL()
            try await PGTestServer.withDatabase { database in
                try await database.read { db in
                    await #expect(throws: SQLParameterError.missingValue(name: "id", sql: byID.sql)) {
                        try await byID.fetchAll(db)
                    }
                    await #expect(throws: SQLParameterError.unknownName(name: "title", sql: byID.sql)) {
                        try await byID.fetchAll(db, id.bound(to: 1), title.bound(to: "x"))
                    }
                    await #expect(throws: SQLParameterError.duplicateValue(name: "id")) {
                        try await byID.fetchAll(db, id.bound(to: 1), id.bound(to: 2))
                    }
                    // Run without preparing, a named parameter would bind NULL: refused.
                    await #expect(throws: SQLParameterError.self) {
                        try await Item.where { $0.id.eq(id) }.fetchAll(db)
                    }
                }
            }
        }
    }
}
#endif
