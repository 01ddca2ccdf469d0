import Codd
import Foundation
import Testing

/// Typed date arithmetic (issue 10) in every Date representation, on a real database:
/// `.now()`, a date plus or minus an interval, differences, in comparisons, selections and
/// updates, checked against SQLite's own date functions and Foundation.
@Suite("Date arithmetic")
struct DateArithmeticTests {
    let database: Database
    /// A millisecond-precision instant away from any second, minute or day boundary.
    let base = utc(2024, 3, 15, 9, 5, 7, milliseconds: 89)

    init() throws {
        database = try Database.inMemory()
        try database.write { db in try db.execute(Deadline.createTable) }
    }

    func insert(_ deadlines: [Deadline]) throws {
        try database.write { db in try Deadline.insert(deadlines).execute(db) }
    }

    // MARK: The protocol

    @Test func everyWrapIsTheJulianDayOfTheTimeValue() throws {
        func check<S: InstantColumnSet>(_ set: S) {
            typealias R = S.R
            let columns = set.typed
            var wrapped = SQLBuilder()
            R.wrapSQL(into: &wrapped) { $0.identifier("c") }
            var timeValue = SQLBuilder()
            timeValue.function("julianday") { R.renderTimeValue(into: &$0) { $0.identifier("c") } }
            #expect(wrapped.sql == timeValue.sql)
            #expect(wrapped.sql == columns.wrap("c"))
            #expect(R.comparesUnwrapped == columns.comparesUnwrapped)
        }
        forEveryRepresentation { check($0) }
    }

    // MARK: Now, and "due within 7 days"

