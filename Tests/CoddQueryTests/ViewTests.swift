import Codd
import CoddQueryAssertions
import Foundation
import Testing

/// The rows of a view: open reminders with their list's title.
@Table("openReminders")
struct OpenReminder: Identifiable, Equatable {
    let id: Int
    var title = ""
    var listTitle = ""
}

/// A view with a hostile name: quoted wherever it is rendered.
@Table("it's \"view\"; -- 🎉")
struct HostileView: Equatable {
    var title = ""
}

@Suite("CREATE VIEW")
struct ViewTests {
    let database: Database

    init() throws {
        database = try makeRemindersDatabase()
    }

    static let openReminders =
        Reminder
        .where { !$0.isCompleted && $0.deletedAt.is(nil) && $0.title.neq("it's -- \"x\" 🎉") }
        .join(RemindersList.all) { $0.remindersListID.eq($1.id) }
        .select { ($0.id, $0.title, $1.title) }

    @Test func temporaryViewIsQueriedWithTheDSL() throws {
        let view = OpenReminder.createTemporaryView(as: Self.openReminders)
        assertSQL(view) {
            """
            CREATE TEMPORARY VIEW "openReminders" ("id", "title", "listTitle") AS SELECT "reminders"."id", "reminders"."title", "remindersLists"."title" FROM "reminders" JOIN "remindersLists" ON "reminders"."remindersListID" = "remindersLists"."id" WHERE (((NOT "reminders"."isCompleted") AND ("reminders"."deletedAt" IS NULL)) AND ("reminders"."title" <> 'it''s -- "x" 🎉'))
            """
        }
        try database.write { db in try view.execute(db) }
        assertQuery(OpenReminder.where { $0.listTitle.eq("Personal") }.order(by: \.title), in: database) {
            """
            SELECT "id", "title", "listTitle" FROM "openReminders" WHERE ("listTitle" = ?) ORDER BY "title"
            """
        } results: {
            """
            ┌─────────────────────────┐
            │ OpenReminder(           │
            │   id: 1,                │
            │   title: "Groceries",   │
            │   listTitle: "Personal" │
            │ )                       │
            ├─────────────────────────┤
            │ OpenReminder(           │
            │   id: 3,                │
            │   title: "Passport",    │
            │   listTitle: "Personal" │
            │ )                       │
            └─────────────────────────┘
            """
        }
        assertQuery(OpenReminder.all.order(by: \.id), in: database) {
            """
            SELECT "id", "title", "listTitle" FROM "openReminders" ORDER BY "id"
            """
        } results: {
            """
            ┌─────────────────────────┐
            │ OpenReminder(           │
            │   id: 1,                │
            │   title: "Groceries",   │
            │   listTitle: "Personal" │
            │ )                       │
            ├─────────────────────────┤
            │ OpenReminder(           │
            │   id: 3,                │
            │   title: "Passport",    │
            │   listTitle: "Personal" │
            │ )                       │
            ├─────────────────────────┤
            │ OpenReminder(           │
            │   id: 4,                │
            │   title: "Report",      │
            │   listTitle: "Work"     │
            │ )                       │
            └─────────────────────────┘
            """
        }
        let drop = view.drop()
        assertSQL(drop) {
            """
            DROP VIEW "openReminders"
            """
        }
        try database.write { db in try drop.execute(db) }
        #expect(throws: (any Error).self) {
            try database.read { db in try OpenReminder.all.fetchAll(db) }
        }
    }

    @Test func persistentViewIsStoredInTheSchema() throws {
        let view = OpenReminder.createView(ifNotExists: true, as: Self.openReminders)
        assertSQL(view) {
            """
            CREATE VIEW IF NOT EXISTS "openReminders" ("id", "title", "listTitle") AS SELECT "reminders"."id", "reminders"."title", "remindersLists"."title" FROM "reminders" JOIN "remindersLists" ON "reminders"."remindersListID" = "remindersLists"."id" WHERE (((NOT "reminders"."isCompleted") AND ("reminders"."deletedAt" IS NULL)) AND ("reminders"."title" <> 'it''s -- "x" 🎉'))
            """
        }
        try database.write { db in
            try view.execute(db)
            try view.execute(db)
        }
        let stored = try schemaNames(of: "view", in: database)
        #expect(stored == ["openReminders"])
        let count = try database.read { db in try OpenReminder.all.fetchCount(db) }
        #expect(count == 3)
        try database.write { db in try OpenReminder.dropView(ifExists: true).execute(db) }
        let left = try schemaNames(of: "view", in: database)
        #expect(left.isEmpty)
    }

    /// A view is read-only: SQLite refuses a write to it, until an INSTEAD OF trigger
    /// says what the write means.
    @Test func writeThroughAnInsteadOfTrigger() throws {
        try database.write { db in try OpenReminder.createTemporaryView(as: Self.openReminders).execute(db) }
        #expect(throws: (any Error).self) {
            try database.write { db in try OpenReminder.find(1).update { $0.title = "Milk" }.execute(db) }
        }
        let trigger = OpenReminder.createTemporaryTrigger(
            insteadOf: .update { old, new in
                Reminder.find(old.id).update { $0.title = new.title }
            }
        )
        assertSQL(trigger) {
            """
            CREATE TEMPORARY TRIGGER "insteadOf_update_on_openReminders_879de7f6" INSTEAD OF UPDATE ON "openReminders" FOR EACH ROW BEGIN UPDATE "reminders" SET "title" = "new"."title" WHERE ("reminders"."id" = "old"."id"); END
            """
        }
        try database.write { db in
            try trigger.execute(db)
            try OpenReminder.find(1).update { $0.title = "Milk" }.execute(db)
        }
        assertQuery(Reminder.find(1).select(\.title), in: database) {
            """
            SELECT "title" FROM "reminders" WHERE ("id" = ?)
            """
        } results: {
            """
            ┌────────┐
            │ "Milk" │
            └────────┘
            """
        }
    }

    @Test func hostileViewNameIsQuoted() throws {
        let view = HostileView.createTemporaryView(as: Tag.where { $0.id.eq(2) }.select(\.name))
        assertSQL(view) {
            """
            CREATE TEMPORARY VIEW "it's ""view""; -- 🎉" ("title") AS SELECT "name" FROM "tags" WHERE ("id" = 2)
            """
        }
        try database.write { db in try view.execute(db) }
        #expect(try schemaNames(of: "view", temporary: true, in: database) == ["it's \"view\"; -- 🎉"])
        assertQuery(HostileView.all, in: database) {
            """
            SELECT "title" FROM "it's ""view""; -- 🎉"
            """
        } results: {
            """
            ┌──────────────────────────────┐
            │ HostileView(title: "mobile") │
            └──────────────────────────────┘
            """
        }
        try database.write { db in try HostileView.dropView().execute(db) }
        #expect(try schemaNames(of: "view", temporary: true, in: database).isEmpty)
    }
}
