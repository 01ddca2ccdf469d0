#if PostgreSQL
import Codd
import CoddPostgres
import Foundation
import Testing

/// The operators, functions and statement forms of issue #28 that PostgreSQL runs too, on
/// both engines with the same rows; and what it refuses, as typed errors before anything
/// reaches the server.
extension PostgreSQLTests.SharedCases {
    @Test func arithmeticBitwiseAndValuesOnTheLeft() async throws {
        let (one, three, hundred) = (1, 3, 100)
        let rows = try await bothEngines(
            Item.order(by: \.id).select {
                ($0.id * three - one, hundred / $0.id, $0.id % three, -$0.id, +$0.id, $0.id.negate())
            }
        )
        #expect(rows.map(\.0) == [2, 5, 8, 11])
        #expect(rows.map(\.1) == [100, 50, 33, 25])
        // Five computed columns: literal operands typed, as docs/Queries.md advises.
        let (two, six, eight, sixtyFour) = (2, 6, 8, 64)
        let bits = try await bothEngines(
            Item.order(by: \.id).select { ($0.id & six, $0.id | eight, $0.id << two, sixtyFour >> $0.id, ~$0.id) }
        )
        #expect(bits.map(\.2) == [4, 8, 12, 16])
        #expect(bits.map(\.3) == [32, 16, 8, 4])
        #expect(bits.map(\.4) == [-2, -3, -4, -5])
        let left = try await bothEngines(Item.where { 2 < $0.id && "Review" != $0.title }.select(\.id))
        #expect(left == [3])
    }

    @Test func castCollateAndCase() async throws {
        let rows = try await bothEngines(
            Item.order(by: \.id).select {
                (
                    $0.id.cast(as: String.self), $0.listID.cast(as: Double.self),
                    SQLCase($0.priority).when(.high, then: "!!!").when(.low, then: "!").else("")
                )
            }
        )
        #expect(rows.map(\.0) == ["1", "2", "3", "4"])
        #expect(rows.map(\.1) == [1, 1, 2, 2])
        #expect(rows.map(\.2) == ["!!!", "", "!", ""])
        // REAL to INTEGER agrees where the value fits (item 3's 1e300 does not, below).
        let scores = try await bothEngines(
            Item.where { $0.id != 3 }.order(by: \.id).select { $0.score.cast(as: Int.self) })
        #expect(scores == [0, 0, 42])
        // Out of range, the engines differ on purpose of their own: SQLite saturates at the
        // largest integer, PostgreSQL refuses the row with "bigint out of range" (22003).
        let outOfRange = Item.where { $0.id.eq(3) }.select { $0.score.cast(as: Int.self) }
        #expect(try SharedSchema.makeSQLite().read { db in try outOfRange.fetchAll(db) } == [Int.max])
        await #expect(throws: PGError.self) {
            try await PGTestServer.withDatabase { database in
                try await SharedSchema.resetPostgreSQL(database)
                return try await database.read { db in try await outOfRange.fetchAll(db) }
            }
        }
        // BINARY is PostgreSQL's "C": byte order, capitals first.
        let ordered = try await bothEngines(Item.order { $0.title.collate(.binary) }.select(\.id))
        #expect(ordered == [1, 2, 4, 3])
        #expect(throws: SQLDialectError.self) {
            try Item.order { $0.title.collate(.nocase) }.fragment(mode: .parameters, dialect: .postgreSQL)
        }
    }

    @Test func functionsBothEnginesHave() async throws {
        let rows = try await bothEngines(
            Item.order(by: \.id).select {
                (
                    $0.title.nullif("Review"), $0.priority.ifnull(.medium), $0.id.max(2), $0.id.min(3, 2),
                    $0.tags.jsonArrayLength()
                )
            }
        )
        #expect(rows.map(\.4) == [4, 0, 1, 2])
        #expect(rows.map(\.2) == [2, 2, 3, 4])
        let iif = try await bothEngines(
            Item.order(by: \.id).select { SQLFunctions.iif($0.isDone, then: "done", else: $0.title) })
        #expect(iif[1] == "done")
        #expect(throws: SQLDialectError.self) {
            try Item.select { $0.title.hex() }.fragment(mode: .parameters, dialect: .postgreSQL)
        }
    }

    @Test func dateComponents() async throws {
        let rows = try await bothEngines(
            Item.order(by: \.id).select { ($0.dueAt.year, $0.dueAt.month, $0.dueAt.day, $0.dueAt.hour) }
        )
        #expect(rows.map(\.0) == [2023, 1969, 9999, 2020])
        let more = try await bothEngines(
            Item.order(by: \.id).select { ($0.dueAt.minute, $0.dueAt.second, $0.dueAt.weekday, $0.dueAt.dayOfYear) }
        )
        #expect(more.map(\.3) == [318, 364, 365, 257])
        #expect(more.map(\.2) == [2, 2, 5, 0])
        #expect(more.map(\.1) == [20, 59, 59, 40])
    }

    @Test func rowValuesScopesAndOffset() async throws {
        let rows = try await bothEngines(Item.where { ($0.listID, $0.id) > (1, 1) }.order(by: \.id).select(\.id))
        #expect(rows == [2, 3, 4])
        let whole = try await bothEngines(ItemList.where { $0.eq(ItemList(id: 2, title: "Work")) }.select(\.id))
        #expect(whole == [2])
        let either = try await bothEngines(
            OpenItem.where { $0.id.eq(1) }.or(OpenItem.where { $0.title.eq("Review") }).order(by: \.id).select(\.id))
        #expect(either == [1, 4])
        let offset = try await bothEngines(Item.order(by: \.id).offset(2).select(\.id))
        #expect(offset == [3, 4])
        let appended = try await bothEngines(
            Item.where { $0.id.eq(4) }.select(\.id).select(\.title).select { $0.score * 2 })
        #expect(appended.count == 1 && appended[0].2 == 84)
    }

    @Test func writeForms() async throws {
        let (returned, items) = try await bothEnginesWrite(
            Item.insert(
                { ($0.title, $0.token, $0.dueAt, $0.isDone, $0.score, $0.tags, $0.listID) },
                select: Item.where { $0.id.eq(1) }.select {
                    ($0.title + " again", $0.token, $0.dueAt, $0.isDone, $0.score, $0.tags, $0.listID)
                }
            )
            .onConflict({ $0.token }, doUpdate: { $0.score += $1.score })
            .returning { ($0.id, $0.title, $0.score, $0.isDone, $0.listID) }
        )
        #expect(returned.map(\.1) == ["Buy milk"])
        #expect(items.count == 4)
        var changed = SharedSchema.items[3]
        changed.title = "Reviewed"
        let (_, updated) = try await bothEnginesWrite(Item.update(changed))
        #expect(updated[3].title == "Reviewed")
        let (_, deleted) = try await bothEnginesWrite(Item.delete(SharedSchema.items[1]))
        #expect(deleted.map(\.id) == [1, 3, 4])
        let (_, upserted) = try await bothEnginesWrite(Item.upsert { changed })
        #expect(upserted[3].title == "Reviewed")
        let (_, compound) = try await bothEnginesWrite(
            Item.find(4).update {
                $0.listID *= 3; $0.listID >>= 2; $0.listID <<= 1; $0.listID |= 1
            })
        // ((2 * 3) >> 2) << 1 | 1 = 3, a list that exists (the foreign key holds).
        #expect(compound[3].listID == 3)
    }
}
#endif
