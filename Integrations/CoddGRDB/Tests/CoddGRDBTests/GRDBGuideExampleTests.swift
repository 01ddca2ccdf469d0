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

@Suite("docs/GRDB.md")
struct GRDBGuideExampleTests {
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
