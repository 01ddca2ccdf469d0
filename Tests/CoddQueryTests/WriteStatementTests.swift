import Codd
import CoddQueryAssertions
import Foundation
import Testing

@Suite("INSERT, UPDATE and DELETE")
struct WriteStatementTests {
    let database: Database

    init() throws {
        database = try makeRemindersDatabase()
    }

    @Test func insertDraftsLetsSQLiteAssignTheKey() throws {
        let insert = Reminder.insert {
            Reminder.Draft(title: "Buy milk", priority: .low, remindersListID: 1)
        }
        assertSQL(insert) {
            """
            INSERT INTO "reminders" ("title", "notes", "isCompleted", "priority", "dueAt", "deletedAt", "remindersListID") VALUES (?, ?, ?, ?, ?, ?, ?)
            """
        }
        assertSQL(insert, rendering: .inlineLiterals) {
            """
            INSERT INTO "reminders" ("title", "notes", "isCompleted", "priority", "dueAt", "deletedAt", "remindersListID") VALUES ('Buy milk', '', 0, 1, NULL, NULL, 1)
            """
        }
        let id = try database.write { db in
            try insert.execute(db)
            return db.lastInsertedRowID
        }
        #expect(id == 7)
        let stored = try database.read { db in try Reminder.find(7).fetchOne(db) }
        #expect(stored == Reminder(id: 7, title: "Buy milk", priority: .low, remindersListID: 1))
    }

    @Test func insertSeveralRowsWithReturning() throws {
        let insert = Tag.insert([Tag(id: 10, name: "a"), Tag(id: 11, name: "b")]).returning { ($0.id, $0.name) }
        assertQuery(insert, in: database) {
            """
            INSERT INTO "tags" ("id", "name") VALUES (?, ?), (?, ?) RETURNING "tags"."id", "tags"."name"
            """
        } results: {
            """
            ┌────┬─────┐
            │ 10 │ "a" │
            │ 11 │ "b" │
            └────┴─────┘
            """
        }
    }

    @Test func insertOrIgnoreAndReplace() throws {
        let ignore = Tag.insert(or: .ignore, [Tag(id: 1, name: "duplicate")])
        assertQuery(ignore, in: database) {
            """
            INSERT OR IGNORE INTO "tags" ("id", "name") VALUES (?, ?)
            """
        }
        let kept = try database.read { db in try Tag.find(1).select(\.name).fetchOne(db) }
        #expect(kept == "electronics")
        assertQuery(Tag.insert(or: .replace, [Tag(id: 1, name: "replaced")]), in: database) {
            """
            INSERT OR REPLACE INTO "tags" ("id", "name") VALUES (?, ?)
            """
        }
        #expect(try database.read { db in try Tag.find(1).select(\.name).fetchOne(db) } == "replaced")
    }

    @Test func upsertUpdatesFromExcluded() throws {
        let upsert = Tag.insert([Tag(id: 2, name: "phones")])
            .onConflict({ $0.id }, doUpdate: { $0.name = $1.name })
        assertQuery(upsert, in: database) {
            """
            INSERT INTO "tags" ("id", "name") VALUES (?, ?) ON CONFLICT ("id") DO UPDATE SET "name" = "excluded"."name"
            """
        }
        #expect(try database.read { db in try Tag.find(2).select(\.name).fetchOne(db) } == "phones")
        let conditional = Tag.insert([Tag(id: 3, name: "fruit")])
            .onConflict({ $0.id }, doUpdate: { $0.name = $1.name }, where: { current, _ in current.name.neq("apple") })
        assertQuery(conditional, in: database) {
            """
            INSERT INTO "tags" ("id", "name") VALUES (?, ?) ON CONFLICT ("id") DO UPDATE SET "name" = "excluded"."name" WHERE "tags"."name" <> ?
            """
        }
        #expect(try database.read { db in try Tag.find(3).select(\.name).fetchOne(db) } == "apple")
    }

    @Test func upsertDoNothing() throws {
        let insert = Tag.insert([Tag(id: 1, name: "x")]).onConflictDoNothing { $0.id }
        assertQuery(insert, in: database) {
            """
            INSERT INTO "tags" ("id", "name") VALUES (?, ?) ON CONFLICT ("id") DO NOTHING
            """
        }
        #expect(try database.read { db in try Tag.all.fetchCount(db) } == 3)
    }

    @Test func insertFromASelect() throws {
        let insert = Tag.insert({ $0.name }, select: Item.where { $0.isActive }.select { $0.title.lower() })
        assertQuery(insert, in: database) {
            """
            INSERT INTO "tags" ("name") SELECT lower("items"."title") FROM "items" WHERE "items"."isActive"
            """
        }
        assertQuery(Tag.order(by: \.id).select(\.name), in: database) {
            """
            SELECT "name" FROM "tags" ORDER BY "id"
            """
        } results: {
            """
            ┌───────────────┐
            │ "electronics" │
            │ "mobile"      │
            │ "apple"       │
            │ "iphone"      │
            │ "case"        │
            └───────────────┘
            """
        }
    }

