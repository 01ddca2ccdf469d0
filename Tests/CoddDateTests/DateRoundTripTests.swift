import Codd
import Foundation
import Testing

/// Every representation reads back exactly what it wrote, bound and as a literal, for
/// random millisecond-precision dates from year 1 to 9999 (whole seconds for unix time),
/// and every representation's wrap names the same julian day.
@Suite("Date round trips")
struct DateRoundTripTests {
    /// 10,000 random millisecond-precision dates, then the first and last of years 1…9999,
    /// the unix epoch and the milliseconds around it.
    static let sampleMilliseconds: [Int64] = makeSampleMilliseconds()

    /// A loop in a function of its own: ThreadSanitizer's runtime (Swift 6.3) crashes on an
    /// `inout` access from a closure while a global is being initialized.
    private static func makeSampleMilliseconds() -> [Int64] {
        var generator = SeededGenerator(seed: 0xDA7E)
        var values: [Int64] = []
        for _ in 0..<10_000 {
            values.append(Int64.random(in: firstMillisecondOfYear1...lastMillisecondOfYear9999, using: &generator))
        }
        return values + [
            firstMillisecondOfYear1, lastMillisecondOfYear9999, 0, -1, 1, 951_782_400_000 /* 2000-02-29 */,
        ]
    }

