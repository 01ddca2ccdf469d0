#if PostgreSQL
import CoddMigrations
import CoddPostgres

/// The `codd_migrations` table on PostgreSQL: the same rows SQLite's holds.
enum PostgreSQLMigrationRecords {
    static func create(_ db: PGConnection) async throws {
        try await db.execute(
            """
            CREATE TABLE IF NOT EXISTS "codd_migrations" (
              "name" text PRIMARY KEY NOT NULL,
              "checksum" text NOT NULL,
              "position" bigint NOT NULL,
              "appliedAt" timestamptz NOT NULL DEFAULT now()
            )
            """)
    }

    /// Serializes migrators until the transaction ends (the key: `codd_migrations`).
    static func lock(_ db: PGConnection) async throws {
        try await db.execute("SELECT pg_advisory_xact_lock(hashtext('codd_migrations'))")
    }

    static func all(_ db: PGConnection) async throws -> [(name: String, checksum: String)] {
        try await db.fetchAll(
            (String, String).self, #"SELECT "name", "checksum" FROM "codd_migrations" ORDER BY "position""#
        )
        .map { (name: $0.0, checksum: $0.1) }
    }

    /// The names of the applied migrations, without creating the table: none when it is
    /// missing.
    static func appliedNames(_ db: PGConnection) async throws -> Set<String> {
        let exists = try await db.fetchOne(Bool.self, #"SELECT to_regclass('"codd_migrations"') IS NOT NULL"#)
        guard exists == true else { return [] }
        return try await Set(db.fetchAll(String.self, #"SELECT "name" FROM "codd_migrations""#))
    }

    static func insert(name: String, checksum: String, position: Int, _ db: PGConnection) async throws {
        try await db.execute(
            #"INSERT INTO "codd_migrations" ("name", "checksum", "position") VALUES ($1, $2, $3)"#, name, checksum,
            position
        )
    }
}
#endif
