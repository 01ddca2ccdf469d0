import Codd
import CoddQueryAssertions
import Foundation
import Testing

/// Integer date components on every Date representation, checked against Foundation's
/// Gregorian calendar in UTC.
@Suite("date components")
struct DateComponentTests {
    let database: Database
    /// Instants around the edges of fields: a leap day, a year's last second, the epoch,
    /// a date before it, one with milliseconds.
    static let instants: [Date] = [
        date(milliseconds: 1_709_164_800_000),  // 2024-02-29 00:00:00 UTC, a Thursday
        date(milliseconds: 1_735_689_599_000),  // 2024-12-31 23:59:59 UTC
        date(milliseconds: 0),  // 1970-01-01, a Thursday
        date(milliseconds: -86_400_000 * 365 - 1000),  // 1968-12-31 23:59:59 (1969 is not a leap year)
        date(milliseconds: 1_751_376_245_678),  // 2025-07-01 13:24:05.678 UTC
    ]

    init() throws {
        database = try Database.inMemory()
        try database.write { db in
            try db.execute(Deadline.createTable)
            for (index, instant) in Self.instants.enumerated() {
                try Deadline.insert { Deadline(id: index + 1, due: instant, done: index == 0 ? nil : instant) }.execute(
                    db)
            }
        }
    }

    /// The components Foundation gives `instant` in UTC, in the DSL's order and numbering
    /// (weekday 0 is Sunday).
    static func expected(_ instant: Date) -> [Int] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: instant)
        let dayOfYear = calendar.ordinality(of: .day, in: .year, for: instant) ?? 0
        return [
            parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!, parts.second!, parts.weekday! - 1,
            dayOfYear,
        ]
    }

    @Test func everyComponentOnEveryRepresentation() throws {
        try forEveryRepresentation { set in try check(set) }
    }

    func check<S: InstantColumnSet>(_ set: S) throws {
        let columns = set.typed
        let due = columns.due
        let query = Deadline.order(by: \.id).select {
            ($0[keyPath: due].year, $0[keyPath: due].month, $0[keyPath: due].day, $0[keyPath: due].hour)
        }
        let more = Deadline.order(by: \.id).select {
            ($0[keyPath: due].minute, $0[keyPath: due].second, $0[keyPath: due].weekday, $0[keyPath: due].dayOfYear)
        }
        let rows = try database.read { db in try query.fetchAll(db) }
        let moreRows = try database.read { db in try more.fetchAll(db) }
        for (index, instant) in Self.instants.enumerated() {
            let stored = columns.stored(instant)
            let got =
                [rows[index].0, rows[index].1, rows[index].2, rows[index].3] + [
                    moreRows[index].0, moreRows[index].1, moreRows[index].2, moreRows[index].3,
                ]
            #expect(got == Self.expected(stored), "\(columns.dueName) of \(instant)")
        }
        // Rendered with strftime on the representation's wrapped form, cast to INTEGER.
        let sql = try Deadline.select { $0[keyPath: due].year }.fragment.sql
        let wrapped = columns.wrap(columns.dueName)
        #expect(sql == "SELECT CAST(strftime('%Y', \(wrapped)) AS INTEGER) FROM \"deadlines\"", "\(sql)")
        // An optional date gives an optional component: NULL for the first row.
        let done = columns.done
        let optional = try database.read { db in
            try Deadline.order(by: \.id).select { $0[keyPath: done].month }.fetchAll(db)
        }
        #expect(optional.first == .some(nil))
        let months: [Int?] = Self.instants.dropFirst().map { Self.expected(columns.stored($0))[1] }
        #expect(optional.dropFirst().map { $0 } == months)
    }

    @Test func componentsCompareAndOrder() throws {
        let query = Deadline.where { $0.unix.year >= 2024 && $0.text.weekday.eq(4) }.order { $0.iso.dayOfYear.desc() }
            .select(\.id)
        assertQuery(query, in: database) {
            """
            SELECT "id" FROM "deadlines" WHERE ((CAST(strftime('%Y', julianday("unix", 'unixepoch')) AS INTEGER) >= ?) AND (CAST(strftime('%w', julianday("text")) AS INTEGER) = ?)) ORDER BY CAST(strftime('%j', julianday("iso")) AS INTEGER) DESC
            """
        } results: {
            """
            ┌───┐
            │ 1 │
            └───┘
            """
        }
    }
}
