import Codd
import CoddQueryAssertions
import Foundation
import Testing

/// A timestamp stored as canonical text `YYYY-MM-DD HH:MM:SS`, compared as a julian day.
/// Two values in this form sort as text exactly as they sort as instants, so a comparison
/// of two plain values of it may skip the wrap (and use an index).
struct CanonicalTime: SQLCustomType, SQLComparable {
    var represented: String
    init(represented: String) { self.represented = represented }
    static var storage: SQLStorage { .text }
    static var comparesUnwrapped: Bool { true }
    init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        represented = try String(reader: reader, at: index)
    }
    func bind(into context: inout some SQLBindingContext) throws {
        try context.bindText(represented)
    }
    static func wrapSQL(into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void) rethrows {
        try builder.function("julianday") { try $0.listItem(expression) }
    }
}

/// The same text, in whatever format a row happens to hold (`T` or space, `Z` or an
/// offset): it must always be compared wrapped.
struct LooseTime: SQLCustomType, SQLComparable {
    var represented: String
    init(represented: String) { self.represented = represented }
    static var storage: SQLStorage { .text }
    init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        represented = try String(reader: reader, at: index)
    }
    func bind(into context: inout some SQLBindingContext) throws {
        try context.bindText(represented)
    }
    static func wrapSQL(into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void) rethrows {
        try builder.function("julianday") { try $0.listItem(expression) }
    }
}

@Table
struct Event: Identifiable {
    let id: Int
    @Column(as: CanonicalTime.self) var at: String
    @Column(as: LooseTime.self) var loggedAt: String
}

@Suite("wrapSQL placement")
struct WrapSQLTests {
    let database: Database

    init() throws {
        database = try Database.inMemory()
        try database.write { db in
            try db.execute(
                """
                CREATE TABLE "events" ("id" INTEGER PRIMARY KEY, "at" TEXT NOT NULL, "loggedAt" TEXT NOT NULL);
                CREATE INDEX "events_at" ON "events"("at");
                INSERT INTO "events" VALUES
                  (1, '2024-01-01 09:00:00', '2024-01-01 09:00:00Z'),
                  (2, '2024-01-01 10:30:00', '2024-01-01T10:30:00+02:00'),
                  (3, '2024-01-01 08:45:00', '2024-01-01 08:45:00');
                """)
        }
    }

    @Test func bothSidesAreWrappedBoundValuesAndLiteralsIncluded() throws {
        let query = Event.where { $0.loggedAt < "2024-01-01 08:50:00" }.select(\.id)
        assertSQL(query) {
            """
            SELECT "id" FROM "events" WHERE (julianday("loggedAt") < julianday(?))
            """
        }
        assertSQL(query, rendering: .inlineLiterals) {
            """
            SELECT "id" FROM "events" WHERE (julianday("loggedAt") < julianday('2024-01-01 08:50:00'))
            """
        }
        // 10:30 at +02:00 is 08:30 UTC: only a wrapped comparison finds it.
        // Without ORDER BY, rows come back in no promised order.
        let ids = try database.read { db in try query.fetchAll(db) }
        #expect(ids.sorted() == [2, 3])
    }

