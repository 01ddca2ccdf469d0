import Codd
import CoddQueryAssertions
import Foundation
import Testing

/// One instant in every representation.
@Table
struct Meeting: Identifiable, Equatable {
    let id: Int
    var title = ""
    var at: Date
    @Column(as: Date.ISO8601Representation.self) var isoAt: Date
    @Column(as: Date.UnixTimeRepresentation.self) var unixAt: Date
    @Column(as: Date.UnixTimeMillisecondsRepresentation.self) var unixMillisecondsAt: Date
    @Column(as: Date.UnixTimeRealRepresentation.self) var unixRealAt: Date
    @Column(as: Date.JulianDayRepresentation.self) var julianDayAt: Date
    var endedAt: Date?
}

/// A table other software filled: text dates in whatever format it wrote.
@Table
struct LegacyEvent: Identifiable {
    let id: Int
    var at: Date
}

extension Meeting {
    /// The same instant in every column.
    init(id: Int, title: String, at: Date, endedAt: Date? = nil) {
        self.init(
            id: id, title: title, at: at, isoAt: at, unixAt: at, unixMillisecondsAt: at,
            unixRealAt: at, julianDayAt: at, endedAt: endedAt
        )
    }
}

/// wrapSQL on a real database: dates compare as instants with SQLite's own date functions
/// and across formats, compare unwrapped (and use an index) between plain values, and keep
/// their milliseconds.
@Suite("Dates in queries")
struct DateQueryTests {
    let database: Database
    let base = utc(2024, 3, 15, 9, 5, 7, milliseconds: 100)

    /// The millisecond-precision date `offset` milliseconds after `base` (date arithmetic in
    /// seconds, `addingTimeInterval(0.001)`, can land one unit in the last place away).
    func after(_ offset: Int64) -> Date {
        date(milliseconds: milliseconds(base) + offset)
    }

    init() throws {
        database = try Database.inMemory()
        try database.write { db in
            try db.execute(
                """
                CREATE TABLE "meetings" (
                  "id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "at" TEXT NOT NULL, "isoAt" TEXT NOT NULL,
                  "unixAt" INTEGER NOT NULL, "unixMillisecondsAt" INTEGER NOT NULL, "unixRealAt" REAL NOT NULL,
                  "julianDayAt" REAL NOT NULL, "endedAt" TEXT
                );
                CREATE INDEX "meetings_at" ON "meetings"("at");
                CREATE TABLE "legacyEvents" ("id" INTEGER PRIMARY KEY, "at" TEXT NOT NULL);
                INSERT INTO "legacyEvents" VALUES
                  (1, '2024-01-01 09:00:00Z'),
                  (2, '2024-01-01T10:30:00+02:00'),
                  (3, '2024-01-01 08:45'),
                  (4, '2024-01-01T08:40:00.5'),
                  (5, '2024-01-01');
                """)
            try Meeting.insert([
                Meeting(id: 1, title: "first", at: base),
                Meeting(id: 2, title: "second", at: after(1)),
                Meeting(id: 3, title: "third", at: after(2), endedAt: after(3_600_000)),
            ]).execute(db)
        }
    }

