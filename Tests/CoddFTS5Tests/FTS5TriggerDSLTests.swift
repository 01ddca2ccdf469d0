import Codd
import CoddFTS5SQLite
import Testing

// The seed's FTS5 sync triggers, written with the trigger DSL as the seed writes them
// (docs/TriggersAndViews.md shows them beside their SQL).

/// The seed's three triggers: insert, update (`.update { new in … }`) and delete.
func seedSyncTriggers() -> [CreateTrigger<Reminder>] {
    [
        Reminder.createTemporaryTrigger(
            after: .insert { new in
                ReminderText.insert {
                    ReminderText.Columns(
                        rowid: new.rowid,
                        title: new.title,
                        notes: new.notes.replace("\n", " "),
                        tags: ""
                    )
                }
            }
        ),
        Reminder.createTemporaryTrigger(
            after: .update { new in
                ReminderText.find(new.rowid).update {
                    $0.title = new.title
                    $0.notes = new.notes.replace("\n", " ")
                }
            }
        ),
        Reminder.createTemporaryTrigger(
            after: .delete { old in
                ReminderText.find(old.rowid).delete()
            }
        ),
    ]
}

@Suite struct FTS5TriggerDSLTests {
    @Test func seedTriggersRenderAndKeepTheIndexInStep() throws {
        let triggers = seedSyncTriggers()
        let sql = try triggers.map { try $0.fragment.sql }
        // The '\n' the notes' line breaks are replaced with is a line break in the SQL.
        #expect(
            sql[0] == #"""
                CREATE TEMPORARY TRIGGER "after_insert_on_reminders_b0a311a3" AFTER INSERT ON "reminders" FOR EACH ROW BEGIN INSERT INTO "reminderTexts" ("rowid", "title", "notes", "tags") SELECT "new"."rowid" AS "rowid", "new"."title" AS "title", replace("new"."notes", '
                ', ' ') AS "notes", '' AS "tags"; END
                """#)
        #expect(
            sql[1] == #"""
                CREATE TEMPORARY TRIGGER "after_update_on_reminders_a147771b" AFTER UPDATE ON "reminders" FOR EACH ROW BEGIN UPDATE "reminderTexts" SET "title" = "new"."title", "notes" = replace("new"."notes", '
                ', ' ') WHERE ("reminderTexts"."rowid" = "new"."rowid"); END
                """#)
        #expect(
            sql[2] == #"""
                CREATE TEMPORARY TRIGGER "after_delete_on_reminders_536c56a7" AFTER DELETE ON "reminders" FOR EACH ROW BEGIN DELETE FROM "reminderTexts" WHERE ("reminderTexts"."rowid" = "old"."rowid"); END
                """#)
        let database = try makeRemindersDatabase()
        try database.write { db in
            for trigger in triggers { try trigger.execute(db) }
            try Reminder.insert([
                Reminder(id: 1, title: "Take out the trash", notes: "Bins go out\non Tuesday"),
                Reminder(id: 2, title: "Groceries", notes: "Milk"),
            ]).execute(db)
            try Reminder.where { $0.id.eq(2) }.update { $0.notes = "Milk\nand eggs" }.execute(db)
            try Reminder.where { $0.id.eq(1) }.delete().execute(db)
            try ReminderText.command(.integrityCheck).execute(db)
        }
        let rows = try database.read { db in try ReminderText.order(by: \.rowid).fetchAll(db) }
        #expect(rows.map(\.rowid) == [2])
        #expect(rows.map(\.notes) == ["Milk and eggs"])
        let titles = try database.read { db in
            try ReminderText.where { $0.match(FTS5Pattern(matchingAllTokensIn: "eggs")!) }.select(\.title).fetchAll(db)
        }
        #expect(titles == ["Groceries"])
    }

    /// `find` of an FTS5 table is by rowid.
    @Test func findIsByRowID() throws {
        #expect(
            ReminderText.find(7).select(\.title).description
                == #"SELECT "title" FROM "reminderTexts" WHERE ("rowid" = 7)"#)
    }
}
