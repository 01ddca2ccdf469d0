import Codd

/// The `codd_migrations` table: one row per applied migration.
enum MigrationRecords {
    struct Record {
        var name: String
        var checksum: String
    }

    static func create(_ db: Connection) throws {
        try db.execute(
            """
            CREATE TABLE IF NOT EXISTS "codd_migrations" (
              "name" TEXT PRIMARY KEY NOT NULL,
              "checksum" TEXT NOT NULL,
              "position" INTEGER NOT NULL,
              "appliedAt" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f', 'now'))
            ) STRICT
            """)
    }

    static func all(_ db: Connection) throws -> [Record] {
        try db.fetchAll((String, String).self, #"SELECT "name", "checksum" FROM "codd_migrations" ORDER BY "position""#)
            .map { Record(name: $0.0, checksum: $0.1) }
    }

    static func insert(name: String, checksum: String, position: Int, _ db: Connection) throws {
        try db.execute(
            #"INSERT INTO "codd_migrations" ("name", "checksum", "position") VALUES (?, ?, ?)"#, name, checksum,
            position
        )
    }

    static func foreignKeyViolations(_ db: Connection) throws -> [MigrationError.ForeignKeyViolation] {
        try db.fetchAll(
            (String, Int?, String).self, #"SELECT "table", "rowid", "parent" FROM pragma_foreign_key_check"#
        )
        .map { MigrationError.ForeignKeyViolation(table: $0.0, rowid: $0.1, parent: $0.2) }
    }

    /// Drops every table and view of the main schema (indexes and triggers go with their
    /// tables; an FTS5 table takes its shadow tables with it).
    static func eraseDatabase(_ db: Connection) throws {
        while true {
            let objects = try db.fetchAll(
                (String, String).self,
                """
                SELECT "type", "name" FROM sqlite_schema
                WHERE "type" IN ('table', 'view') AND "name" NOT LIKE 'sqlite\\_%' ESCAPE '\\'
                ORDER BY "type" = 'table', "sql" LIKE 'CREATE VIRTUAL%' DESC
                """
            )
            guard case let (type, name)? = objects.first else { return }
            try db.execute("DROP \(type == "view" ? "VIEW" : "TABLE") IF EXISTS \(SQLBuilder.quoted(name))")
        }
    }
}