    @Test func aTextDateComparedWithAFunctionResultIsWrapped() throws {
        // Yesterday and tomorrow by SQLite's clock.
        try database.write { db in
            try db.execute(
                """
                INSERT INTO "legacyEvents" VALUES (10, datetime('now', '-1 day')), (11, datetime('now', '+1 day'))
                """)
        }
        let beforeNow = LegacyEvent.where { $0.id >= 10 && $0.at < #sql("datetime('now')", as: Date.self) }.select(\.id)
        assertQuery(beforeNow, in: database) {
            """
            SELECT "id" FROM "legacyEvents" WHERE (("id" >= ?) AND (julianday("at") < julianday(datetime('now'))))
            """
        } results: {
            """
            ┌────┐
            │ 10 │
            └────┘
            """
        }

        let afterNow = LegacyEvent.where { $0.id >= 10 && $0.at > #sql("CURRENT_TIMESTAMP", as: Date.self) }.select(
            \.id)
        assertQuery(afterNow, in: database) {
            """
            SELECT "id" FROM "legacyEvents" WHERE (("id" >= ?) AND (julianday("at") > julianday(CURRENT_TIMESTAMP)))
            """
        } results: {
            """
            ┌────┐
            │ 11 │
            └────┘
            """
        }
    }

    @Test func aValueStoredWithAnOffsetComparesAsItsInstant() throws {
        let cutoff = utc(2024, 1, 1, 8, 50)
        // Wrapped: the offset is applied, 10:30+02:00 is 08:30 UTC.
        let wrapped = LegacyEvent.where { $0.at.lt(#sql("\(cutoff)", as: Date.self)) }.order(by: \.id).select(\.id)
        #expect(try wrapped.fragment.bindings == [.text("2024-01-01 08:50:00.000")])
        assertQuery(wrapped, in: database) {
            """
            SELECT "id" FROM "legacyEvents" WHERE (julianday("at") < julianday(?)) ORDER BY "id"
            """
        } results: {
            """
            ┌───┐
            │ 2 │
            │ 3 │
            │ 4 │
            │ 5 │
            └───┘
            """
        }
        assertSQL(wrapped, rendering: .inlineLiterals) {
            """
            SELECT "id" FROM "legacyEvents" WHERE (julianday("at") < julianday('2024-01-01 08:50:00.000')) ORDER BY "id"
            """
        }
        #expect(
            try database.read { db in try db.fetchAll(Int.self, SQLFragment(sql: wrapped.description)) } == [
                2, 3, 4, 5,
            ])

        // A bound date against the column is wrapped too: as text, rows 2 and 4 would
        // compare wrongly ('T' sorts after ' ', and the offset would not be applied).
        let plain = LegacyEvent.where { $0.at < cutoff }.order(by: \.id).select(\.id)
        assertQuery(plain, in: database) {
            """
            SELECT "id" FROM "legacyEvents" WHERE (julianday("at") < julianday(?)) ORDER BY "id"
            """
        } results: {
            """
            ┌───┐
            │ 2 │
            │ 3 │
            │ 4 │
            │ 5 │
            └───┘
            """
        }
        let asText = try database.read { db in
            try db.fetchAll(Int.self, #"SELECT "id" FROM "legacyEvents" WHERE "at" < ? ORDER BY "id""#, cutoff)
        }
        #expect(asText == [3, 5])

        // Normalizing the column once keeps what it stores uniform; the answer is the same.
        try database.write { db in
            try db.execute(#"UPDATE "legacyEvents" SET "at" = strftime('%Y-%m-%d %H:%M:%f', "at")"#)
        }
        #expect(try database.read { db in try plain.fetchAll(db) } == [2, 3, 4, 5])
        let stored = try database.read { db in
            try db.fetchAll(String.self, #"SELECT "at" FROM "legacyEvents" ORDER BY "id""#)
        }
        #expect(
            stored == [
                "2024-01-01 09:00:00.000", "2024-01-01 08:30:00.000", "2024-01-01 08:45:00.000",
                "2024-01-01 08:40:00.500", "2024-01-01 00:00:00.000",
            ])
    }

    @Test func orderByOverMixedFormatsIsChronological() throws {
        // Ordering through the wrap compares instants, whatever the format.
        let query = LegacyEvent.order { #sql("\($0.at)", as: Date.self) }.select(\.id)
        assertQuery(query, in: database) {
            """
            SELECT "id" FROM "legacyEvents" ORDER BY julianday("at")
            """
        } results: {
            """
            ┌───┐
            │ 5 │
            │ 2 │
            │ 4 │
            │ 3 │
            │ 1 │
            └───┘
            """
        }
        let descending = LegacyEvent.order { #sql("\($0.at)", as: Date.self).desc() }.select(\.at)
        let dates = try database.read { db in try descending.fetchAll(db) }
        #expect(dates == dates.sorted(by: >))
        #expect(dates.first == utc(2024, 1, 1, 9))

        // Every TEXT date orders by its instant.
        assertQuery(LegacyEvent.order(by: \.at).select(\.id), in: database) {
            """
            SELECT "id" FROM "legacyEvents" ORDER BY julianday("at")
            """
        } results: {
            """
            ┌───┐
            │ 5 │
            │ 2 │
            │ 4 │
            │ 3 │
            │ 1 │
            └───┘
            """
        }
        assertQuery(Meeting.order { $0.at.desc() }.select(\.id), in: database) {
            """
            SELECT "id" FROM "meetings" ORDER BY julianday("at") DESC
            """
        } results: {
            """
            ┌───┐
            │ 3 │
            │ 2 │
            │ 1 │
            └───┘
            """
        }
    }

    @Test func anExpressionIndexServesWrappedComparisons() throws {
        try database.write { db in
            try db.execute(#"CREATE INDEX "meetings_at_instant" ON "meetings"(julianday("at"))"#)
        }
        let query = Meeting.where { $0.at < after(2) }.select(\.id)
        #expect(query.parameterSQL == #"SELECT "id" FROM "meetings" WHERE (julianday("at") < julianday(?))"#)
        #expect(try query.fragment.bindings == [.text("2024-03-15 09:05:07.102")])
        #expect(
            query.description
                == #"SELECT "id" FROM "meetings" WHERE (julianday("at") < julianday('2024-03-15 09:05:07.102'))"#)
        let plan = try database.read { db in
            try db.fetchAll((Int, Int, Int, String).self, "EXPLAIN QUERY PLAN " + query.parameterSQL, base)
        }
        #expect(plan.map(\.3).contains { $0.contains("INDEX meetings_at_instant") })
        #expect(try database.read { db in try query.fetchAll(db) }.sorted() == [1, 2])

        // A comparison with a function result is wrapped the same way, and served the same way.
        let wrapped = Meeting.where { $0.at < #sql("datetime('now')", as: Date.self) }.select(\.id)
        #expect(
            wrapped.parameterSQL == #"SELECT "id" FROM "meetings" WHERE (julianday("at") < julianday(datetime('now')))"#
        )
        let wrappedPlan = try database.read { db in
            try db.fetchAll((Int, Int, Int, String).self, "EXPLAIN QUERY PLAN " + wrapped.parameterSQL)
        }
        #expect(wrappedPlan.map(\.3).contains { $0.contains("INDEX meetings_at_instant") })
        #expect(try database.read { db in try wrapped.fetchAll(db) }.sorted() == [1, 2, 3])
    }

    @Test func aCurrentTimestampDefaultEqualsTheSameInstantWrittenByTheCodec() throws {
        try database.write { db in
            try db.execute(#"INSERT INTO "legacyEvents" VALUES (20, '2024-06-01 10:00:00')"#)
        }
        let query = LegacyEvent.where { $0.at.eq(utc(2024, 6, 1, 10)) }.select(\.id)
        #expect(try query.fragment.bindings == [.text("2024-06-01 10:00:00.000")])
        #expect(try database.read { db in try query.fetchAll(db) } == [20])
        // As text, '2024-06-01 10:00:00' and '2024-06-01 10:00:00.000' differ.
        let asText = try database.read { db in
            try db.fetchAll(Int.self, #"SELECT "id" FROM "legacyEvents" WHERE "at" = ?"#, utc(2024, 6, 1, 10))
        }
        #expect(asText == [])
    }

    @Test func qualifiedColumnsAreWrappedToo() throws {
        let query = Meeting.join(LegacyEvent.all) { $0.at.gt($1.at) }
            .where { meeting, _ in meeting.at < #sql("datetime('now')", as: Date.self) }
            .select { ($0.id, $1.id) }
        #expect(query.parameterSQL.contains(#"WHERE (julianday("meetings"."at") < julianday(datetime('now')))"#))
        // Two TEXT date columns compare as instants too.
        #expect(query.parameterSQL.contains(#"ON julianday("meetings"."at") > julianday("legacyEvents"."at")"#))
    }

    /// The ids of meetings whose `column` is after `date`, compared plain (bound) and wrapped.
    func idsAfter<R: SQLComparable>(
        _ column: KeyPath<Meeting.TableColumns, TableColumn<Meeting, R>>, _ date: Date
    ) throws -> (plain: [Int], wrapped: [Int], plainSQL: String, wrappedSQL: String) where R.Represented == Date {
        let plain = Meeting.where { $0[keyPath: column].gt(date) }.order(by: \.id).select(\.id)
        let wrapped = Meeting.where { $0[keyPath: column].gt(#sql("\(R(represented: date))", as: R.self)) }
            .order(by: \.id).select(\.id)
        return try database.read { db in
            // Both rendered forms, the statement's and the literal one, find the same rows.
            let plainRows = try plain.fetchAll(db)
            let wrappedRows = try wrapped.fetchAll(db)
            #expect(try db.fetchAll(Int.self, SQLFragment(sql: plain.description)) == plainRows)
            #expect(try db.fetchAll(Int.self, SQLFragment(sql: wrapped.description)) == wrappedRows)
            return (plainRows, wrappedRows, plain.parameterSQL, wrapped.parameterSQL)
        }
    }

    @Test func millisecondDistinctDatesCompareInEveryMillisecondRepresentation() throws {
        let middle = after(1)
        for column in [\Meeting.TableColumns.at] {
            let result = try idsAfter(column, middle)
            #expect(result.plain == [3])
            #expect(result.wrapped == [3])
            #expect(result.wrappedSQL.contains(#"julianday("at") > julianday(?)"#))
        }
        let iso = try idsAfter(\.isoAt, middle)
        #expect(iso.plain == [3] && iso.wrapped == [3])
        #expect(iso.plainSQL.contains(#"(julianday("isoAt") > julianday(?))"#))

        let milliseconds = try idsAfter(\.unixMillisecondsAt, middle)
        #expect(milliseconds.plain == [3] && milliseconds.wrapped == [3])
        #expect(
            milliseconds.wrappedSQL.contains(
                #"(julianday("unixMillisecondsAt" / 1000.0, 'unixepoch') > julianday(? / 1000.0, 'unixepoch'))"#))

        let real = try idsAfter(\.unixRealAt, middle)
        #expect(real.plain == [3] && real.wrapped == [3])
        #expect(real.wrappedSQL.contains(#"(julianday("unixRealAt", 'unixepoch') > julianday(?, 'unixepoch'))"#))

        let julian = try idsAfter(\.julianDayAt, middle)
        #expect(julian.plain == [3] && julian.wrapped == [3])
        #expect(julian.wrappedSQL.contains(#"(julianday("julianDayAt") > julianday(?))"#))

        // Whole seconds: all three meetings are in second 09:05:07.
        let seconds = try idsAfter(\.unixAt, utc(2024, 3, 15, 9, 5, 6))
        #expect(seconds.plain == [1, 2, 3] && seconds.wrapped == [1, 2, 3])
        #expect(seconds.wrappedSQL.contains(#"(julianday("unixAt", 'unixepoch') > julianday(?, 'unixepoch'))"#))
        #expect(try idsAfter(\.unixAt, utc(2024, 3, 15, 9, 5, 7)).plain.isEmpty)
    }

    @Test func everyRepresentationWrapsToTheSameInstantForSQLiteDateFunctions() throws {
        let format = "%Y-%m-%d %H:%M:%f"
        let text = Meeting.order(by: \.id).select {
            ($0.at.strftime(format), $0.isoAt.strftime(format), $0.unixAt.datetime())
        }
        let numbers = Meeting.order(by: \.id).select {
            ($0.unixMillisecondsAt.strftime(format), $0.unixRealAt.strftime(format), $0.julianDayAt.strftime(format))
        }
        assertQuery(text, in: database) {
            """
            SELECT strftime(?, julianday("at")), strftime(?, julianday("isoAt")), datetime(julianday("unixAt", 'unixepoch')) FROM "meetings" ORDER BY "id"
            """
        } results: {
            """
            ┌───────────────────────────┬───────────────────────────┬───────────────────────┐
            │ "2024-03-15 09:05:07.100" │ "2024-03-15 09:05:07.100" │ "2024-03-15 09:05:07" │
            │ "2024-03-15 09:05:07.101" │ "2024-03-15 09:05:07.101" │ "2024-03-15 09:05:07" │
            │ "2024-03-15 09:05:07.102" │ "2024-03-15 09:05:07.102" │ "2024-03-15 09:05:07" │
            └───────────────────────────┴───────────────────────────┴───────────────────────┘
            """
        }
        assertQuery(numbers, in: database) {
            """
            SELECT strftime(?, julianday("unixMillisecondsAt" / 1000.0, 'unixepoch')), strftime(?, julianday("unixRealAt", 'unixepoch')), strftime(?, julianday("julianDayAt")) FROM "meetings" ORDER BY "id"
            """
        } results: {
            """
            ┌───────────────────────────┬───────────────────────────┬───────────────────────────┐
            │ "2024-03-15 09:05:07.100" │ "2024-03-15 09:05:07.100" │ "2024-03-15 09:05:07.100" │
            │ "2024-03-15 09:05:07.101" │ "2024-03-15 09:05:07.101" │ "2024-03-15 09:05:07.101" │
            │ "2024-03-15 09:05:07.102" │ "2024-03-15 09:05:07.102" │ "2024-03-15 09:05:07.102" │
            └───────────────────────────┴───────────────────────────┴───────────────────────────┘
            """
        }
    }

    @Test func rawSQLTypedAsARepresentationProducesItsStoredForm() throws {
        // Both sides get the representation's wrap: unix seconds against unix seconds.
        let beforeNow = Meeting.where { $0.unixAt < #sql("unixepoch('now')", as: Date.UnixTimeRepresentation.self) }
            .select(\.id)
        #expect(
            beforeNow.parameterSQL
                == #"SELECT "id" FROM "meetings" WHERE (julianday("unixAt", 'unixepoch') < julianday(unixepoch('now'), 'unixepoch'))"#
        )
        #expect(try database.read { db in try beforeNow.fetchAll(db) }.sorted() == [1, 2, 3])
        // Text typed as unix time is a mistake SQLite answers with NULL: nothing matches.
        let mistyped = Meeting.where { $0.unixAt < #sql("datetime('now')", as: Date.UnixTimeRepresentation.self) }
            .select(\.id)
        #expect(try database.read { db in try mistyped.fetchAll(db) }.isEmpty)
    }

    @Test func aCompoundMillisecondOperandIsParenthesizedBeforeTheDivision() throws {
        let later = Meeting.where {
            $0.unixMillisecondsAt.lt(
                #sql("\($0.unixMillisecondsAt) + 1", as: Date.UnixTimeMillisecondsRepresentation.self))
        }.select(\.id)
        #expect(
            later.parameterSQL.contains(
                #"(julianday("unixMillisecondsAt" / 1000.0, 'unixepoch') < julianday(("unixMillisecondsAt" + 1) / 1000.0, 'unixepoch'))"#
            ))
        #expect(try database.read { db in try later.fetchAll(db) }.sorted() == [1, 2, 3])
    }

    @Test func rowsDecodeAndAggregatesKeepTheStoredForm() throws {
        let meetings = try database.read { db in try Meeting.order(by: \.id).fetchAll(db) }
        #expect(meetings.map(\.at) == [base, after(1), after(2)])
        #expect(meetings.map(\.julianDayAt) == meetings.map(\.at))
        #expect(
            meetings.map(\.unixAt) == [utc(2024, 3, 15, 9, 5, 7), utc(2024, 3, 15, 9, 5, 7), utc(2024, 3, 15, 9, 5, 7)])
        #expect(meetings.map(\.endedAt) == [nil, nil, after(3_600_000)])

        let latest = try database.read { db in try Meeting.select { $0.at.max() }.fetchOne(db) }
        #expect(latest == after(2))
        assertQuery(Meeting.where { $0.endedAt.isNot(nil) }.select(\.title), in: database) {
            """
            SELECT "title" FROM "meetings" WHERE ("endedAt" IS NOT NULL)
            """
        } results: {
            """
            ┌─────────┐
            │ "third" │
            └─────────┘
            """
        }
    }
}
