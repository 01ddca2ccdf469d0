import Codd
import CoddQueryAssertions
import Foundation
import Testing

@Suite("CREATE TRIGGER")
struct TriggerTests {
    let database: Database

    init() throws {
        database = try makeRemindersDatabase()
    }

    /// The seed's auto-increment `position`: a new list goes after the others.
    @Test func autoIncrementPosition() throws {
        let trigger = RemindersList.createTemporaryTrigger(
            after: .insert { new in
                RemindersList
                    .find(new.id)
                    .update {
                        $0.position = RemindersList.select { ($0.position.max() ?? -1) + 1 }
                    }
            }
        )
        assertSQL(trigger) {
            """
            CREATE TEMPORARY TRIGGER "after_insert_on_remindersLists_6672446f" AFTER INSERT ON "remindersLists" FOR EACH ROW BEGIN UPDATE "remindersLists" SET "position" = (SELECT coalesce(max("remindersLists"."position"), -1) + 1 FROM "remindersLists") WHERE ("remindersLists"."id" = "new"."id"); END
            """
        }
        try database.write { db in
            try trigger.execute(db)
            try RemindersList.insert { RemindersList.Draft(title: "Groceries") }.execute(db)
        }
        assertQuery(RemindersList.select { ($0.title, $0.position) }.order(by: \.id), in: database) {
            """
            SELECT "title", "position" FROM "remindersLists" ORDER BY "id"
            """
        } results: {
            """
            ┌─────────────┬───┐
            │ "Personal"  │ 1 │
            │ "Work"      │ 2 │
            │ "Old"       │ 3 │
            │ "Groceries" │ 4 │
            └─────────────┴───┘
            """
        }
    }

    /// `.update(of:)` with `old` and `new`, a `WHEN` condition, and two statements whose
    /// values (hostile text among them) render inline, escaped.
    @Test func updateOfColumnWithConditionAndSeveralStatements() throws {
        let trigger = Reminder.createTemporaryTrigger(
            after: .update(of: \.isCompleted) { old, new in
                Reminder.find(new.id).update { $0.notes = "done: it's -- \"over\" 🎉" }
                Tag.insert { Tag.Draft(name: "completed'); DROP TABLE \"tags\"; --") }
            } when: { old, new in
                new.isCompleted && !old.isCompleted
            }
        )
        assertSQL(trigger) {
            """
            CREATE TEMPORARY TRIGGER "after_update_of_isCompleted_on_reminders_f1b3c67e" AFTER UPDATE OF "isCompleted" ON "reminders" FOR EACH ROW WHEN "new"."isCompleted" AND (NOT "old"."isCompleted") BEGIN UPDATE "reminders" SET "notes" = 'done: it''s -- "over" 🎉' WHERE ("reminders"."id" = "new"."id"); INSERT INTO "tags" ("name") VALUES ('completed''); DROP TABLE "tags"; --'); END
            """
        }
        try database.write { db in
            try trigger.execute(db)
            // Not fired: the title is not `isCompleted`.
            try Reminder.find(1).update { $0.title = "Groceries!" }.execute(db)
            // Not fired: already completed.
            try Reminder.find(2).update { $0.isCompleted = true }.execute(db)
            // Fired.
            try Reminder.find(3).update { $0.isCompleted = true }.execute(db)
        }
        assertQuery(Reminder.where { $0.id.in([1, 2, 3]) }.select { ($0.id, $0.notes) }, in: database) {
            """
            SELECT "id", "notes" FROM "reminders" WHERE ("id" IN (?, ?, ?))
            """
        } results: {
            """
            ┌───┬────────────────────────────┐
            │ 1 │ "Milk"                     │
            │ 2 │ ""                         │
            │ 3 │ #"done: it's -- "over" 🎉"# │
            └───┴────────────────────────────┘
            """
        }
        assertQuery(Tag.select(\.name).order(by: \.id), in: database) {
            """
            SELECT "name" FROM "tags" ORDER BY "id"
            """
        } results: {
            """
            ┌────────────────────────────────────────┐
            │ "electronics"                          │
            │ "mobile"                               │
            │ "apple"                                │
            │ #"completed'); DROP TABLE "tags"; --"# │
            └────────────────────────────────────────┘
            """
        }
    }

    /// `.delete` sees the deleted row as `old`: a cascade.
    @Test func deleteCascadesThroughOld() throws {
        let trigger = RemindersList.createTemporaryTrigger(
            before: .delete { old in
                Reminder.where { $0.remindersListID.eq(old.id) }.delete()
            }
        )
        assertSQL(trigger) {
            """
            CREATE TEMPORARY TRIGGER "before_delete_on_remindersLists_668e7284" BEFORE DELETE ON "remindersLists" FOR EACH ROW BEGIN DELETE FROM "reminders" WHERE ("reminders"."remindersListID" = "old"."id"); END
            """
        }
        try database.write { db in
            try trigger.execute(db)
            try RemindersList.find(1).delete().execute(db)
        }
        assertQuery(Reminder.select { ($0.id, $0.remindersListID) }.order(by: \.id), in: database) {
            """
            SELECT "id", "remindersListID" FROM "reminders" ORDER BY "id"
            """
        } results: {
            """
            ┌───┬───┐
            │ 4 │ 2 │
            │ 5 │ 2 │
            │ 6 │ 3 │
            └───┴───┘
            """
        }
    }

