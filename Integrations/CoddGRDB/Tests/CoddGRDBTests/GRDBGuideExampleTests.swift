import Codd
import CoddGRDB
import Foundation
import GRDB
import Testing

// docs/GRDB.md: every Swift block of the guide, in order (the main package's
// Tests/CoddDocsTests/GRDBGuideTests.swift checks that each stands here). Synchronous
// blocks run in synchronous functions: in an async one, GRDB's async accesses are chosen.

@Table struct Reminder: Identifiable, Equatable {
    let id: Int
    var title = ""
    var priority: Int?
}

@Table struct Price {
    let id: Int
    var amount: Decimal
}

struct EventDetails: Codable, Equatable {
    var startsAt: Date
    var thumbnail: Data
    var organizer: UUID
}

// GRDB's record, as the app has it:
struct Event: Codable, FetchableRecord, PersistableRecord {
    var id: Int64
    var details: EventDetails
}

// Codd's view of the same table:
@Table("event") struct CoddEvent {
    let id: Int
    @Column(as: JSONDocument<EventDetails, GRDBJSONOptions>.self) var details: EventDetails
}

@Suite("docs/GRDB.md")
struct GRDBGuideExampleTests {
    @Test func jsonColumnsInGRDBsForm() throws {
        let organizer = UUID(uuidString: "8C2B6F0E-1A2B-4C3D-8E9F-0A1B2C3D4E5F")!
        let dbQueue = try DatabaseQueue()

        let details = EventDetails(
            startsAt: Date(timeIntervalSince1970: 1_710_493_507.125), thumbnail: Data([0, 0, 0]), organizer: organizer)
        try dbQueue.write { db in
            try db.execute(sql: #"CREATE TABLE "event" ("id" INTEGER PRIMARY KEY, "details" TEXT NOT NULL)"#)
            try Event(id: 1, details: details).insert(db)
            try CoddEvent.insert { CoddEvent(id: 2, details: details) }.execute(db)
        }
        let (coddRows, grdbRows) = try dbQueue.read { db in (try CoddEvent.all.fetchAll(db), try Event.fetchAll(db)) }
        #expect(coddRows.map(\.details) == [details, details])
        #expect(grdbRows.map(\.details) == [details, details])

        // The texts: GRDB's keys sorted, Codd's in declaration order, the same values.
        let texts = try dbQueue.read { db in
            try String.fetchAll(db, sql: #"SELECT "details" FROM "event" ORDER BY "id""#)
        }
        #expect(
            texts == [
                #"{"organizer":"8C2B6F0E-1A2B-4C3D-8E9F-0A1B2C3D4E5F","startsAt":1710493507125,"thumbnail":"AAAA"}"#,
                #"{"startsAt":1710493507125.0,"thumbnail":"AAAA","organizer":"8C2B6F0E-1A2B-4C3D-8E9F-0A1B2C3D4E5F"}"#,
            ])
    }

    /// Dates as apps make them (sub-millisecond), data of every length, a nil-free round trip
    /// both ways: Codd reads exactly what GRDB reads from the same row.
    @Test func jsonColumnsReadTheSameOnBothSides() throws {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: #"CREATE TABLE "event" ("id" INTEGER PRIMARY KEY, "details" TEXT NOT NULL)"#)
        }
        var id: Int64 = 0
        for length in 0..<8 {
            for startsAt in [
                Date(timeIntervalSince1970: 1_710_493_507.0891234), Date(timeIntervalSince1970: -86_400.5),
            ] {
                let details = EventDetails(
                    startsAt: startsAt, thumbnail: Data((0..<length).map { UInt8($0 * 37 & 0xFF) }), organizer: UUID())
                id += 1
                let grdbID = id
                id += 1
                let coddID = Int(id)
                try dbQueue.write { db in
                    try Event(id: grdbID, details: details).insert(db)
                    try CoddEvent.insert { CoddEvent(id: coddID, details: details) }.execute(db)
                }
                for rowID in [Int(grdbID), coddID] {
                    let (codd, grdb) = try dbQueue.read { db in
                        (try CoddEvent.find(rowID).fetchOne(db), try Event.fetchOne(db, key: rowID))
                    }
                    #expect(codd?.details == grdb?.details)
                    #expect(codd?.details.thumbnail == details.thumbnail)
                    #expect(codd?.details.organizer == details.organizer)
                }
            }
        }
        // Text that is not base64 is a typed error naming the path, not other bytes.
        try dbQueue.write { db in
            try db.execute(
                sql:
                    #"INSERT INTO "event" VALUES (1000, '{"startsAt":0,"thumbnail":"AAA","organizer":"8C2B6F0E-1A2B-4C3D-8E9F-0A1B2C3D4E5F"}')"#
            )
        }
        let error = #expect(throws: SQLDecodingError.self) {
            try dbQueue.read { db in try CoddEvent.find(1000).fetchOne(db) }
        }
        #expect(error?.description.contains("at JSON path $.thumbnail") == true)
        #expect(error?.description.contains("not base64") == true)
    }

    @Test func aCoddCollationOnGRDBsConnections() throws {
        var configuration = GRDB.Configuration()
        configuration.prepareDatabase { db in try db.add(coddCollation: .decimal) }
        let prices = try DatabaseQueue(configuration: configuration)
        try prices.write { db in
            try db.execute(sql: #"CREATE TABLE "prices" ("id" INTEGER PRIMARY KEY, "amount" TEXT NOT NULL)"#)
            try Price.insert([Price.Draft(amount: Decimal(9)), Price.Draft(amount: Decimal(100))]).execute(db)
        }
        let large = try prices.read { db in try Price.where { $0.amount > Decimal(10) }.select(\.id).fetchAll(db) }
        #expect(large == [2])
        // Without it, the statement names a collation GRDB's connection lacks.
        let plain = try DatabaseQueue()
        try plain.write { db in
            try db.execute(sql: #"CREATE TABLE "prices" ("id" INTEGER PRIMARY KEY, "amount" TEXT NOT NULL)"#)
        }
        let error = #expect(throws: DatabaseError.self) {
            try plain.read { db in try Price.where { $0.amount > Decimal(10) }.select(\.id).fetchAll(db) }
        }
        #expect(error?.message == "no such collation sequence: codd_decimal")
        #expect(throws: SQLCollationError.self) { try plain.write { db in try db.add(coddCollation: .nocase) } }
    }

    @Test(.timeLimit(.minutes(1))) func theGuideRuns() async throws {
        let dbQueue = try Self.queriesOnAQueue(path: try temporaryDatabasePath())
        try await Self.queriesOnAPool(poolPath: try temporaryDatabasePath())
        try Self.transactions(dbQueue)
        try await Self.observation(dbQueue)
        try Self.errors(dbQueue)
    }

    static func queriesOnAQueue(path: String) throws -> DatabaseQueue {
        let dbQueue = try DatabaseQueue(path: path)
        try dbQueue.write { db in
            try db.execute(
                sql: #"CREATE TABLE "reminders" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "priority" INTEGER)"#)
            try Reminder.insert([
                Reminder.Draft(title: "Buy milk", priority: 3),
                Reminder.Draft(title: "Call mom", priority: nil),
            ]).execute(db)
        }
        let urgent = try dbQueue.read { db in
            try Reminder.where { $0.priority >= 3 }.order(by: \.title).fetchAll(db)
        }
        #expect(urgent.map(\.title) == ["Buy milk"])
        return dbQueue
    }

    static func queriesOnAPool(poolPath: String) async throws {
        let dbPool = try GRDB.DatabasePool(path: poolPath)
        try await dbPool.write { db in
            try db.execute(
                sql: #"CREATE TABLE "reminders" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "priority" INTEGER)"#)
            try Reminder.insert { Reminder(id: 1, title: "Buy milk", priority: 1) }.execute(db)
            try Reminder.insert { Reminder(id: 1, title: "Buy oat milk", priority: 1) }
                .onConflict({ $0.id }, doUpdate: { $0.title = $1.title })
                .execute(db)
            try Reminder.where { $0.id == 1 }.update { $0.title += " (2 L)" }.execute(db)
        }
        let (count, first) = try await dbPool.read { db in
            (try Reminder.all.fetchCount(db), try Reminder.all.fetchOne(db))
        }
        #expect(count == 1 && first?.title == "Buy oat milk (2 L)")
    }

    static func transactions(_ dbQueue: DatabaseQueue) throws {
        try dbQueue.inTransaction { db in
            try Reminder.where { $0.priority == nil }.delete().execute(db)
            return .rollback
        }
        #expect(try dbQueue.read { db in try Reminder.all.fetchCount(db) } == 2)
    }

    static func observation(_ dbQueue: DatabaseQueue) async throws {
        let observation = ValueObservation.tracking { db in
            try Reminder.select(\.title).order(by: \.title).fetchAll(db)
        }
        var titles = observation.values(in: dbQueue).makeAsyncIterator()
        #expect(try await titles.next() == ["Buy milk", "Call mom"])
        try await dbQueue.write { db in try Reminder.insert { Reminder.Draft(title: "Walk dog") }.execute(db) }
        #expect(try await titles.next() == ["Buy milk", "Call mom", "Walk dog"])
    }

    static func errors(_ dbQueue: DatabaseQueue) throws {
        try dbQueue.write { db in try db.execute(sql: #"CREATE UNIQUE INDEX "titles" ON "reminders" ("title")"#) }
        let error = #expect(throws: DatabaseError.self) {
            try dbQueue.write { db in try Reminder.insert { Reminder.Draft(title: "Buy milk") }.execute(db) }
        }
        #expect(error?.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE)
        #expect(error?.sql == #"INSERT INTO "reminders" ("title", "priority") VALUES (?, ?)"#)
    }
}
