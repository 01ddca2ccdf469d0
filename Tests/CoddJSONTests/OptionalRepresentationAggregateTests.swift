import Codd
import Foundation
import Testing

// Every representation, optional, read back through JSON aggregation: `jsonObject()`,
// `jsonGroupArray()`, a column's own `jsonGroupArray()`, and a row nested twice (a row in a
// selection in an array). A non-NULL value of a representation whose stored form is not its
// JSON form (a date stored as unix milliseconds, a UUID as 16 bytes) nests in its JSON form
// (the text), and the optional reads that form back, as the non-optional column does.

@Table("places")
struct Place: Codable, Equatable {
    let id: Int
    var name = ""
}

@Table("visits")
struct Visit: Codable, Equatable {
    let id: Int
    var placeID: Int
    var uuidText: UUID?
    @Column(as: UUID.UppercaseTextRepresentation.self) var uuidUpper: UUID?
    @Column(as: UUID.BlobRepresentation.self) var uuidBlob: UUID?
    var dateText: Date?
    @Column(as: Date.ISO8601Representation.self) var dateISO: Date?
    @Column(as: Date.UnixTimeRepresentation.self) var dateSeconds: Date?
    @Column(as: Date.UnixTimeMillisecondsRepresentation.self) var dateMilliseconds: Date?
    @Column(as: Date.UnixTimeRealRepresentation.self) var dateReal: Date?
    @Column(as: Date.JulianDayRepresentation.self) var dateJulian: Date?
    @Column(as: [String].JSONRepresentation.self) var tags: [String]?
    var data: Data?
    var score: Double?
    var flag: Bool?
    var note: String?
    var count: Int?
}

@Selection
struct VisitSummary: Codable, Equatable {
    let visit: Visit
    let placeName: String
}

@Selection
struct PlaceWithSummaries: Equatable {
    let name: String
    @Column(as: [VisitSummary].JSONRepresentation.self)
    let summaries: [VisitSummary]
}

@Selection
struct PlaceWithVisits: Equatable {
    let place: Place
    @Column(as: [Visit].JSONRepresentation.self)
    let visits: [Visit]
}

@Suite("Optional representations through JSON aggregation")
struct OptionalRepresentationAggregateTests {
    /// Whole seconds where a representation keeps only seconds, milliseconds elsewhere.
    static let instant = date(1_764_098_357_651)
    static let wholeSecond = date(1_764_098_357_000)

    /// One visit with every column set, one with every optional NULL, one with some set.
    static let visits: [Visit] = [
        Visit(
            id: 1, placeID: 1,
            uuidText: UUID(uuidString: "8C2B6F0E-1A2B-4C3D-8E9F-0A1B2C3D4E5F"),
            uuidUpper: UUID(uuidString: "00000000-0000-0000-0000-000000000001"),
            uuidBlob: UUID(uuidString: "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF"),
            dateText: instant, dateISO: instant, dateSeconds: wholeSecond, dateMilliseconds: instant,
            dateReal: instant, dateJulian: wholeSecond,
            tags: ["it's \"quoted\"", "--", "emoji 🎉", "nul\u{0}byte"], data: Data([0, 1, 0xFF]), score: 0.1 + 0.2,
            flag: true, note: "note", count: Int.min
        ),
        Visit(
            id: 2, placeID: 1, uuidText: nil, uuidUpper: nil, uuidBlob: nil, dateText: nil, dateISO: nil,
            dateSeconds: nil, dateMilliseconds: nil, dateReal: nil, dateJulian: nil, tags: nil, data: nil,
            score: nil, flag: nil, note: nil, count: nil
        ),
        Visit(
            id: 3, placeID: 2, uuidText: nil, uuidUpper: UUID(uuidString: "A0A1A2A3-A4A5-A6A7-A8A9-AAABACADAEAF"),
            uuidBlob: UUID(uuidString: "00000000-0000-0000-0000-000000000000"), dateText: nil,
            dateISO: date(-62_135_596_800_000), dateSeconds: nil, dateMilliseconds: date(-1),
            dateReal: nil, dateJulian: date(0), tags: [], data: Data(), score: -1.5e-300, flag: false,
            note: "", count: 0
        ),
    ]

    let database: Database

