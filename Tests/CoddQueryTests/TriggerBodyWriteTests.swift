import Codd
import CoddQueryAssertions
import Foundation
import Testing

/// A log the triggers of these tests write to.
@Table
struct ReminderLog: Identifiable, Equatable {
    let id: Int
    var reminderID = 0
    var title = ""
    var action = ""
}

/// Trigger bodies that write rows made of the firing row's values: INSERT … VALUES with
/// expressions of `new` and `old`, INSERT … SELECT, the one-parameter `.update { new in }`,
/// and what goes wrong (RAISE, a NUL in a name).
@Suite("Trigger bodies that write")
struct TriggerBodyWriteTests {
    let database: Database

    init() throws {
        database = try makeRemindersDatabase()
        try database.write { db in
            try db.execute(
                #"CREATE TABLE "reminderLogs" ("id" INTEGER PRIMARY KEY, "reminderID" INTEGER NOT NULL, "title" TEXT NOT NULL, "action" TEXT NOT NULL DEFAULT 'listed')"#
            )
        }
    }

    /// `insert { columns } values: { expressions of new }`: INSERT … VALUES in a trigger.
    @Test func insertValuesFromTheNewRow() throws {
        let trigger = Reminder.createTemporaryTrigger(
            after: .insert { new in
                ReminderLog.insert {
                    ($0.reminderID, $0.title, $0.action)
                } values: {
                    (new.id, new.title.upper(), "inserted: it's -- \"new\" 🎉")
                }
            }
        )
        assertSQL(trigger) {
            """
            CREATE TEMPORARY TRIGGER "after_insert_on_reminders_79567959" AFTER INSERT ON "reminders" FOR EACH ROW BEGIN INSERT INTO "reminderLogs" ("reminderID", "title", "action") VALUES ("new"."id", upper("new"."title"), 'inserted: it''s -- "new" 🎉'); END
            """
        }
        try database.write { db in
            try trigger.execute(db)
            try Reminder.insert { Reminder.Draft(title: "Dentist", remindersListID: 1) }.execute(db)
        }
        assertQuery(ReminderLog.all, in: database) {
            """
            SELECT "id", "reminderID", "title", "action" FROM "reminderLogs"
            """
        } results: {
            """
            ┌─────────────────────────────────────────┐
            │ ReminderLog(                            │
            │   id: 1,                                │
            │   reminderID: 7,                        │
            │   title: "DENTIST",                     │
            │   action: #"inserted: it's -- "new" 🎉"# │
            │ )                                       │
            └─────────────────────────────────────────┘
            """
        }
    }

    /// The old row after a DELETE; one column and its value.
    @Test func insertValuesFromTheOldRow() throws {
        let trigger = Reminder.createTemporaryTrigger(
            before: .delete { old in
                Tag.insert {
                    $0.name
                } values: {
                    old.title.lower()
                }
            }
        )
        assertSQL(trigger) {
            """
            CREATE TEMPORARY TRIGGER "before_delete_on_reminders_416e52be" BEFORE DELETE ON "reminders" FOR EACH ROW BEGIN INSERT INTO "tags" ("name") VALUES (lower("old"."title")); END
            """
        }
        try database.write { db in
            try trigger.execute(db)
            try Reminder.find(2).delete().execute(db)
        }
        assertQuery(Tag.select(\.name).order(by: \.id), in: database) {
            """
            SELECT "name" FROM "tags" ORDER BY "id"
            """
        } results: {
            """
            ┌───────────────┐
            │ "electronics" │
            │ "mobile"      │
            │ "apple"       │
            │ "call mom"    │
            └───────────────┘
            """
        }
    }

    /// INSERT … SELECT in a trigger body, the SELECT filtered by the new row.
    @Test func insertSelectReadingTheNewRow() throws {
        let trigger = RemindersList.createTemporaryTrigger(
            after: .update(of: \.title) { new in
                ReminderLog.insert(
                    { ($0.reminderID, $0.title) },
                    select: Reminder.where { $0.remindersListID.eq(new.id) }.select { ($0.id, $0.title) })
            }
        )
        assertSQL(trigger) {
            """
            CREATE TEMPORARY TRIGGER "after_update_of_title_on_remindersLists_b32d1927" AFTER UPDATE OF "title" ON "remindersLists" FOR EACH ROW BEGIN INSERT INTO "reminderLogs" ("reminderID", "title") SELECT "reminders"."id", "reminders"."title" FROM "reminders" WHERE ("reminders"."remindersListID" = "new"."id"); END
            """
        }
        try database.write { db in
            try trigger.execute(db)
            try RemindersList.find(2).update { $0.title = "Office" }.execute(db)
        }
        assertQuery(ReminderLog.select { ($0.reminderID, $0.title, $0.action) }.order(by: \.reminderID), in: database) {
            """
            SELECT "reminderID", "title", "action" FROM "reminderLogs" ORDER BY "reminderID"
            """
        } results: {
            """
            ┌───┬────────────┬──────────┐
            │ 4 │ "Report"   │ "listed" │
            │ 5 │ "Archived" │ "listed" │
            └───┴────────────┴──────────┘
            """
        }
    }

