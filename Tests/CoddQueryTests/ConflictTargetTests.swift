import Codd
import CoddQueryAssertions
import Foundation
import Testing

@Table("labels")
struct Label: Identifiable, Equatable {
    let id: Int
    var listID = 0
    var name = ""
    var uses = 0
    var isArchived = false
}

/// Upsert clauses: targets of one column, several columns and expressions (each rendered,
/// never dropped), a partial index's WHERE, no target at all, and several clauses.
@Suite("ON CONFLICT targets")
struct ConflictTargetTests {
    let database: Database

    init() throws {
        database = try Database.inMemory()
        try database.write { db in
            try db.execute(
                """
                CREATE TABLE "labels" (
                  "id" INTEGER PRIMARY KEY, "listID" INTEGER NOT NULL, "name" TEXT NOT NULL,
                  "uses" INTEGER NOT NULL DEFAULT 0, "isArchived" INTEGER NOT NULL DEFAULT 0
                );
                CREATE UNIQUE INDEX "labels_lowerName" ON "labels"(lower("name")) WHERE NOT "isArchived";
                CREATE UNIQUE INDEX "labels_list_name" ON "labels"("listID", "name");
                INSERT INTO "labels" VALUES (1, 1, 'Home', 1, 0), (2, 2, 'Work', 1, 0), (3, 1, 'Old', 1, 1);
                """)
        }
    }

    func labels() throws -> [Label] {
        try database.read { db in try Label.order(by: \.id).fetchAll(db) }
    }

    @Test func anExpressionTargetIsRendered() throws {
        let upsert = Label.insert([Label(id: 10, listID: 3, name: "HOME")])
            .onConflict({ $0.name.lower() }, targetWhere: { !$0.isArchived }, doUpdate: { row, _ in row.uses += 1 })
            .returning { ($0.id, $0.name, $0.uses) }
        assertQuery(upsert, in: database) {
            """
            INSERT INTO "labels" ("id", "listID", "name", "uses", "isArchived") VALUES (?, ?, ?, ?, ?) ON CONFLICT ((lower("name"))) WHERE NOT "isArchived" DO UPDATE SET "uses" = "labels"."uses" + ? RETURNING "labels"."id", "labels"."name", "labels"."uses"
            """
        } results: {
            """
            ┌───┬────────┬───┐
            │ 1 │ "Home" │ 2 │
            └───┴────────┴───┘
            """
        }
    }

    @Test func anExpressionTargetOfDoNothingIsRendered() throws {
        let insert = Label.insert([Label(id: 11, listID: 3, name: "work")])
            .onConflictDoNothing({ $0.name.lower() }, targetWhere: { !$0.isArchived })
        assertQuery(insert, in: database) {
            """
            INSERT INTO "labels" ("id", "listID", "name", "uses", "isArchived") VALUES (?, ?, ?, ?, ?) ON CONFLICT ((lower("name"))) WHERE NOT "isArchived" DO NOTHING
            """
        }
        #expect(try labels().map(\.id) == [1, 2, 3])
    }

    @Test func severalColumnsAndExpressionsInOneTarget() throws {
        let upsert = Label.insert([Label(id: 12, listID: 1, name: "Home", uses: 5)])
            .onConflict({ ($0.listID, $0.name) }, doUpdate: { $0.uses += $1.uses })
        assertQuery(upsert, in: database) {
            """
            INSERT INTO "labels" ("id", "listID", "name", "uses", "isArchived") VALUES (?, ?, ?, ?, ?) ON CONFLICT ("listID", "name") DO UPDATE SET "uses" = "labels"."uses" + "excluded"."uses"
            """
        }
        #expect(try labels().first { $0.id == 1 }?.uses == 6)
        // A tuple target may mix columns and expressions; this one matches no index, which
        // SQLite reports rather than guessing.
        let unmatched = Label.insert([Label(id: 13, listID: 1, name: "x")])
            .onConflictDoNothing { ($0.listID, $0.name.upper()) }
        assertSQL(unmatched) {
            """
            INSERT INTO "labels" ("id", "listID", "name", "uses", "isArchived") VALUES (?, ?, ?, ?, ?) ON CONFLICT ("listID", (upper("name"))) DO NOTHING
            """
        }
        let error = #expect(throws: SQLiteError.self) { try database.write { db in try unmatched.execute(db) } }
        #expect(
            error?.message.contains("ON CONFLICT clause does not match any PRIMARY KEY or UNIQUE constraint") == true)
    }

    @Test func noTargetAndSeveralClauses() throws {
        let anyConflict = Label.insert([Label(id: 1, listID: 9, name: "Nine")])
            .onConflict(doUpdate: { $0.name = $1.name })
        assertQuery(anyConflict, in: database) {
            """
            INSERT INTO "labels" ("id", "listID", "name", "uses", "isArchived") VALUES (?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET "name" = "excluded"."name"
            """
        }
        #expect(try labels().first?.name == "Nine")
        let ordered = Label.insert([Label(id: 20, listID: 2, name: "Work", uses: 7)])
            .onConflict({ $0.id }, doUpdate: { row, _ in row.uses = 100 })
            .onConflict({ ($0.listID, $0.name) }, doUpdate: { $0.uses += $1.uses })
            .onConflictDoNothing()
        assertQuery(ordered, in: database) {
            """
            INSERT INTO "labels" ("id", "listID", "name", "uses", "isArchived") VALUES (?, ?, ?, ?, ?) ON CONFLICT ("id") DO UPDATE SET "uses" = ? ON CONFLICT ("listID", "name") DO UPDATE SET "uses" = "labels"."uses" + "excluded"."uses" ON CONFLICT DO NOTHING
            """
        }
        #expect(try labels().first { $0.id == 2 }?.uses == 8)
    }

    @Test func aDialectWithoutSeveralClausesRefusesThem() throws {
        let twice = Label.insert([Label(id: 1, name: "x")]).onConflictDoNothing { $0.id }.onConflictDoNothing()
        let dialect = SQLDialect(
            name: "Other", placeholderStyle: .dollarNumbered, capabilities: [], spelling: SQLiteSpelling.self
        )
        let error = #expect(throws: SQLDialectError.self) { try twice.fragment(mode: .parameters, dialect: dialect) }
        #expect(error?.feature == "several ON CONFLICT clauses")
    }
}