    @Test func aCanonicalColumnAgainstAValueOfItsRepresentationIsNotWrappedAndUsesTheIndex() throws {
        let query = Event.where { $0.at < "2024-01-01 09:30:00" }.select(\.id)
        assertSQL(query) {
            """
            SELECT "id" FROM "events" WHERE ("at" < ?)
            """
        }
        let plan = try database.read { db in
            try db.fetchAll(
                (Int, Int, Int, String).self, "EXPLAIN QUERY PLAN " + query.parameterSQL, "2024-01-01 09:30:00")
        }
        #expect(
            plan.map(\.3).contains {
                $0.contains("USING COVERING INDEX events_at") || $0.contains("USING INDEX events_at")
            })
        let ids = try database.read { db in try query.fetchAll(db) }
        #expect(ids.sorted() == [1, 3])
    }

    @Test func aCanonicalColumnAgainstAnotherKindOfExpressionIsWrapped() throws {
        let query = Event.where { $0.at.lt(#sql("datetime('2024-01-01 09:30:00')", as: CanonicalTime.self)) }.select(
            \.id)
        assertSQL(query) {
            """
            SELECT "id" FROM "events" WHERE (julianday("at") < julianday(datetime('2024-01-01 09:30:00')))
            """
        }
        let plan = try database.read { db in
            try db.fetchAll((Int, Int, Int, String).self, "EXPLAIN QUERY PLAN " + query.parameterSQL)
        }
        #expect(plan.map(\.3).allSatisfy { !$0.contains("INDEX events_at") || $0.contains("SCAN") })
    }

    @Test func orderingWrapsUnlessCanonical() throws {
        assertSQL(Event.order(by: \.loggedAt).select(\.id)) {
            """
            SELECT "id" FROM "events" ORDER BY julianday("loggedAt")
            """
        }
        assertSQL(Event.order(by: \.at).select(\.id)) {
            """
            SELECT "id" FROM "events" ORDER BY "at"
            """
        }
        assertQuery(Event.order { $0.loggedAt.desc() }.select(\.id), in: database) {
            """
            SELECT "id" FROM "events" ORDER BY julianday("loggedAt") DESC
            """
        } results: {
            """
            ┌───┐
            │ 1 │
            │ 3 │
            │ 2 │
            └───┘
            """
        }
    }

    @Test func aColumnSelectedToBeDecodedIsNeverWrapped() throws {
        let query = Event.select { ($0.at, $0.loggedAt) }
        assertQuery(query, in: database) {
            """
            SELECT "at", "loggedAt" FROM "events"
            """
        } results: {
            """
            ┌───────────────────────┬─────────────────────────────┐
            │ "2024-01-01 09:00:00" │ "2024-01-01 09:00:00Z"      │
            │ "2024-01-01 10:30:00" │ "2024-01-01T10:30:00+02:00" │
            │ "2024-01-01 08:45:00" │ "2024-01-01 08:45:00"       │
            └───────────────────────┴─────────────────────────────┘
            """
        }
    }

    @Test func functionsAndAggregatesOverWrappedValues() throws {
        assertSQL(Event.where { $0.loggedAt.between("2024-01-01 08:00:00", and: "2024-01-01 09:00:00") }.select(\.id)) {
            """
            SELECT "id" FROM "events" WHERE (julianday("loggedAt") BETWEEN julianday(?) AND julianday(?))
            """
        }
        assertQuery(Event.select { $0.loggedAt.date() }, in: database) {
            """
            SELECT date(julianday("loggedAt")) FROM "events"
            """
        } results: {
            """
            ┌──────────────┐
            │ "2024-01-01" │
            │ "2024-01-01" │
            │ "2024-01-01" │
            └──────────────┘
            """
        }
    }
}

@Suite("wrapSQL edge cases")
struct WrapSQLEdgeTests {
    @Table
    struct Log: Identifiable {
        let id: Int
        @Column(as: LooseTime.self) var at: String
        @Column(as: LooseTime.self) var maybeAt: String?
    }

    @Test func isNullIsNeverWrappedAndInSubqueriesAreWrappedOnBothSides() throws {
        let database = try Database.inMemory()
        try database.write { db in
            try db.execute(
                """
                CREATE TABLE "logs" ("id" INTEGER PRIMARY KEY, "at" TEXT NOT NULL, "maybeAt" TEXT);
                INSERT INTO "logs" VALUES (1, '2024-01-01 08:30:00', 'garbage'), (2, '2024-01-01T10:30:00+02:00', NULL);
                """)
        }
        let nulls = Log.where { $0.maybeAt.eq(nil) }.select(\.id)
        assertQuery(nulls, in: database) {
            """
            SELECT "id" FROM "logs" WHERE ("maybeAt" IS NULL)
            """
        } results: {
            """
            ┌───┐
            │ 2 │
            └───┘
            """
        }

        // Row 2 is the same instant as row 1, written in another format.
        let same = Log.where { $0.at.in(Log.where { $0.id.eq(1) }.select(\.at)) }.select(\.id)
        assertQuery(same, in: database) {
            """
            SELECT "id" FROM "logs" WHERE (julianday("at") IN (SELECT julianday("value") FROM (SELECT "at" AS "value" FROM "logs" WHERE ("id" = ?))))
            """
        } results: {
            """
            ┌───┐
            │ 1 │
            │ 2 │
            └───┘
            """
        }
    }
}
