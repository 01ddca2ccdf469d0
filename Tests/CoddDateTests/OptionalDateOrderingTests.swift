import Codd
import Foundation
import Testing

/// A `Date?` column ordered against a `Date` column (issue 10) in every representation:
/// both directions, still through the representation's wrap (`julianday` on both sides for
/// TEXT dates), unwrapped between plain numeric columns.
@Suite("Optional dates ordered against dates")
struct OptionalDateOrderingTests {
    let database: Database
    let base = utc(2024, 3, 15, 9, 5, 7)

    init() throws {
        database = try Database.inMemory()
        try database.write { db in
            try db.execute(Deadline.createTable)
            try Deadline.insert([
                Deadline(id: 1, due: base, done: base.addingTimeInterval(-3_600)),
                Deadline(id: 2, due: base, done: base.addingTimeInterval(3_600)),
                Deadline(id: 3, due: base, done: nil),
                Deadline(id: 4, due: base, done: base),
            ]).execute(db)
        }
    }

    @Test func bothDirectionsThroughTheWrap() throws {
        func check<S: InstantColumnSet>(_ set: S) throws {
            typealias R = S.R
            let columns = set.typed
            let early = Deadline.where { $0[keyPath: columns.done] < $0[keyPath: columns.due] }.order(by: \.id).select(
                \.id)
            let late = Deadline.where { $0[keyPath: columns.due] < $0[keyPath: columns.done] }.order(by: \.id).select(
                \.id)
            let onTime = Deadline.where { $0[keyPath: columns.due].gte($0[keyPath: columns.done]) }.order(by: \.id)
                .select(\.id)
            let same = Deadline.where { $0[keyPath: columns.done] == $0[keyPath: columns.due] }.order(by: \.id).select(
                \.id)
            let (due, done) = (columns.dueName, columns.doneName)
            let (dueSQL, doneSQL) =
                columns.comparesUnwrapped ? ("\"\(due)\"", "\"\(done)\"") : (columns.wrap(due), columns.wrap(done))
            #expect(
                early.parameterSQL == #"SELECT "id" FROM "deadlines" WHERE (\#(doneSQL) < \#(dueSQL)) ORDER BY "id""#)
            #expect(
                late.parameterSQL == #"SELECT "id" FROM "deadlines" WHERE (\#(dueSQL) < \#(doneSQL)) ORDER BY "id""#)
            #expect(
                onTime.parameterSQL == #"SELECT "id" FROM "deadlines" WHERE (\#(dueSQL) >= \#(doneSQL)) ORDER BY "id""#)
            #expect(
                same.parameterSQL == #"SELECT "id" FROM "deadlines" WHERE (\#(doneSQL) = \#(dueSQL)) ORDER BY "id""#)
            #expect(try database.read { db in try early.fetchAll(db) } == [1], "\(R.self)")
            #expect(try database.read { db in try late.fetchAll(db) } == [2], "\(R.self)")
            #expect(try database.read { db in try onTime.fetchAll(db) } == [1, 4], "\(R.self)")
            #expect(try database.read { db in try same.fetchAll(db) } == [4], "\(R.self)")
        }
        try forEveryRepresentation { try check($0) }
    }

    @Test func theTextDateSpelledOut() throws {
        let query = Deadline.where { $0.doneText < $0.text && $0.text >= $0.doneText }.select(\.id)
        #expect(
            query.parameterSQL == """
                SELECT "id" FROM "deadlines" WHERE ((julianday("doneText") < julianday("text")) \
                AND (julianday("text") >= julianday("doneText")))
                """)
        #expect(try database.read { db in try query.fetchAll(db) } == [1])
        // A text date compares as its instant even when written in another format.
        try database.write { db in
            try db.execute(#"UPDATE "deadlines" SET "doneText" = '2024-03-15T10:05:07+02:00' WHERE "id" = 2"#)
        }
        #expect(try database.read { db in try query.fetchAll(db) } == [1, 2])
    }

    @Test func aDateRangeWithOptionalBounds() throws {
        let query = Deadline.where { $0.text.between($0.doneText, and: $0.doneText + .hours(2)) }.order(by: \.id)
            .select(\.id)
        #expect(
            query.parameterSQL == """
                SELECT "id" FROM "deadlines" WHERE (julianday("text") BETWEEN julianday("doneText") \
                AND julianday("doneText", ?)) ORDER BY "id"
                """)
        #expect(try database.read { db in try query.fetchAll(db) } == [1, 4])
    }
}
