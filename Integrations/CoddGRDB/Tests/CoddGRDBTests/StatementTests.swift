import Codd
import CoddGRDB
import Foundation
import GRDB
import Testing

/// Codd's SELECT, INSERT, UPDATE, DELETE and upserts on GRDB's `DatabaseQueue` and
/// `DatabasePool`, with the SQL each renders.
@Suite("Codd statements on GRDB connections")
struct StatementTests {
    @Test func selectInsertUpdateDeleteOnAQueue() throws {
        let queue = try makeQueue()
        let insert = Reminder.insert([
            Reminder.Draft(title: "Buy milk", priority: 3),
            Reminder.Draft(title: "Walk dog", priority: nil),
        ])
        #expect(try insert.fragment.sql == #"INSERT INTO "reminders" ("title", "priority") VALUES (?, ?), (?, ?)"#)
        try queue.write { db in try insert.execute(db) }

        let all = Reminder.all.order(by: \.id)
        #expect(try all.fragment.sql == #"SELECT "id", "title", "priority" FROM "reminders" ORDER BY "id""#)
        let rows = try queue.read { db in try all.fetchAll(db) }
        #expect(
            rows == [
                Reminder(id: 1, title: "Buy milk", priority: 3), Reminder(id: 2, title: "Walk dog", priority: nil),
            ])

        let update = Reminder.where { $0.priority == nil }.update { $0.priority = Int?(1) }
        #expect(try update.fragment.sql == #"UPDATE "reminders" SET "priority" = ? WHERE ("priority" IS NULL)"#)
        try queue.write { db in try update.execute(db) }
        #expect(try queue.read { db in try Reminder.where { $0.id == 2 }.fetchOne(db) }?.priority == 1)

        let delete = Reminder.where { $0.id == 1 }.delete()
        #expect(try delete.fragment.sql == #"DELETE FROM "reminders" WHERE ("id" = ?)"#)
        try queue.write { db in try delete.execute(db) }
        #expect(try queue.read { db in try Reminder.all.fetchCount(db) } == 1)
        // GRDB reads the same rows.
        #expect(
            try queue.read { db in try String.fetchAll(db, sql: #"SELECT "title" FROM "reminders""#) } == ["Walk dog"])
    }

    @Test func selectionsTuplesAndCounts() throws {
        let queue = try makeQueue()
        try queue.write { db in
            try Reminder.insert([
                Reminder.Draft(title: "a", priority: 1),
                Reminder.Draft(title: "b", priority: 2),
                Reminder.Draft(title: "c", priority: 2),
            ]).execute(db)
        }
        try queue.read { (db) throws in
            #expect(try Reminder.select { ($0.id, $0.title) }.order(by: \.id).fetchAll(db).map(\.1) == ["a", "b", "c"])
            #expect(
                try Reminder.select(\.title).where { $0.priority == 2 }.order(by: \.title).fetchAll(db) == ["b", "c"])
            #expect(try Reminder.where { $0.priority == 2 }.fetchCount(db) == 2)
            #expect(try Reminder.where { $0.priority == 9 }.fetchOne(db) == nil)
            #expect(try Reminder.count().fetchOne(db) == 3)
            // A limited statement keeps its own limit and offset.
            #expect(try Reminder.all.order(by: \.id).limit(1, offset: 2).fetchOne(db)?.title == "c")
        }
    }

    /// `fetchOne` adds `LIMIT 1`, as Codd's own does: the SQL GRDB traces.
    @Test func fetchOneRendersALimit() throws {
        let queue = try makeQueue()
        let traced = try queue.write { db in
            try Reminder.insert { Reminder.Draft(title: "a", priority: 1) }.execute(db)
            var statements: [String] = []
            db.trace { statements.append($0.description) }
            _ = try Reminder.where { $0.priority == 1 }.fetchOne(db)
            db.trace(options: [], nil)
            return statements
        }
        #expect(traced == [#"SELECT "id", "title", "priority" FROM "reminders" WHERE ("priority" = ?) LIMIT 1"#])
    }

    @Test func upsertAndReturningOnAPool() throws {
        let pool = try makePool()
        try pool.write { db in
            try Reminder.insert { Reminder(id: 1, title: "Buy milk", priority: 1) }.execute(db)
        }
        let upsert =
            Reminder
            .insert { Reminder(id: 1, title: "Buy oat milk", priority: 2) }
            .onConflict({ $0.id }, doUpdate: { $0.title = $1.title })
            .returning { ($0.id, $0.title) }
        #expect(
            try upsert.fragment.sql
                == #"INSERT INTO "reminders" ("id", "title", "priority") VALUES (?, ?, ?) ON CONFLICT ("id") DO UPDATE SET "title" = "excluded"."title" RETURNING "reminders"."id", "reminders"."title""#
        )
        let returned = try pool.write { db in try upsert.fetchAll(db) }
        #expect(returned.map(\.0) == [1])
        #expect(returned.map(\.1) == ["Buy oat milk"])
        #expect(try pool.read { db in try Reminder.all.fetchOne(db) }?.priority == 1)
        // fetchOne of a write with RETURNING runs it to its end: both rows are written.
        let first = try pool.write { db in
            try Reminder.insert([
                Reminder.Draft(title: "x"),
                Reminder.Draft(title: "y"),
            ]).returning(\.id).fetchOne(db)
        }
        #expect(first == 2)
        #expect(try pool.read { db in try Reminder.all.fetchCount(db) } == 3)
    }

    /// Readers of a pool run Codd fetches in parallel with each other and with a writer.
    @Test func parallelReadsOnAPool() async throws {
        let pool = try makePool()
        try await pool.write { db in
            for index in 0..<100 {
                try Reminder.insert { Reminder.Draft(title: "r\(index)", priority: index % 3) }.execute(db)
            }
        }
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask { try await pool.read { db in try Reminder.where { $0.priority == 1 }.fetchCount(db) } }
            }
            group.addTask {
                try await pool.write { db in
                    try Reminder.where { $0.priority == 2 }.update { $0.priority = Int?(0) }.execute(db)
                }
                return 33
            }
            for try await count in group { #expect(count == 33) }
        }
        #expect(try await pool.read { db in try Reminder.where { $0.priority == 2 }.fetchCount(db) } == 0)
    }
}