    @Test func dueWithinSevenDaysOfNow() throws {
        let now = date(milliseconds: milliseconds(Date()))
        let day: Int64 = 86_400_000
        try insert([
            Deadline(id: 1, due: date(milliseconds: milliseconds(now) - day)),
            Deadline(id: 2, due: date(milliseconds: milliseconds(now) + 3 * day)),
            Deadline(id: 3, due: date(milliseconds: milliseconds(now) + 8 * day)),
            Deadline(id: 4, due: date(milliseconds: milliseconds(now) + 7 * day - 3_600_000)),
            Deadline(id: 5, due: date(milliseconds: milliseconds(now) + 7 * day + 3_600_000)),
        ])
        func check<S: InstantColumnSet>(_ set: S) throws {
            let columns = set.typed
            let query =
                Deadline
                .where { $0[keyPath: columns.due] >= .now() && $0[keyPath: columns.due] < .now() + .days(7) }
                .order(by: \.id)
                .select(\.id)
            let due = columns.dueName
            if columns.comparesUnwrapped {
                #expect(
                    query.parameterSQL == """
                        SELECT "id" FROM "deadlines" WHERE (("\(due)" >= \(columns.storedForm("'now'"))) \
                        AND ("\(due)" < \(columns.storedForm("'now', ?")))) ORDER BY "id"
                        """)
            } else {
                #expect(
                    query.parameterSQL == """
                        SELECT "id" FROM "deadlines" WHERE ((\(columns.wrap(due)) >= julianday('now')) \
                        AND (\(columns.wrap(due)) < julianday('now', ?))) ORDER BY "id"
                        """)
            }
            #expect(try query.fragment.bindings == [.text("+7 days")])
            #expect(query.description.contains("'now', '+7 days'"))
            #expect(try database.read { db in try query.fetchAll(db) } == [2, 4])
            #expect(
                try database.read { db in try db.fetchAll(Int.self, SQLFragment(sql: query.description)) } == [2, 4])
        }
        try forEveryRepresentation { try check($0) }
    }

    @Test func theSQLForTheTextDate() throws {
        // The one most columns use, spelled out.
        let query = Deadline.where { $0.text < .now() + .days(7) }.select(\.id)
        #expect(query.parameterSQL == #"SELECT "id" FROM "deadlines" WHERE (julianday("text") < julianday('now', ?))"#)
        #expect(
            query.description
                == #"SELECT "id" FROM "deadlines" WHERE (julianday("text") < julianday('now', '+7 days'))"#)
        let numeric = Deadline.where { $0.unixMilliseconds < .now() + .days(7) }.select(\.id)
        #expect(
            numeric.parameterSQL == """
                SELECT "id" FROM "deadlines" WHERE \
                ("unixMilliseconds" < CAST(round((julianday('now', ?) - 2440587.5) * 86400000.0) AS INTEGER))
                """)
    }

    @Test func nowSelectedIsSQLiteClockInTheRepresentation() throws {
        try insert([Deadline(id: 1, due: base)])
        let before = milliseconds(Date())
        func check<S: InstantColumnSet>(_ set: S) throws {
            typealias R = S.R
            let columns = set.typed
            let query = Deadline.select { _ in SQLDateArithmetic<R>.now() }
            #expect(query.parameterSQL == "SELECT \(columns.storedForm("'now'")) FROM \"deadlines\"")
            let now = try #require(try database.read { db in try query.fetchOne(db) })
            #expect(milliseconds(now) >= columns.roundedToUnit(before) - columns.unit)
            #expect(milliseconds(now) <= milliseconds(Date()) + columns.unit)
            // `timeIntervalSinceNow` is SQLite's clock too: a date 90 s ahead is 90 s away.
            let ahead = Deadline.select { $0[keyPath: columns.due].timeIntervalSinceNow() }
            #expect(
                ahead.parameterSQL == """
                    SELECT round((\(columns.wrap(columns.dueName)) - julianday('now')) * 86400000.0) / 1000.0 FROM "deadlines"
                    """)
            let seconds = try #require(try database.read { db in try ahead.fetchOne(db) })
            #expect(abs(seconds - base.timeIntervalSinceNow) < 5)
        }
        try forEveryRepresentation { try check($0) }
    }

    // MARK: Date plus an interval

    @Test func addingAnIntervalMatchesSQLiteAndFoundation() throws {
        try insert([Deadline(id: 1, due: base, done: nil)])
        let intervals: [(SQLDateInterval, modifier: String, seconds: Double)] = [
            (.days(7), "+7 days", 7 * 86_400),
            (-.days(7), "-7 days", -7 * 86_400),
            (.hours(-3), "-3 hours", -3 * 3_600),
            (.minutes(90), "+90 minutes", 90 * 60),
            (.seconds(1.5), "+1.500 seconds", 1.5),
            (.seconds(-0.0005), "-0.001 seconds", -0.001),
            (.seconds(45), "+45.000 seconds", 45),
        ]
        func check<S: InstantColumnSet>(_ set: S) throws {
            typealias R = S.R
            let columns = set.typed
            let stored = columns.stored(base)
            for (interval, modifier, seconds) in intervals {
                let query = Deadline.select {
                    ($0[keyPath: columns.due] + interval, $0[keyPath: columns.due].julianday(modifier))
                }
                #expect(
                    query.parameterSQL == """
                        SELECT \(columns.storedForm("\(columns.timeValue(columns.dueName)), ?")), \
                        julianday(\(columns.wrap(columns.dueName)), ?) FROM "deadlines"
                        """)
                #expect(try query.fragment.bindings == [.text(modifier), .text(modifier)])
                let row = try #require(try database.read { db in try query.fetchOne(db) })
                // Foundation, to the representation's precision.
                let foundation = stored.addingTimeInterval(seconds)
                #expect(milliseconds(row.0) == columns.roundedToUnit(milliseconds(foundation)), "\(R.self) \(modifier)")
                // SQLite's own julianday(x, modifier), to the representation's precision.
                let sqlite = try #require(row.1)
                let sqliteMilliseconds = Int64((sqlite * 86_400_000).rounded()) - 210_866_760_000_000
                #expect(milliseconds(row.0) == columns.roundedToUnit(sqliteMilliseconds), "\(R.self) \(modifier)")
                if columns.unit == 1 {
                    #expect(julianDay(row.0) == sqlite, "\(R.self) \(modifier)")
                }
            }
        }
        try forEveryRepresentation { try check($0) }
    }

    @Test func theResultIsExactlyWhatBindingTheInstantStores() throws {
        // Compared with IS, unwrapped, and by storage class: the computed stored form is the
        // codec's, byte for byte.
        try insert([Deadline(id: 1, due: base)])
        func check<S: InstantColumnSet>(_ set: S) throws {
            typealias R = S.R
            let columns = set.typed
            try database.write { db in
                try Deadline.find(1).update { $0[dynamicMember: columns.due] += .days(1) }.execute(db)
            }
            let expected = R(represented: date(milliseconds: milliseconds(columns.stored(base)) + 86_400_000))
            let column = columns.dueName
            let same = try database.read { db in
                try db.fetchOne(
                    (Bool, String).self, #"SELECT "\#(column)" IS ?, typeof("\#(column)") FROM "deadlines""#, expected)
            }
            #expect(same?.0 == true, "\(R.self)")
            #expect(same?.1 == columns.storage, "\(R.self)")
        }
        try forEveryRepresentation { try check($0) }
    }

    @Test func monthsAndYearsAreSQLiteCalendarSteps() throws {
        let cases: [(from: Date, SQLDateInterval, modifier: String, to: Date, sqlite: String)] = [
            // February 31 rolls over to March 2 (March 3 in a common year).
            (utc(2024, 1, 31, 10), .months(1), "+1 months", utc(2024, 3, 2, 10), "2024-03-02 10:00:00"),
            (utc(2023, 1, 31, 10), .months(1), "+1 months", utc(2023, 3, 3, 10), "2023-03-03 10:00:00"),
            (utc(2024, 3, 31, 10), .months(-1), "-1 months", utc(2024, 3, 2, 10), "2024-03-02 10:00:00"),
            (utc(2024, 1, 15, 10), .months(13), "+13 months", utc(2025, 2, 15, 10), "2025-02-15 10:00:00"),
            (utc(2024, 2, 29, 10), .years(1), "+1 years", utc(2025, 3, 1, 10), "2025-03-01 10:00:00"),
            (utc(2024, 2, 29, 10), .years(4), "+4 years", utc(2028, 2, 29, 10), "2028-02-29 10:00:00"),
            (utc(2024, 12, 31, 23, 30), .hours(1), "+1 hours", utc(2025, 1, 1, 0, 30), "2025-01-01 00:30:00"),
        ]
        try insert(cases.enumerated().map { Deadline(id: $0.offset + 1, due: $0.element.from) })
        func check<S: InstantColumnSet>(_ set: S) throws {
            typealias R = S.R
            let columns = set.typed
            for (index, (_, interval, modifier, to, sqlite)) in cases.enumerated() {
                let query = Deadline.find(index + 1).select {
                    ($0[keyPath: columns.due] + interval, $0[keyPath: columns.due].datetime(modifier))
                }
                let row = try #require(try database.read { db in try query.fetchOne(db) })
                #expect(row.0 == to, "\(R.self) \(modifier)")
                // SQLite's own datetime(x, '+1 months') agrees.
                #expect(row.1 == sqlite, "\(R.self) \(modifier)")
            }
        }
        try forEveryRepresentation { try check($0) }
        // Foundation's calendar clamps instead: January 31 plus one month is February 29.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        #expect(calendar.date(byAdding: .month, value: 1, to: utc(2024, 1, 31, 10)) == utc(2024, 2, 29, 10))
    }

    @Test func chainedIntervalsAreOneCall() throws {
        try insert([Deadline(id: 1, due: base)])
        // Annotated: inferring the query's type from the operators alone took 70 ms of type-checking.
        let query: Select<Date, SQLTables.One<SQLTables.Inner<Deadline>>> =
            Deadline.select { $0.text + .days(1) - .hours(2) + .months(1) }
        #expect(query.parameterSQL == #"SELECT strftime('%Y-%m-%d %H:%M:%f', "text", ?, ?, ?) FROM "deadlines""#)
        #expect(try query.fragment.bindings == [.text("+1 days"), .text("-2 hours"), .text("+1 months")])
        #expect(
            query.description
                == #"SELECT strftime('%Y-%m-%d %H:%M:%f', "text", '+1 days', '-2 hours', '+1 months') FROM "deadlines""#
        )
        #expect(try database.read { db in try query.fetchOne(db) } == utc(2024, 4, 16, 7, 5, 7, milliseconds: 89))
    }

    // MARK: Differences

    @Test func differencesMatchSQLiteJulianDays() throws {
        let done = date(milliseconds: milliseconds(base) + 3 * 86_400_000 + 3_723_456)
        try insert([Deadline(id: 1, due: base, done: done), Deadline(id: 2, due: base, done: nil)])
        func check<S: InstantColumnSet>(_ set: S) throws {
            typealias R = S.R
            let columns = set.typed
            let query = Deadline.order(by: \.id).select {
                (
                    $0[keyPath: columns.done].timeIntervalSince($0[keyPath: columns.due]),
                    $0[keyPath: columns.done].daysSince($0[keyPath: columns.due])
                )
            }
            let (doneName, dueName) = (columns.doneName, columns.dueName)
            #expect(
                query.parameterSQL == """
                    SELECT round((\(columns.wrap(doneName)) - \(columns.wrap(dueName))) * 86400000.0) / 1000.0, \
                    \(columns.wrap(doneName)) - \(columns.wrap(dueName)) FROM "deadlines" ORDER BY "id"
                    """)
            let rows = try database.read { db in try query.fetchAll(db) }
            let sqlite = try database.read { db in
                try db.fetchAll(
                    Double?.self,
                    "SELECT (\(columns.wrap(doneName)) - \(columns.wrap(dueName))) * 86400.0 FROM deadlines ORDER BY id"
                )
            }
            let elapsed = milliseconds(columns.stored(done)) - milliseconds(columns.stored(base))
            #expect(rows[0].0 == Double(elapsed) / 1000, "\(R.self)")
            let seconds: Double = try #require(rows[0].0)
            let sqliteSeconds: Double = try #require(sqlite[0])
            #expect(abs(seconds - sqliteSeconds) < 1e-4)
            let foundation: TimeInterval = columns.stored(done).timeIntervalSince(columns.stored(base))
            #expect(abs(seconds - foundation) < 1e-6)
            let days: Double = try #require(rows[0].1)
            #expect(abs(days - Double(elapsed) / 86_400_000) < 1e-9)
            // A NULL operand gives NULL.
            #expect(rows[1].0 == nil)
            #expect(rows[1].1 == nil)
            #expect(sqlite[1] == nil)
        }
        try forEveryRepresentation { try check($0) }
    }

    @Test func differencesAcrossRepresentationsAreNotOptionalWhenNeitherIs() throws {
        try insert([Deadline(id: 1, due: utc(2024, 3, 15, 9, 5, 7))])
        let query = Deadline.select {
            ($0.text.timeIntervalSince($0.unixMilliseconds), $0.unix.daysSince($0.julianDay))
        }
        #expect(
            query.parameterSQL == """
                SELECT round((julianday("text") - julianday("unixMilliseconds" / 1000.0, 'unixepoch')) * 86400000.0) / 1000.0, \
                julianday("unix", 'unixepoch') - julianday("julianDay") FROM "deadlines"
                """)
        let row: (Double, Double)? = try database.read { db in try query.fetchOne(db) }
        #expect(row?.0 == 0)
        #expect(row?.1 == 0)
    }

    // MARK: Updates and NULL

    @Test func updatingByAnIntervalReadsBackRight() throws {
        try insert([Deadline(id: 1, due: base, done: base), Deadline(id: 2, due: base, done: nil)])
        func check<S: InstantColumnSet>(_ set: S) throws {
            let columns = set.typed
            let before = try #require(try database.read { db in try Deadline.find(1).select(columns.due).fetchOne(db) })
            let update = Deadline.find(1).update {
                $0[dynamicMember: columns.due] += .days(1)
                $0[dynamicMember: columns.done] -= .hours(1)
            }
            let (due, done) = (columns.dueName, columns.doneName)
            #expect(
                update.parameterSQL == """
                    UPDATE "deadlines" SET "\(due)" = \(columns.storedForm("\(columns.timeValue(due)), ?")), \
                    "\(done)" = \(columns.storedForm("\(columns.timeValue(done)), ?")) WHERE ("id" = ?)
                    """)
            #expect(try update.fragment.bindings == [.text("+1 days"), .text("-1 hours"), .integer(1)])
            try database.write { db in try update.execute(db) }
            let after = try database.read { db in
                try Deadline.find(1).select { ($0[keyPath: columns.due], $0[keyPath: columns.done]) }.fetchOne(db)
            }
            #expect(after.map { milliseconds($0.0) } == milliseconds(before) + 86_400_000)
            #expect(after?.1 == date(milliseconds: milliseconds(columns.stored(base)) - 3_600_000))
            // The NULL completion date of row 2 stays NULL.
            let nulls = Deadline.find(2).update { $0[dynamicMember: columns.done] += .days(1) }
            try database.write { db in try nulls.execute(db) }
            #expect(try database.read { db in try Deadline.find(2).select(columns.done).fetchOne(db) } == .some(nil))
        }
        try forEveryRepresentation { try check($0) }
    }

    @Test func nullOperandsGiveNull() throws {
        try insert([Deadline(id: 1, due: base, done: nil), Deadline(id: 2, due: base, done: base)])
        func check<S: InstantColumnSet>(_ set: S) throws {
            let columns = set.typed
            let moved = Deadline.order(by: \.id).select { $0[keyPath: columns.done] + .days(1) }
            let rows = try database.read { db in try moved.fetchAll(db) }
            #expect(rows == [nil, date(milliseconds: milliseconds(columns.stored(base)) + 86_400_000)])
            // A NULL date is in no range.
            let soon = Deadline.where { $0[keyPath: columns.done] < .now() + .days(1) }.select(\.id)
            #expect(try database.read { db in try soon.fetchAll(db) } == [2])
        }
        try forEveryRepresentation { try check($0) }
    }

    // MARK: Intervals

    @Test func intervalsRenderAsModifiersWithoutTrapping() throws {
        #expect(try SQLDateInterval.days(7).modifierText() == "+7 days")
        #expect(try (-SQLDateInterval.days(7)).modifierText() == "-7 days")
        #expect(try (-SQLDateInterval.days(-7)).modifierText() == "+7 days")
        #expect(try SQLDateInterval.years(2).modifierText() == "+2 years")
        #expect(try SQLDateInterval.seconds(0.25).modifierText() == "+0.250 seconds")
        #expect(try SQLDateInterval.seconds(-61).modifierText() == "-61.000 seconds")
        #expect(try SQLDateInterval.days(Int.min).modifierText() == "-9223372036854775808 days")
        #expect(try (-SQLDateInterval.days(Int.min)).modifierText() == "+9223372036854775808 days")
        #expect(throws: SQLEncodingError.self) { try SQLDateInterval.seconds(.nan).modifierText() }
        #expect(throws: SQLEncodingError.self) { try SQLDateInterval.seconds(.infinity).modifierText() }
        #expect(throws: SQLEncodingError.self) { try SQLDateInterval.seconds(Int.max).modifierText() }
        // An interval beyond SQLite's dates gives NULL, not a wrong date.
        try insert([Deadline(id: 1, due: base)])
        let far = Deadline.select { $0.text + .days(Int.max) }
        #expect(try database.read { db in try db.fetchOne(String?.self, try far.fragment) } == .some(nil))
        let farDue = Deadline.select { $0.unixReal.daysSince($0.unixReal + .years(100_000)) }
        #expect(try database.read { db in try db.fetchOne(Double?.self, try farDue.fragment) } == .some(nil))
    }
}

extension SQLDateInterval {
    /// The modifier's text, as the interval binds it.
    func modifierText() throws -> String {
        let bindings = try Deadline.select { $0.text + self }.fragment.bindings
        guard case .text(let text)? = bindings.first else { return "" }
        return text
    }
}
