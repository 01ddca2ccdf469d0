#if PostgreSQL
import Codd
import CoddMigrations
import CoddPostgres
import CoddPostgresMigrations
import Foundation
import Testing

/// A note whose table a migration created by hand, the ways a PostgreSQL schema goes wrong.
@Table("pgCheckedNotes")
struct PGCheckedNote {
    let id: Int
    var uid: UUID
    var createdAt: Date
    var body: String
    var rating: Double
    var archivedAt: Date?
    var missing: String
}

/// A table PostgreSQL folded (`CREATE TABLE pgFoldedBooks`, unquoted).
@Table("pgFoldedBooks")
struct PGFoldedBook {
    let id: Int
}

/// PGTodo's JSON tags read as a plain `String`.
@Table("pgTodos")
struct PGTodoTagsAsText {
    let id: Int
    var tags: String
}

/// A table no migration created.
@Table("pgNoSuchTable")
struct PGNoSuchTable {
    let id: Int
}

/// `@Table` types checked against the live PostgreSQL schema, as `validating:` does on SQLite.
extension PostgreSQLTests {
    @Suite("Validation") struct Validation {
        @Test func theMigratedSchemaValidates() async throws {
            var migrator = Migrator(registry: Migrations.registry)
            try migrator.registerMigration("1.sql", sql: Migrations.first)
            try migrator.registerMigration("2.sql", sql: Migrations.second)
            func check(_ database: PGDatabase) async throws {
                try await database.write { db in
                    try await db.execute(#"DROP TABLE IF EXISTS "pgTodos", "codd_migrations" CASCADE"#)
                }
                // Every codec of PGTodo: bigint, uuid, text, timestamptz, boolean, jsonb.
                #expect(try await migrator.migrate(database, validating: [PGTodo.self]) == ["1.sql", "2.sql"])
                #expect(try await migrator.migrate(database, validating: [PGTodo.self]) == [])
                // A String read from the jsonb column is refused, as on SQLite.
                let error = await #expect(throws: SchemaValidationError.self) {
                    try await database.validate(PGTodoTagsAsText.self)
                }
                #expect(
                    error?.problems.map(\.description) == [
                        "pgTodos.tags: expected a column of type text, varchar or char (String), found jsonb"
                    ])
                try await database.write { db in
                    try await db.execute(#"DROP TABLE IF EXISTS "pgTodos", "codd_migrations" CASCADE"#)
                }
            }
            try await PGTestServer.withDatabase(check)
        }

        @Test func everyProblemIsNamedWithTheTypePostgreSQLHas() async throws {
            func check(_ database: PGDatabase) async throws {
                try await database.write { db in
                    try await db.execute(#"DROP TABLE IF EXISTS "pgCheckedNotes", pgFoldedBooks CASCADE"#)
                    // createdAt unquoted (folded), uid as text, body nullable, rating numeric,
                    // archivedAt a timestamp (PostgreSQL converts to it in the session's time zone).
                    try await db.execute(
                        """
                        CREATE TABLE "pgCheckedNotes" (
                          "id" bigint PRIMARY KEY, "uid" text NOT NULL, createdAt timestamptz NOT NULL,
                          "body" text, "rating" numeric NOT NULL, "archivedAt" timestamp
                        )
                        """)
                    try await db.execute("CREATE TABLE pgFoldedBooks (id bigint PRIMARY KEY)")
                }
                let error = await #expect(throws: SchemaValidationError.self) {
                    try await database.validate(PGCheckedNote.self, PGFoldedBook.self, PGNoSuchTable.self)
                }
                #expect(
                    error?.description == """
                        8 problems between the Swift tables and the database:
                          pgCheckedNotes.uid: expected a column of type uuid (UUID), found text
                          pgCheckedNotes.createdAt: expected a column, found "createdat" (PostgreSQL folds an unquoted name to lower case: quote it where it is declared)
                          pgCheckedNotes.body: expected NOT NULL (body is not optional), found a nullable column
                          pgCheckedNotes.rating: expected a column of type double precision or real (Double), found numeric
                          pgCheckedNotes.archivedAt: expected a column of type timestamptz (Date), found timestamp
                          pgCheckedNotes.missing: expected a column, found none
                          pgFoldedBooks: expected a table, found "pgfoldedbooks" (PostgreSQL folds an unquoted name to lower case: quote it where it is declared)
                          pgNoSuchTable: expected a table, found none
                        """)
                try await database.write { db in
                    try await db.execute(#"DROP TABLE IF EXISTS "pgCheckedNotes", pgFoldedBooks CASCADE"#)
                }
            }
            try await PGTestServer.withDatabase(check)
        }
    }
}
#endif