    /// `.update { new in … }`: the seed's one-parameter form, with a `when:` on `new`.
    @Test func oneParameterUpdate() throws {
        let trigger = Reminder.createTemporaryTrigger(
            after: .update { new in
                ReminderLog.insert {
                    ($0.reminderID, $0.title, $0.action)
                } values: {
                    (new.id, new.title, "updated")
                }
            } when: { new in
                new.isCompleted
            }
        )
        assertSQL(trigger) {
            """
            CREATE TEMPORARY TRIGGER "after_update_on_reminders_572da51c" AFTER UPDATE ON "reminders" FOR EACH ROW WHEN "new"."isCompleted" BEGIN INSERT INTO "reminderLogs" ("reminderID", "title", "action") VALUES ("new"."id", "new"."title", 'updated'); END
            """
        }
        try database.write { db in
            try trigger.execute(db)
            try Reminder.find(1).update { $0.isCompleted = true }.execute(db)
            try Reminder.find(3).update { $0.title = "Visa" }.execute(db)
        }
        assertQuery(ReminderLog.select { ($0.reminderID, $0.title, $0.action) }, in: database) {
            """
            SELECT "reminderID", "title", "action" FROM "reminderLogs"
            """
        } results: {
            """
            ┌───┬─────────────┬───────────┐
            │ 1 │ "Groceries" │ "updated" │
            └───┴─────────────┴───────────┘
            """
        }
    }

    /// `RAISE(ABORT, …)`: the write fails with a typed `SQLiteError` whose message is the
    /// trigger's, exactly (SQLITE_CONSTRAINT_TRIGGER), and nothing is written.
    @Test func raiseReachesTheCallerAsATypedError() throws {
        let message = "no titles with quotes: it's -- \"x\" 🎉"
        let trigger = Reminder.createTemporaryTrigger(
            before: .insert { _ in
                Values(SQLRaise.abort(message))
            } when: { new in
                new.title.like("%'%")
            }
        )
        try database.write { db in try trigger.execute(db) }
        let error = #expect(throws: SQLiteError.self) {
            try database.write { db in
                try Reminder.insert { Reminder.Draft(title: "it's", remindersListID: 1) }.execute(db)
            }
        }
        #expect(error?.message == message)
        #expect(error?.code == .constraint)
        #expect(error?.extendedCode.rawValue == 1811)  // SQLITE_CONSTRAINT_TRIGGER
        #expect(try database.read { db in try Reminder.all.fetchCount(db) } == 6)
    }

    /// A NUL in a trigger's name is quoted as written and the driver refuses the SQL: a
    /// typed error, never a statement cut short at the NUL.
    @Test func aNULInATriggerNameIsAnError() throws {
        let trigger = Tag.createTemporaryTrigger(after: .delete { _ in Values(SQLRaise.ignore) }).named("bad\u{0}name")
        #expect(try trigger.fragment.sql.hasPrefix("CREATE TEMPORARY TRIGGER \"bad\u{0}name\" AFTER DELETE"))
        #expect(throws: SQLiteError.self) { try database.write { db in try trigger.execute(db) } }
        #expect(try schemaNames(of: "trigger", temporary: true, in: database).isEmpty)
    }

    /// A RAISE message is a string literal, which cannot hold a NUL: an encoding error that
    /// shows the message, and no trigger created.
    @Test func aNULInARaiseMessageIsAnEncodingError() throws {
        let trigger = Tag.createTemporaryTrigger(before: .insert { _ in Values(SQLRaise.abort("nul\u{0}here")) })
        let error = #expect(throws: SQLEncodingError.self) { try database.write { db in try trigger.execute(db) } }
        #expect(
            error?.description == #"Cannot encode SQLRaise value "nul\0here": a RAISE message cannot hold a NUL byte"#)
        #expect(try schemaNames(of: "trigger", temporary: true, in: database).isEmpty)
        // An error with no value to show reads without one.
        let empty = SQLEncodingError(type: "SQLCase", valuePreview: "", reason: "a CASE needs at least one WHEN")
        #expect(empty.description == "Cannot encode SQLCase: a CASE needs at least one WHEN")
    }
}