    @Test func insertOfNoRowsIsAnError() throws {
        #expect(throws: SQLEncodingError.self) {
            try database.write { db in try Tag.insert([Tag]()).execute(db) }
        }
    }

    @Test func updateWithCompoundAssignments() throws {
        let update = Reminder.where { $0.priority.eq(Priority.high) }.update {
            $0.title += " (Urgent!)"
            $0.isCompleted = true
        }
        assertSQL(update, rendering: .inlineLiterals) {
            """
            UPDATE "reminders" SET "title" = "title" || ' (Urgent!)', "isCompleted" = 1 WHERE ("priority" = 3)
            """
        }
        assertQuery(update, in: database) {
            """
            UPDATE "reminders" SET "title" = "title" || ?, "isCompleted" = ? WHERE ("priority" = ?)
            """
        }
        assertQuery(Reminder.where { $0.isCompleted }.order(by: \.id).select(\.title), in: database) {
            """
            SELECT "title" FROM "reminders" WHERE "isCompleted" ORDER BY "id"
            """
        } results: {
            """
            ┌──────────────────────┐
            │ "Call mom"           │
            │ "Passport (Urgent!)" │
            │ "Report (Urgent!)"   │
            └──────────────────────┘
            """
        }
    }

    /// As in the seed's trigger that moves a list to the end.
    @Test func updateSetsAColumnFromASubquery() throws {
        let update = RemindersList.find(1).update {
            $0.position = RemindersList.select { ($0.position.max() ?? -1) + 1 }
        }
        assertQuery(update, in: database) {
            """
            UPDATE "remindersLists" SET "position" = (SELECT coalesce(max("position"), ?) + ? FROM "remindersLists") WHERE ("id" = ?)
            """
        }
        assertQuery(RemindersList.find(1).select(\.position), in: database) {
            """
            SELECT "position" FROM "remindersLists" WHERE ("id" = ?)
            """
        } results: {
            """
            ┌───┐
            │ 4 │
            └───┘
            """
        }
    }

    @Test func updateReturningAndNumericAssignments() throws {
        let update = RemindersList.where { $0.id.lte(2) }.update { $0.position += 10 }.returning { $0.position }
        assertSQL(update) {
            """
            UPDATE "remindersLists" SET "position" = "position" + ? WHERE ("id" <= ?) RETURNING "position"
            """
        }
        // RETURNING hands rows back in no promised order.
        let positions = try database.write { db in try update.fetchAll(db) }
        #expect(positions.sorted() == [11, 12])
    }

    @Test func updateOfEveryRowInTheDefaultScope() throws {
        let update = ScopedReminder.update { $0.title = "deleted" }
        assertQuery(update, in: database) {
            """
            UPDATE "reminders" SET "title" = ? WHERE ("deletedAt" IS NOT NULL)
            """
        }
        #expect(try database.read { db in try Reminder.where { $0.title.eq("deleted") }.fetchCount(db) } == 2)
    }

    @Test func anUpdateWithoutAssignmentsIsAnError() throws {
        #expect(throws: SQLEncodingError.self) {
            try database.write { db in try Reminder.find(1).update { _ in }.execute(db) }
        }
    }

    @Test func deleteWhereReturning() throws {
        let delete = Reminder.where { $0.isCompleted }.delete().returning { $0.title }
        assertQuery(delete, in: database) {
            """
            DELETE FROM "reminders" WHERE "isCompleted" RETURNING "title"
            """
        } results: {
            """
            ┌────────────┐
            │ "Call mom" │
            └────────────┘
            """
        }
        #expect(try database.read { db in try Reminder.all.fetchCount(db) } == 5)
    }

    @Test func findByKeysAndExists() throws {
        assertQuery(Reminder.find([1, 3]).select(\.title), in: database) {
            """
            SELECT "title" FROM "reminders" WHERE ("id" IN (?, ?))
            """
        } results: {
            """
            ┌─────────────┐
            │ "Groceries" │
            │ "Passport"  │
            └─────────────┘
            """
        }
        let listsWithReminderOne = RemindersList.where { _ in Reminder.find(1).exists() }.select(\.id)
        assertQuery(listsWithReminderOne, in: database) {
            """
            SELECT "remindersLists"."id" FROM "remindersLists" WHERE (EXISTS (SELECT "reminders"."id", "reminders"."title", "reminders"."notes", "reminders"."isCompleted", "reminders"."priority", "reminders"."dueAt", "reminders"."deletedAt", "reminders"."remindersListID" FROM "reminders" WHERE ("reminders"."id" = ?)))
            """
        } results: {
            """
            ┌───┐
            │ 1 │
            │ 2 │
            │ 3 │
            └───┘
            """
        }
        let listsWithReminderNine = RemindersList.where { _ in Reminder.find(99).exists() }.select(\.id)
        assertQuery(listsWithReminderNine, in: database) {
            """
            SELECT "remindersLists"."id" FROM "remindersLists" WHERE (EXISTS (SELECT "reminders"."id", "reminders"."title", "reminders"."notes", "reminders"."isCompleted", "reminders"."priority", "reminders"."dueAt", "reminders"."deletedAt", "reminders"."remindersListID" FROM "reminders" WHERE ("reminders"."id" = ?)))
            """
        } results: {
            """
            (no rows)
            """
        }
    }

    @Test func cursorsIterateLazily() throws {
        let titles = try database.read { db -> [String] in
            var titles: [String] = []
            try Reminder.order(by: \.id).select(\.title).fetchCursor(db).forEach { titles.append($0) }
            return titles
        }
        #expect(titles.count == 6)
        #expect(titles.first == "Groceries")
    }

    @Test func failedWritesInsideATransactionLeaveNothing() throws {
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try database.write { db in
                try Reminder.delete().execute(db)
                try Tag.insert([Tag(id: 99, name: "x")]).execute(db)
                throw Stop()
            }
        }
        #expect(try database.read { db in try Reminder.all.fetchCount(db) } == 6)
        #expect(try database.read { db in try Tag.find(99).fetchOne(db) } == nil)
    }
}
