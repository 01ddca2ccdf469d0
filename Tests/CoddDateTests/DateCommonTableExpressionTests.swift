import Codd
import CoddQueryAssertions
import Foundation
import Testing

/// A CTE's row with a date in SQLite's TEXT form (compared through `julianday`) and one in
/// unix seconds (compared unwrapped).
@Table @Selection
struct MeetingSlot: Equatable {
    let id: Int
    var at: Date
    @Column(as: Date.UnixTimeRepresentation.self) var unixAt: Date
}

/// Date columns of a CTE bind, wrap and decode through their representations, as the
/// table's columns do.
@Suite("Dates in common table expressions")
struct DateCommonTableExpressionTests {
    let database: Database
    let base = utc(2024, 3, 15, 9, 5, 7, milliseconds: 100)

    init() throws {
        database = try Database.inMemory()
        try database.write { [base] db in
            try db.execute(
                """
                CREATE TABLE "meetings" (
                  "id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "at" TEXT NOT NULL, "isoAt" TEXT NOT NULL,
                  "unixAt" INTEGER NOT NULL, "unixMillisecondsAt" INTEGER NOT NULL, "unixRealAt" REAL NOT NULL,
                  "julianDayAt" REAL NOT NULL, "endedAt" TEXT
                )
                """)
            try Meeting.insert([
                Meeting(id: 1, title: "first", at: base),
                Meeting(id: 2, title: "second", at: base.addingTimeInterval(3600)),
            ]).execute(db)
        }
    }

    /// Selected from the table, the TEXT date compares wrapped in `julianday`, the unix one
    /// unwrapped, each against a value bound in its own form.
    @Test func aCTEDateComparesAsTheTablesColumnDoes() throws {
        let cutoff = base.addingTimeInterval(60)
        let query = With {
            Meeting.select { MeetingSlot.Columns(id: $0.id, at: $0.at, unixAt: $0.unixAt) }
        } query: {
            MeetingSlot.where { $0.at > cutoff && $0.unixAt > cutoff }.select(\.id)
        }
        #expect(try query.fragment.bindings == [.text("2024-03-15 09:06:07.100"), .integer(1_710_493_567)])
        assertQuery(query, in: database) {
            """
            WITH "meetingSlots" AS (SELECT "meetings"."id" AS "id", "meetings"."at" AS "at", "meetings"."unixAt" AS "unixAt" FROM "meetings") SELECT "meetingSlots"."id" FROM "meetingSlots" WHERE ((julianday("meetingSlots"."at") > julianday(?)) AND ("meetingSlots"."unixAt" > ?))
            """
        } results: {
            """
            ┌───┐
            │ 2 │
            └───┘
            """
        }
    }

    /// A row value binds each date in its column's form and decodes back to the instant
    /// (the unix column keeps whole seconds).
    @Test func aSeedRowBindsEachForm() throws {
        let slot = MeetingSlot(id: 7, at: base, unixAt: base)
        let query = With {
            slot
        } query: {
            MeetingSlot.all
        }
        #expect(
            try query.fragment.bindings == [.integer(7), .text("2024-03-15 09:05:07.100"), .integer(1_710_493_507)])
        assertSQL(query, rendering: .inlineLiterals) {
            """
            WITH "meetingSlots" AS (SELECT 7 AS "id", '2024-03-15 09:05:07.100' AS "at", 1710493507 AS "unixAt") SELECT "meetingSlots"."id", "meetingSlots"."at", "meetingSlots"."unixAt" FROM "meetingSlots"
            """
        }
        let rows = try database.read { try query.fetchAll($0) }
        #expect(rows == [MeetingSlot(id: 7, at: base, unixAt: utc(2024, 3, 15, 9, 5, 7))])
    }
}