    /// The seed's conditional trigger: deleting the last list creates a default one.
    @Test func defaultListWhenTheLastOneIsDeleted() throws {
        let trigger = RemindersList.createTemporaryTrigger(
            after: .delete { _ in
                RemindersList.insert { RemindersList.Draft(title: "Reminders") }
            } when: { _ in
                !RemindersList.exists()
            }
        )
        assertSQL(trigger) {
            """
            CREATE TEMPORARY TRIGGER "after_delete_on_remindersLists_594f385c" AFTER DELETE ON "remindersLists" FOR EACH ROW WHEN NOT EXISTS (SELECT "remindersLists"."id", "remindersLists"."title", "remindersLists"."position", "remindersLists"."deletedAt" FROM "remindersLists") BEGIN INSERT INTO "remindersLists" ("title", "position", "deletedAt") VALUES ('Reminders', 0, NULL); END
            """
        }
        try database.write { db in
            try Reminder.delete().execute(db)
            try trigger.execute(db)
            try RemindersList.find(1).delete().execute(db)
            let titles = try RemindersList.select(\.title).order(by: \.id).fetchAll(db)
            #expect(titles == ["Work", "Old"])
            try RemindersList.delete().execute(db)
        }
        assertQuery(RemindersList.select { ($0.title, $0.position) }, in: database) {
            """
            SELECT "title", "position" FROM "remindersLists"
            """
        } results: {
            """
            ┌─────────────┬───┐
            │ "Reminders" │ 0 │
            └─────────────┴───┘
            """
        }
    }

    /// The generated name is stable, differs with the body, and can be replaced.
    @Test func generatedNameIsStableAndOverridable() throws {
        func trigger(_ title: String) -> CreateTrigger<Tag> {
            Tag.createTemporaryTrigger(
                after: .insert { new in
                    Tag.find(new.id).update { $0.name = title }
                })
        }
        #expect(trigger("a").name == trigger("a").name)
        #expect(trigger("a").name != trigger("b").name)
        #expect(trigger("a").name.hasPrefix("after_insert_on_tags_"))
        #expect(trigger("a").named("renamed").name == "renamed")
    }

    /// A body that cannot render (NaN has no SQL literal) still has a stable name and a
    /// drop statement; creating the trigger throws the encoding error.
    @Test func aBodyThatCannotRenderStillHasAName() throws {
        let trigger = Tag.createTemporaryTrigger(before: .insert { _ in Values(Double.nan) })
        #expect(trigger.name == Tag.createTemporaryTrigger(before: .insert { _ in Values(Double.nan) }).name)
        #expect(trigger.name.hasPrefix("before_insert_on_tags_"))
        #expect(trigger.drop().description == "DROP TRIGGER \"\(trigger.name)\"")
        #expect(throws: SQLEncodingError.self) { try database.write { db in try trigger.execute(db) } }
    }

    /// A hostile name is quoted: the trigger is created, found and dropped by that name.
    @Test func hostileNameIsQuoted() throws {
        let name = "it's \"evil\"; DROP TABLE tags; -- 🎉"
        let renamed = Tag.createTemporaryTrigger(
            name,
            after: .delete { _ in
                Tag.insert { Tag.Draft(name: "deleted") }
            })
        assertSQL(renamed) {
            """
            CREATE TEMPORARY TRIGGER "it's ""evil""; DROP TABLE tags; -- 🎉" AFTER DELETE ON "tags" FOR EACH ROW BEGIN INSERT INTO "tags" ("name") VALUES ('deleted'); END
            """
        }
        try database.write { db in
            try renamed.execute(db)
            try Tag.find(3).delete().execute(db)
        }
        let names = try schemaNames(of: "trigger", temporary: true, in: database)
        #expect(names == [name])
        assertQuery(Tag.select(\.name).order(by: \.id), in: database) {
            """
            SELECT "name" FROM "tags" ORDER BY "id"
            """
        } results: {
            """
            ┌───────────────┐
            │ "electronics" │
            │ "mobile"      │
            │ "deleted"     │
            └───────────────┘
            """
        }
        let drop = renamed.drop()
        assertSQL(drop) {
            """
            DROP TRIGGER "it's ""evil""; DROP TABLE tags; -- 🎉"
            """
        }
        try database.write { db in try drop.execute(db) }
        let left = try schemaNames(of: "trigger", temporary: true, in: database)
        #expect(left.isEmpty)
    }