    init() throws {
        database = try Database.inMemory()
        try database.write { db in
            try db.execute(
                """
                CREATE TABLE "places" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL) STRICT;
                CREATE TABLE "visits" (
                  "id" INTEGER PRIMARY KEY, "placeID" INTEGER NOT NULL REFERENCES "places"("id"),
                  "uuidText" TEXT, "uuidUpper" TEXT, "uuidBlob" BLOB, "dateText" TEXT, "dateISO" TEXT,
                  "dateSeconds" INTEGER, "dateMilliseconds" INTEGER, "dateReal" REAL, "dateJulian" REAL,
                  "tags" TEXT, "data" BLOB, "score" REAL, "flag" INTEGER, "note" TEXT, "count" INTEGER
                ) STRICT;
                INSERT INTO "places" VALUES (1, 'Home'), (2, 'Work');
                """)
            try Visit.insert(Self.visits).execute(db)
        }
    }

    @Test func theRowsReadBackDirectly() throws {
        // The reference: the same rows read as columns.
        let rows = try database.read { try Visit.order(by: \.id).fetchAll($0) }
        #expect(rows == Self.visits)
    }

    @Test func jsonObjectOfEachRow() throws {
        let query = Visit.order(by: \.id).select { $0.jsonObject() }
        let rows = try database.read { try query.fetchAll($0) }
        #expect(rows == Self.visits)
    }

    @Test func jsonGroupArrayOfTheRows() throws {
        let query = Visit.select { $0.jsonGroupArray() }
        let rows = try database.read { try query.fetchAll($0) }
        #expect(rows.count == 1)
        #expect(rows.first?.sorted { $0.id < $1.id } == Self.visits)
    }

    @Test func jsonGroupArrayOfAnOuterJoinedRow() throws {
        let query =
            Place
            .group(by: \.id)
            .leftJoin(Visit.all) { $0.id.eq($1.placeID) }
            .select { PlaceWithVisits.Columns(place: $0, visits: $1.jsonGroupArray()) }
            .order { place, _ in place.id }
        let rows = try database.read { try query.fetchAll($0) }
        #expect(rows.map(\.place.name) == ["Home", "Work"])
        let visits: [[Visit]] = rows.map { row in row.visits.sorted { $0.id < $1.id } }
        let expected: [[Visit]] = [Array(Self.visits.prefix(2)), [Self.visits[2]]]
        #expect(visits == expected)
    }

    @Test func aRowNestedTwice() throws {
        // A visit inside a selection, inside an array, inside the row.
        let query =
            Place
            .group(by: \.id)
            .join(Visit.all) { $0.id.eq($1.placeID) }
            .select {
                PlaceWithSummaries.Columns(
                    name: $0.name,
                    summaries: VisitSummary.Columns(visit: $1, placeName: $0.name).jsonGroupArray()
                )
            }
            .order { place, _ in place.id }
        let rows = try database.read { try query.fetchAll($0) }
        #expect(rows.map(\.name) == ["Home", "Work"])
        let visits: [[Visit]] = rows.map { row in row.summaries.map(\.visit).sorted { $0.id < $1.id } }
        let expected: [[Visit]] = [Array(Self.visits.prefix(2)), [Self.visits[2]]]
        #expect(visits == expected)
        let placeNames: [Set<String>] = rows.map { Set($0.summaries.map(\.placeName)) }
        let expectedNames: [Set<String>] = [["Home"], ["Work"]]
        #expect(placeNames == expectedNames)
    }

    @Test func eachOptionalColumnAggregatedAlone() throws {
        // A full scan of a rowid table visits the rows in rowid order, so the arrays are in
        // the order of `visits`.
        let uuids = Visit.select {
            ($0.uuidBlob.jsonGroupArray(), $0.uuidUpper.jsonGroupArray(), $0.uuidText.jsonGroupArray())
        }
        let dates = Visit.select {
            ($0.dateMilliseconds.jsonGroupArray(), $0.dateSeconds.jsonGroupArray(), $0.dateReal.jsonGroupArray())
        }
        let others = Visit.select {
            ($0.dateJulian.jsonGroupArray(), $0.dateISO.jsonGroupArray(), $0.data.jsonGroupArray())
        }
        let (blobs, uppers, texts) = try #require(try database.read { try uuids.fetchOne($0) })
        let (milliseconds, seconds, reals) = try #require(try database.read { try dates.fetchOne($0) })
        let (julians, isos, data) = try #require(try database.read { try others.fetchOne($0) })
        #expect(blobs == Self.visits.map(\.uuidBlob))
        #expect(uppers == Self.visits.map(\.uuidUpper))
        #expect(texts == Self.visits.map(\.uuidText))
        #expect(milliseconds == Self.visits.map(\.dateMilliseconds))
        #expect(seconds == Self.visits.map(\.dateSeconds))
        #expect(reals == Self.visits.map(\.dateReal))
        #expect(isos == Self.visits.map(\.dateISO))
        #expect(data == Self.visits.map(\.data))
        #expect(julians == Self.visits.map(\.dateJulian))
    }
}
