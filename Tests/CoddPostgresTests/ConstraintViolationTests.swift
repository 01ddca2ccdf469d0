#if PostgreSQL
import Codd
import CoddPostgres
import Testing

/// `catch SQLConstraintViolation.unique` and its siblings on a real server: PostgreSQL's
/// SQLSTATE read as the engine-neutral kind SQLite's extended codes give.
extension PostgreSQLTests {
    @Suite("Constraint violations") struct ConstraintViolations {
        @Test func eachKindIsCaughtByName() async throws {
            try await PGTestServer.withDatabase { database in
                try await database.write { db in
                    try await db.execute(#"DROP TABLE IF EXISTS "pgThings", "pgRooms""#)
                    try await db.execute(
                        #"CREATE TABLE "pgRooms" ("id" bigint PRIMARY KEY, "name" text NOT NULL UNIQUE, "budget" bigint NOT NULL CHECK ("budget" >= 0))"#
                    )
                    try await db.execute(
                        #"CREATE TABLE "pgThings" ("id" bigint PRIMARY KEY, "roomID" bigint NOT NULL REFERENCES "pgRooms"("id"))"#
                    )
                    try await db.execute(#"INSERT INTO "pgRooms" VALUES (1, 'Kitchen', 100)"#)
                }
                let writes: [(kind: SQLConstraintViolation, sql: String)] = [
                    (.unique, #"INSERT INTO "pgRooms" VALUES (2, 'Kitchen', 1)"#),
                    (.unique, #"INSERT INTO "pgRooms" VALUES (1, 'Hall', 1)"#),
                    (.foreignKey, #"INSERT INTO "pgThings" VALUES (1, 9)"#),
                    (.notNull, #"INSERT INTO "pgRooms" VALUES (3, NULL, 1)"#),
                    (.check, #"INSERT INTO "pgRooms" VALUES (3, 'Hall', -1)"#),
                ]
                for (kind, sql) in writes {
                    var caught: SQLConstraintViolation?
                    do {
                        try await database.write { db in try await db.execute(sql) }
                    } catch SQLConstraintViolation.unique {
                        caught = .unique
                    } catch SQLConstraintViolation.foreignKey {
                        caught = .foreignKey
                    } catch SQLConstraintViolation.notNull {
                        caught = .notNull
                    } catch SQLConstraintViolation.check {
                        caught = .check
                    } catch {
                        Issue.record("\(sql): not caught by its kind: \(error)")
                    }
                    #expect(caught == kind, "\(sql)")
                }
                // Another server error is no violation; the rooms are as they were.
                let syntax = await #expect(throws: PGError.self) {
                    try await database.read { db in try await db.execute("SELEC 1") }
                }
                #expect(syntax?.constraintViolation == nil)
                let rooms = try await database.read { db in
                    try await db.fetchAll(String.self, #"SELECT "name" FROM "pgRooms""#)
                }
                #expect(rooms == ["Kitchen"])
            }
        }
    }
}
#endif
