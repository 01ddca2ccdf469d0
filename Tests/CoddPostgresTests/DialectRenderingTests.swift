#if PostgreSQL
import Codd
import CoddPostgres
import Foundation
import Testing

/// The SQL each dialect renders, exactly: no server needed, so these always run.
@Suite struct DialectRenderingTests {
    func postgreSQL(_ statement: some SQLStatement) throws -> SQLFragment {
        try statement.fragment(mode: .parameters, dialect: .postgreSQL)
    }

    func sqlite(_ statement: some SQLStatement) throws -> SQLFragment {
        try statement.fragment(mode: .parameters, dialect: .sqlite)
    }

    @Test func numberedPlaceholdersAndNativeCasts() throws {
        let token = UUID(uuidString: "8C2B6F0E-1A2B-4C3D-8E9F-0A1B2C3D4E5F")!
        let query = Item.where { $0.token.eq(token) && $0.isDone.eq(true) && $0.dueAt > date(0) }.select(\.id)
        #expect(
            try sqlite(query).sql == """
                SELECT "id" FROM "items" WHERE ((("token" = ?) AND ("isDone" = ?)) AND (julianday("dueAt") > julianday(?)))
                """)
        let fragment = try postgreSQL(query)
        #expect(
            fragment.sql == """
                SELECT "id" FROM "items" WHERE ((("token" = $1::uuid) AND ("isDone" = $2::boolean)) AND ("dueAt" > $3::timestamptz))
                """)
        #expect(
            fragment.bindings == [
                .text("8c2b6f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f"), .text("true"), .text("1970-01-01 00:00:00.000000+00"),
            ])
        #expect(
            try query.fragment(mode: .inlineLiterals, dialect: .postgreSQL).sql == """
                SELECT "id" FROM "items" WHERE ((("token" = '8c2b6f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f'::uuid) AND ("isDone" = TRUE)) AND ("dueAt" > '1970-01-01 00:00:00.000000+00'::timestamptz))
                """)
        // min and max of a date: a timestamptz compares as it is on PostgreSQL; SQLite's TEXT
        // compares as julianday, turned back into the stored text.
        let latest = Item.select { $0.dueAt.max() }
        #expect(try postgreSQL(latest).sql == #"SELECT max("dueAt") FROM "items""#)
        #expect(
            try sqlite(latest).sql == #"SELECT strftime('%Y-%m-%d %H:%M:%f', max(julianday("dueAt"))) FROM "items""#)
        // For display: SQLite's spelling by default, PostgreSQL's when asked.
        #expect(
            query.description(in: .postgreSQL) == """
                SELECT "id" FROM "items" WHERE ((("token" = '8c2b6f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f'::uuid) AND ("isDone" = TRUE)) AND ("dueAt" > '1970-01-01 00:00:00.000000+00'::timestamptz))
                """)
        #expect(
            "\(query)" == """
                SELECT "id" FROM "items" WHERE ((("token" = '8c2b6f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f') AND ("isDone" = 1)) AND (julianday("dueAt") > julianday('1970-01-01 00:00:00.000')))
                """)
    }

    @Test func appendedFragmentsAreRenumbered() throws {
        let inner = try SQLFragment(dialect: .postgreSQL) { builder in
            builder.keyword("WHERE")
            builder.identifier("title")
            builder.keyword("=")
            try builder.value("$1 '$2' \"$3\"")
            builder.keyword("AND")
            builder.identifier("id")
            builder.keyword("<>")
            try builder.value(7)
        }
        #expect(inner.sql == #"WHERE "title" = $1 AND "id" <> $2"#)
        var outer = SQLBuilder(mode: .parameters, dialect: .postgreSQL)
        outer.keyword("SELECT")
        try outer.value(1)
        outer.keyword("FROM")
        outer.identifier("items")
        outer.append(inner)
        outer.append(SQLFragment(sql: #"AND 'it''s $1' = "a""$1" -- $1"#, bindings: [.integer(3)]))
        #expect(
            outer.sql == #"SELECT $1 FROM "items" WHERE "title" = $2 AND "id" <> $3 AND 'it''s $1' = "a""$1" -- $1"#)
        #expect(outer.bindings == [.integer(1), .text("$1 '$2' \"$3\""), .integer(7), .integer(3)])
    }

    @Test func upsertReturning() throws {
        let upsert = ItemList.insert([ItemList(id: 1, title: "Home")])
            .onConflict({ $0.id }, doUpdate: { updates, excluded in updates.title = excluded.title })
            .returning(\.id)
        let sql = try postgreSQL(upsert).sql
        #expect(
            sql == """
                INSERT INTO "lists" ("id", "title") VALUES ($1, $2) ON CONFLICT ("id") DO UPDATE SET "title" = "excluded"."title" RETURNING "lists"."id"
                """)
    }

    @Test func booleansAndNullSafeEquality() throws {
        let query = Item.where { $0.priority.is(Priority.high) || $0.priority.is(nil) }.select(\.id)
        #expect(
            try postgreSQL(query).sql == """
                SELECT "id" FROM "items" WHERE (("priority" IS NOT DISTINCT FROM $1) OR ("priority" IS NULL))
                """)
    }

    @Test func sqliteOnlyFeaturesAreTypedErrors() throws {
        let arithmetic = Item.where { $0.dueAt < .now() }
        let error = #expect(throws: SQLDialectError.self) { try postgreSQL(arithmetic) }
        #expect(error?.dialect == .postgreSQL)
        #expect(error?.description.contains("julianday") == true)
        #expect(throws: SQLDialectError.self) { try postgreSQL(Item.insert(or: .replace, SharedSchema.items)) }
        #expect(throws: SQLDialectError.self) { try postgreSQL(Item.all.select { $0.score.total() }) }
        #expect(throws: Never.self) { try sqlite(arithmetic) }
    }
}
#endif