    /// Writes `values` to a fresh table bound and as literals (multi-row INSERTs), and
    /// reads them back: (bound, literal), in order.
    func roundTrip<R: SQLCustomType>(_ values: [R]) throws -> (bound: [R], literal: [R], stored: [String]) {
        let database = try Database.inMemory()
        return try database.write { db in
            try db.execute(#"CREATE TABLE "dates" ("id" INTEGER PRIMARY KEY, "v")"#)
            for value in values {
                try db.execute(#"INSERT INTO "dates" ("v") VALUES (?)"#, value)
            }
            for start in stride(from: 0, to: values.count, by: 500) {
                let chunk = values[start..<min(start + 500, values.count)]
                try db.execute(
                    SQLFragment(mode: .inlineLiterals) { builder in
                        builder.keyword("INSERT INTO")
                        builder.identifier("dates")
                        builder.parenthesized { $0.identifier("v") }
                        builder.keyword("VALUES")
                        try builder.list {
                            for value in chunk {
                                try $0.listItem { try $0.parenthesized { try $0.value(value) } }
                            }
                        }
                    })
            }
            let all = try db.fetchAll(R.self, #"SELECT "v" FROM "dates" ORDER BY "id""#)
            let stored = try db.fetchAll(
                String.self, #"SELECT typeof("v") || ' ' || "v" FROM "dates" ORDER BY "id" LIMIT 3"#)
            // What each stored value means to SQLite, through the representation's own wrap.
            let wrapped = try db.fetchAll(
                Double.self,
                SQLFragment {
                    $0.keyword("SELECT")
                    R.wrapSQL(into: &$0) { $0.identifier("v") }
                    $0.keyword("FROM")
                    $0.identifier("dates")
                    $0.keyword("ORDER BY")
                    $0.identifier("id")
                })
            let expected = values.map { value -> Int64 in
                let date = value.represented as? Date ?? Date.distantPast
                return milliseconds(date)
            }
            let wrappedMilliseconds = wrapped.map { Int64(($0 * 86_400_000).rounded()) - 210_866_760_000_000 }
            #expect(
                wrappedMilliseconds == expected + expected, "julianday of the stored \(R.self) is the instant written")
            return (Array(all[..<values.count]), Array(all[values.count...]), stored)
        }
    }

    @Test func textRoundTripsEveryMillisecond() throws {
        let dates = Self.sampleMilliseconds.map(date(milliseconds:))
        let (bound, literal, stored) = try roundTrip(dates)
        #expect(bound == dates)
        #expect(literal == dates)
        #expect(stored.allSatisfy { $0.hasPrefix("text ") && $0.count == 5 + 23 })
    }

    @Test func iso8601RoundTripsEveryMillisecond() throws {
        let dates = Self.sampleMilliseconds.map(date(milliseconds:))
        let (bound, literal, stored) = try roundTrip(dates.map(Date.ISO8601Representation.init(represented:)))
        #expect(bound.map(\.represented) == dates)
        #expect(literal.map(\.represented) == dates)
        #expect(stored.allSatisfy { $0.hasPrefix("text ") && $0.count == 5 + 24 && $0.hasSuffix("Z") })
    }

    @Test func unixMillisecondsRoundTripEveryMillisecond() throws {
        let dates = Self.sampleMilliseconds.map(date(milliseconds:))
        let (bound, literal, stored) = try roundTrip(
            dates.map(Date.UnixTimeMillisecondsRepresentation.init(represented:)))
        #expect(bound.map(\.represented) == dates)
        #expect(literal.map(\.represented) == dates)
        #expect(stored.allSatisfy { $0.hasPrefix("integer ") })
    }

    @Test func unixRealRoundTripsEveryMillisecond() throws {
        let dates = Self.sampleMilliseconds.map(date(milliseconds:))
        let (bound, literal, stored) = try roundTrip(dates.map(Date.UnixTimeRealRepresentation.init(represented:)))
        #expect(bound.map(\.represented) == dates)
        #expect(literal.map(\.represented) == dates)
        #expect(stored.allSatisfy { $0.hasPrefix("real ") })
    }

    @Test func julianDayRoundTripsEveryMillisecond() throws {
        let dates = Self.sampleMilliseconds.map(date(milliseconds:))
        let (bound, literal, stored) = try roundTrip(dates.map(Date.JulianDayRepresentation.init(represented:)))
        #expect(bound.map(\.represented) == dates)
        #expect(literal.map(\.represented) == dates)
        #expect(stored.allSatisfy { $0.hasPrefix("real ") })
    }

    @Test func unixSecondsRoundTripEveryWholeSecond() throws {
        let dates = Self.sampleMilliseconds.map { date(milliseconds: $0 - ((($0 % 1000) + 1000) % 1000)) }
        let (bound, literal, stored) = try roundTrip(dates.map(Date.UnixTimeRepresentation.init(represented:)))
        #expect(bound.map(\.represented) == dates)
        #expect(literal.map(\.represented) == dates)
        #expect(stored.allSatisfy { $0.hasPrefix("integer ") })
    }

    @Test func theStoredFormsAreExactlyAsSpecified() throws {
        let moment = utc(2024, 3, 15, 9, 5, 7, milliseconds: 89)  // 1710493507.089 s
        let database = try Database.inMemory()
        let rows = try database.write { db in
            try db.execute(#"CREATE TABLE "dates" ("id" INTEGER PRIMARY KEY, "v")"#)
            try db.execute(
                #"INSERT INTO "dates" ("v") VALUES (?), (?), (?), (?), (?), (?)"#,
                moment,
                Date.ISO8601Representation(represented: moment),
                Date.UnixTimeRepresentation(represented: moment),
                Date.UnixTimeMillisecondsRepresentation(represented: moment),
                Date.UnixTimeRealRepresentation(represented: moment),
                Date.JulianDayRepresentation(represented: moment))
            return try db.fetchAll(
                (String, String, Double).self,
                #"SELECT typeof("v"), quote("v"), CAST("v" AS REAL) FROM "dates" ORDER BY "id""#)
        }
        #expect(rows.map(\.0) == ["text", "text", "integer", "integer", "real", "real"])
        let quoted: [String] = [
            "'2024-03-15 09:05:07.089'",
            "'2024-03-15T09:05:07.089Z'",
            "1710493507",
            "1710493507089",
        ]
        let reals: [String] = rows.suffix(2).map(\.1)
        #expect(rows.map(\.1) == quoted + reals)
        #expect(rows[4].2 == 1_710_493_507.089)
        #expect(rows[5].2 == Double(1_710_493_507_089 + 210_866_760_000_000) / 86_400_000)
        #expect(abs(rows[5].2 - 2_460_384.878_554_271) < 1e-9)
        // The default is SQLite's own format for the instant.
        let sqlite = try database.read { db in
            try db.fetchOne(String.self, "SELECT strftime('%Y-%m-%d %H:%M:%f', 1710493507.089, 'unixepoch')")
        }
        #expect(sqlite == "2024-03-15 09:05:07.089")
    }

    @Test func literalsRenderTheStoredForm() throws {
        let moment = utc(1969, 7, 20, 20, 17, 40)
        func literal(_ value: some SQLCustomType) throws -> String {
            try SQLFragment(mode: .inlineLiterals) { try $0.value(value) }.sql
        }
        #expect(try literal(moment) == "'1969-07-20 20:17:40.000'")
        #expect(try literal(Date.ISO8601Representation(represented: moment)) == "'1969-07-20T20:17:40.000Z'")
        #expect(try literal(Date.UnixTimeRepresentation(represented: moment)) == "-14182940")
        #expect(try literal(Date.UnixTimeMillisecondsRepresentation(represented: moment)) == "-14182940000")
        #expect(try literal(Date.UnixTimeRealRepresentation(represented: moment)) == "-14182940.0")
        // A julian day rarely has a short decimal form: the literal is SQLBuilder's exact one.
        let julianDay = Date.JulianDayRepresentation(represented: moment)
        let database = try Database.inMemory()
        let same = try database.read { db in
            try db.fetchOne(Bool.self, "SELECT \(try literal(julianDay)) = ?", julianDay)
        }
        #expect(same == true)
    }

    @Test func encodingRoundsToTheNearestUnitInsteadOfTruncating() throws {
        let base = utc(2024, 3, 15, 9, 5, 7)
        let later = base.addingTimeInterval(0.0006)  // 0.6 ms: rounds up
        let earlier = base.addingTimeInterval(0.0004)  // 0.4 ms: rounds down
        let beforeEpoch = utc(1969, 12, 31, 23, 59, 59, milliseconds: 999).addingTimeInterval(0.0006)
        func bound(_ value: some SQLCustomType) throws -> SQLValue {
            try #require(try SQLFragment { try $0.value(value) }.bindings.first)
        }
        #expect(try bound(later) == .text("2024-03-15 09:05:07.001"))
        #expect(try bound(earlier) == .text("2024-03-15 09:05:07.000"))
        #expect(try bound(beforeEpoch) == .text("1970-01-01 00:00:00.000"))
        #expect(try bound(Date.ISO8601Representation(represented: later)) == .text("2024-03-15T09:05:07.001Z"))
        #expect(try bound(Date.UnixTimeMillisecondsRepresentation(represented: later)) == .integer(1_710_493_507_001))
        #expect(try bound(Date.UnixTimeMillisecondsRepresentation(represented: beforeEpoch)) == .integer(0))
        #expect(try bound(Date.UnixTimeRealRepresentation(represented: later)) == .real(1_710_493_507.001))
        #expect(
            try bound(Date.UnixTimeRepresentation(represented: base.addingTimeInterval(0.5))) == .integer(1_710_493_508)
        )
        #expect(
            try bound(Date.UnixTimeRepresentation(represented: base.addingTimeInterval(0.499)))
                == .integer(1_710_493_507))
        #expect(
            try bound(Date.UnixTimeRepresentation(represented: utc(1969, 12, 31, 23, 59, 59).addingTimeInterval(0.6)))
                == .integer(0))
        // A carry through every field.
        #expect(
            try bound(utc(2023, 12, 31, 23, 59, 59, milliseconds: 999).addingTimeInterval(0.0007))
                == .text("2024-01-01 00:00:00.000"))
    }

    @Test func yearsOutsideTextRangeAreEncodingErrorsNotGarbage() throws {
        let year10000 = utc(10000, 1, 1)
        let yearMinus1 = utc(-1, 12, 31, 23, 59, 59)
        for value in [year10000, yearMinus1] {
            #expect(throws: SQLEncodingError.self) { try SQLFragment { try $0.value(value) } }
            #expect(throws: SQLEncodingError.self) {
                try SQLFragment { try $0.value(Date.ISO8601Representation(represented: value)) }
            }
        }
        // The numeric representations hold what SQLite's date functions handle: back to
        // julian day 0 (4714 BC), but not past 9999, where julianday() is NULL and every
        // wrapped comparison would silently fail.
        #expect(
            try SQLFragment { try $0.value(Date.UnixTimeRepresentation(represented: yearMinus1)) }.bindings.count == 1)
        for representation in [
            { try $0.value(Date.UnixTimeRepresentation(represented: year10000)) },
            { try $0.value(Date.UnixTimeMillisecondsRepresentation(represented: year10000)) },
            { try $0.value(Date.UnixTimeRealRepresentation(represented: year10000)) },
            { try $0.value(Date.JulianDayRepresentation(represented: year10000)) },
        ] as [(inout SQLBuilder) throws -> Void] {
            #expect(throws: SQLEncodingError.self) { try SQLFragment(representation) }
        }
        let error = try #require(#expect(throws: SQLEncodingError.self) { try SQLFragment { try $0.value(year10000) } })
        #expect(error.type == "Date")
        #expect(error.valuePreview == "10000-01-01 00:00:00.000 UTC")
        #expect(error.reason == "the year is outside 0000…9999, the years a TEXT date holds")
        let before = try #require(
            #expect(throws: SQLEncodingError.self) { try SQLFragment { try $0.value(yearMinus1) } })
        #expect(before.valuePreview == "-1-12-31 23:59:59.000 UTC")
        let iso = try #require(
            #expect(throws: SQLEncodingError.self) {
                try SQLFragment { try $0.value(Date.ISO8601Representation(represented: year10000)) }
            })
        #expect(iso.type == "Date.ISO8601Representation")
        // Bound through the driver, the statement fails before it runs.
        let database = try Database.inMemory()
        #expect(throws: SQLEncodingError.self) {
            try database.read { db in try db.fetchOne(String.self, "SELECT ?", year10000) }
        }
        // The first and last instants of 0000…9999 are fine.
        #expect(try SQLFragment { try $0.value(utc(0, 1, 1)) }.bindings == [.text("0000-01-01 00:00:00.000")])
        #expect(
            try SQLFragment { try $0.value(utc(9999, 12, 31, 23, 59, 59, milliseconds: 999)) }.bindings
                == [.text("9999-12-31 23:59:59.999")])
    }

    @Test func datesNoCodecCanHoldAreEncodingErrors() throws {
        for value in [
            Date(timeIntervalSinceReferenceDate: .infinity), Date(timeIntervalSinceReferenceDate: .nan),
            Date(timeIntervalSinceReferenceDate: 1e300),
        ] {
            #expect(throws: SQLEncodingError.self) { try SQLFragment { try $0.value(value) } }
            #expect(throws: SQLEncodingError.self) {
                try SQLFragment { try $0.value(Date.UnixTimeRepresentation(represented: value)) }
            }
            #expect(throws: SQLEncodingError.self) {
                try SQLFragment { try $0.value(Date.UnixTimeMillisecondsRepresentation(represented: value)) }
            }
            #expect(throws: SQLEncodingError.self) {
                try SQLFragment { try $0.value(Date.UnixTimeRealRepresentation(represented: value)) }
            }
            #expect(throws: SQLEncodingError.self) {
                try SQLFragment { try $0.value(Date.JulianDayRepresentation(represented: value)) }
            }
        }
        // The error describes the value without Date.description, which traps for these.
        let infinite = try #require(
            #expect(throws: SQLEncodingError.self) {
                try SQLFragment {
                    try $0.value(
                        Date.UnixTimeRepresentation(represented: Date(timeIntervalSinceReferenceDate: .infinity)))
                }
            })
        #expect(infinite.type == "Date.UnixTimeRepresentation")
        #expect(infinite.valuePreview == "Date(timeIntervalSinceReferenceDate: inf)")
        #expect(
            infinite.reason
                == "outside julian days 0 (4714 BC) through 9999-12-31, the dates SQLite's date functions handle")
    }

    @Test func distantPastAndFutureRoundTrip() throws {
        for value in [Date.distantPast, Date.distantFuture] {
            let (bound, literal, _) = try roundTrip([value])
            #expect(bound == [value])
            #expect(literal == [value])
        }
    }
}