    /// A persistent trigger is stored in the schema (for migrations); `IF NOT EXISTS`
    /// makes creating it again harmless; `drop(ifExists:)` removes it.
    @Test func persistentTriggerIsStoredInTheSchema() throws {
        let trigger = Tag.createTrigger(
            "tags_lowercase", ifNotExists: true,
            after: .insert { new in
                Tag.find(new.id).update { $0.name = new.name.lower() }
            })
        assertSQL(trigger) {
            """
            CREATE TRIGGER IF NOT EXISTS "tags_lowercase" AFTER INSERT ON "tags" FOR EACH ROW BEGIN UPDATE "tags" SET "name" = lower("new"."name") WHERE ("tags"."id" = "new"."id"); END
            """
        }
        try database.write { db in
            try trigger.execute(db)
            try trigger.execute(db)
            try Tag.insert { Tag.Draft(name: "LOUD") }.execute(db)
        }
        let stored = try schemaNames(of: "trigger", in: database)
        #expect(stored == ["tags_lowercase"])
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
            │ "loud"        │
            └───────────────┘
            """
        }
        let drop = trigger.drop(ifExists: true)
        assertSQL(drop) {
            """
            DROP TRIGGER IF EXISTS "tags_lowercase"
            """
        }
        try database.write { db in
            try drop.execute(db)
            try drop.execute(db)
        }
        let left = try schemaNames(of: "trigger", in: database)
        #expect(left.isEmpty)
    }

    /// `RAISE(ABORT, …)` in a `Values` body refuses a write; the message is escaped.
    @Test func raiseAbortRefusesAWrite() throws {
        let trigger = Tag.createTemporaryTrigger(
            before: .insert { _ in
                Values(SQLRaise.abort("no empty names: it's -- \"empty\" 🎉"))
            } when: { new in
                new.name.eq("")
            }
        )
        assertSQL(trigger) {
            """
            CREATE TEMPORARY TRIGGER "before_insert_on_tags_4d028af0" BEFORE INSERT ON "tags" FOR EACH ROW WHEN "new"."name" = '' BEGIN SELECT RAISE(ABORT, 'no empty names: it''s -- "empty" 🎉'); END
            """
        }
        try database.write { db in try trigger.execute(db) }
        let error = #expect(throws: (any Error).self) {
            try database.write { db in try Tag.insert { Tag.Draft(name: "") }.execute(db) }
        }
        #expect(String(describing: error).contains("no empty names: it's -- \"empty\" 🎉"))
        try database.write { db in try Tag.insert { Tag.Draft(name: "fine") }.execute(db) }
        #expect(try database.read { db in try Tag.all.fetchCount(db) } == 4)
    }

    /// `RAISE(IGNORE)` skips the row: a BEFORE DELETE trigger that keeps a tag.
    @Test func raiseIgnoreSkipsTheRow() throws {
        let trigger = Tag.createTemporaryTrigger(
            before: .delete { _ in
                Values(SQLRaise.ignore)
            } when: { old in
                old.name.eq("apple")
            }
        )
        assertSQL(trigger) {
            """
            CREATE TEMPORARY TRIGGER "before_delete_on_tags_833a435e" BEFORE DELETE ON "tags" FOR EACH ROW WHEN "old"."name" = 'apple' BEGIN SELECT RAISE(IGNORE); END
            """
        }
        try database.write { db in
            try trigger.execute(db)
            try Tag.delete().execute(db)
        }
        assertQuery(Tag.all, in: database) {
            """
            SELECT "id", "name" FROM "tags"
            """
        } results: {
            """
            ┌─────────────────┐
            │ Tag(            │
            │   id: 3,        │
            │   name: "apple" │
            │ )               │
            └─────────────────┘
            """
        }
    }

    /// A NUL cannot be written in the string literal RAISE needs: refused.
    @Test func raiseMessageWithNULIsRefused() throws {
        let trigger = Tag.createTemporaryTrigger(before: .insert { _ in Values(SQLRaise.fail("a\0b")) })
        #expect(throws: SQLEncodingError.self) { try trigger.fragment }
    }

    /// A trigger with no statement is refused before it reaches SQLite.
    @Test func emptyBodyIsRefused() throws {
        let trigger = Tag.createTemporaryTrigger(after: .insert { _ in })
        #expect(throws: SQLEncodingError.self) { try trigger.fragment }
    }
}

/// The names of the schema's objects of `type` (`trigger`, `view`), in the main or the
/// temporary schema.
func schemaNames(of type: String, temporary: Bool = false, in database: Database) throws -> [String] {
    try database.read { db in
        temporary
            ? try db.fetchAll(String.self, "SELECT name FROM sqlite_temp_schema WHERE type = ? ORDER BY name", type)
            : try db.fetchAll(String.self, "SELECT name FROM sqlite_schema WHERE type = ? ORDER BY name", type)
    }
}
