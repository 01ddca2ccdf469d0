import Codd
import CoddQueryAssertions
import Foundation
import Testing

@Table
private struct Ping: Identifiable {
    let id: Int
    @Column(as: Date.UnixTimeMillisecondsRepresentation.self) var sentAt: Date
}

/// Date codecs at their edges: a raw-SQL operand before the division of a millisecond
/// representation, rounding of REAL unix times to the millisecond SQLite computes, and
/// numeric dates past the range SQLite's date functions handle.
@Suite("Date edge cases")
struct DateEdgeCaseTests {
    @Test func rawSQLWithoutSpacesIsParenthesizedBeforeTheDivision() throws {
        let database = try Database.inMemory()
        try database.write { db in
            try db.execute(#"CREATE TABLE "pings" ("id" INTEGER PRIMARY KEY, "sentAt" INTEGER NOT NULL)"#)
            try db.execute(#"INSERT INTO "pings" VALUES (1, 1704067200500)"#)
        }
        let query = Ping.where {
            $0.sentAt < #sql("1704067200000+1000", as: Date.UnixTimeMillisecondsRepresentation.self)
        }.select(\.id)
        assertQuery(query, in: database) {
            """
            SELECT "id" FROM "pings" WHERE (julianday("sentAt" / 1000.0, 'unixepoch') < julianday((1704067200000+1000) / 1000.0, 'unixepoch'))
            """
        } results: {
            """
            ┌───┐
            │ 1 │
            └───┘
            """
        }
        // One operand stays bare: a number, a parameter, a quoted column chain.
        let bare = Ping.where { $0.sentAt < #sql("1704067200000", as: Date.UnixTimeMillisecondsRepresentation.self) }
            .select(\.id)
        #expect(bare.parameterSQL.contains(#"julianday(1704067200000 / 1000.0, 'unixepoch')"#))
        #expect(bare.parameterSQL.contains(#"julianday("sentAt" / 1000.0, 'unixepoch')"#))
    }

    @Test func realUnixSecondsDecodeToTheMillisecondSQLiteComputes() throws {
        let database = try Database.inMemory()
        var generator = SystemRandomNumberGenerator()
        // Half milliseconds between 1900 and 2100, where rounding differs most often.
        let values =
            [1_092_192_365.2185]
            + (0..<2_000).map { _ in
                Double(Int64.random(in: -2_208_988_800_000...4_102_444_800_000, using: &generator)) / 1000 + 0.0005
            }
        try database.read { db in
            for value in values {
                let decoded = try #require(try db.fetchOne(Date.UnixTimeRealRepresentation.self, "SELECT ?", value))
                    .represented
                let julianDay = try #require(try db.fetchOne(Double.self, "SELECT julianday(?, 'unixepoch')", value))
                let sqlite = Int64((julianDay * 86_400_000).rounded()) - 210_866_760_000_000
                #expect(milliseconds(decoded) == sqlite, "\(value)")
            }
        }
    }

    @Test func numericDatesPastWhatSQLiteHandlesAreRefusedOnRead() throws {
        let database = try Database.inMemory()
        // 10001-01-01 in unix seconds and milliseconds: julianday() of either is NULL.
        let error = try database.read { db in
            #expect(throws: SQLDecodingError.self) {
                try db.fetchOne(Date.UnixTimeRepresentation.self, "SELECT 253433923200")
            }
        }
        #expect(error?.reason == .outOfRange)
        #expect(throws: SQLDecodingError.self) {
            try database.read { db in
                try db.fetchOne(Date.UnixTimeMillisecondsRepresentation.self, "SELECT 253433923200000")
            }
        }
        #expect(throws: SQLDecodingError.self) {
            try database.read { db in try db.fetchOne(Date.JulianDayRepresentation.self, "SELECT 5373485.0") }
        }
    }
}
