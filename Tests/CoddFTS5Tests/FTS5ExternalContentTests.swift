import Codd
import CoddFTS5SQLite
import Testing

/// An external-content index kept in step by generated triggers, checked by FTS5's
/// integrity-check after every kind of write.
@Suite struct FTS5ExternalContentTests {
    @Test func triggersRender() throws {
        let triggers = ReminderIndex.syncTriggers(from: Reminder.self, rowID: \.id)
        let expected: [String] = [
            #"CREATE TRIGGER "reminderIndexes_after_insert_reminders" AFTER INSERT ON "reminders" FOR EACH ROW BEGIN "#
                + #"INSERT INTO "reminderIndexes" ("rowid", "title", "notes") VALUES ("new"."id", "new"."title", "new"."notes"); END"#,
            #"CREATE TRIGGER "reminderIndexes_after_update_reminders" AFTER UPDATE ON "reminders" FOR EACH ROW BEGIN "#
                + #"INSERT INTO "reminderIndexes" ("reminderIndexes", "rowid", "title", "notes") "#
                + #"VALUES ('delete', "old"."id", "old"."title", "old"."notes"); "#
                + #"INSERT INTO "reminderIndexes" ("rowid", "title", "notes") VALUES ("new"."id", "new"."title", "new"."notes"); END"#,
            #"CREATE TRIGGER "reminderIndexes_after_delete_reminders" AFTER DELETE ON "reminders" FOR EACH ROW BEGIN "#
                + #"INSERT INTO "reminderIndexes" ("reminderIndexes", "rowid", "title", "notes") "#
                + #"VALUES ('delete', "old"."id", "old"."title", "old"."notes"); END"#,
        ]
        #expect(triggers.map(\.description) == expected)
        #expect(triggers[0].dropSQL == #"DROP TRIGGER IF EXISTS "reminderIndexes_after_insert_reminders""#)
        let stored = ReminderText.syncTriggers(from: Reminder.self, temporary: true) { text, _ in text.tags = "it's" }
        let expectedStored: [String] = [
            #"CREATE TEMPORARY TRIGGER "reminderTexts_after_insert_reminders" AFTER INSERT ON "reminders" FOR EACH ROW BEGIN "#
                + #"INSERT INTO "reminderTexts" ("rowid", "title", "notes", "tags") "#
                + #"VALUES ("new"."rowid", "new"."title", "new"."notes", 'it''s'); END"#,
            #"CREATE TEMPORARY TRIGGER "reminderTexts_after_update_reminders" AFTER UPDATE ON "reminders" FOR EACH ROW BEGIN "#
                + #"UPDATE "reminderTexts" SET "rowid" = "new"."rowid", "title" = "new"."title", "notes" = "new"."notes", "#
                + #""tags" = 'it''s' WHERE ("reminderTexts"."rowid" = "old"."rowid"); END"#,
            #"CREATE TEMPORARY TRIGGER "reminderTexts_after_delete_reminders" AFTER DELETE ON "reminders" FOR EACH ROW BEGIN "#
                + #"DELETE FROM "reminderTexts" WHERE ("reminderTexts"."rowid" = "old"."rowid"); END"#,
        ]
        #expect(stored.map(\.description) == expectedStored)
    }

    @Test func indexStaysRightThroughInsertUpdateDelete() throws {
        let database = try makeRemindersDatabase()
        func ids(_ text: String, _ db: Connection) throws -> [Int] {
            try ReminderIndex.where { $0.match(FTS5Pattern(matchingAllTokensIn: text)!) }.order(by: \.rowid).select(
                \.rowid
            ).fetchAll(db)
        }
        func check(_ db: Connection) throws {
            try ReminderIndex.createTable().execute(db)
            try ReminderIndex.syncTriggers(from: Reminder.self, rowID: \.id).execute(db)
            try Reminder.insert([
                Reminder(id: 10, title: "Running shoes", notes: "size 42"),
                Reminder(id: 20, title: "Call mom", notes: "about running club"),
            ]).execute(db)
            try ReminderIndex.command(.integrityCheck).execute(db)
            #expect(try ids("run", db) == [10, 20])

            try Reminder.where { $0.id.eq(20) }.update { $0.notes = "about the garden" }.execute(db)
            try ReminderIndex.command(.integrityCheck).execute(db)
            #expect(try ids("run", db) == [10])
            #expect(try ids("gardens", db) == [20])

            try Reminder.where { $0.id.eq(10) }.delete().execute(db)
            try ReminderIndex.command(.integrityCheck).execute(db)
            #expect(try ids("run", db) == [])
            #expect(
                try ReminderIndex.where { $0.match(FTS5Pattern(matchingAllTokensIn: "mom")!) }.select(\.title).fetchAll(
                    db) == ["Call mom"])

            // A write the triggers do not see puts the index out of step, and the check says so.
            try db.execute(#"DROP TRIGGER "reminderIndexes_after_update_reminders""#)
            try Reminder.where { $0.id.eq(20) }.update { $0.title = "Call dad" }.execute(db)
            let error = #expect(throws: SQLiteError.self) { try ReminderIndex.command(.integrityCheck).execute(db) }
            #expect(error?.code == .corrupt)
            try ReminderIndex.command(.rebuild).execute(db)
            try ReminderIndex.command(.integrityCheck).execute(db)
            #expect(try ids("dad", db) == [20])
        }
        try database.write(check)
    }

    /// SQLite's REPLACE deletes the old row without its delete triggers, so the index keeps the
    /// old text; under `PRAGMA recursive_triggers = ON`, set for every connection as the guide
    /// says, it runs them and the index is right. An upsert is right either way.
    @Test func aReplaceLeavesTheOldTextUnlessRecursiveTriggersAreOn() throws {
        func replaced(configuration: Configuration) throws -> (replaced: [Int], upserted: [Int]) {
            let database = try Database.inMemory(configuration: configuration)
            return try database.write { db in
                try db.execute(
                    #"CREATE TABLE "reminders" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "notes" TEXT NOT NULL)"#
                )
                try ReminderIndex.createTable().execute(db)
                try ReminderIndex.syncTriggers(from: Reminder.self, rowID: \.id).execute(db)
                func ids(_ text: String) throws -> [Int] {
                    try ReminderIndex.where { $0.match(FTS5Pattern(matchingAllTokensIn: text)!) }.select(\.rowid)
                        .fetchAll(db)
                }
                try Reminder.insert { Reminder(id: 1, title: "alpha", notes: "") }.execute(db)
                try Reminder.insert(or: .replace, [Reminder(id: 1, title: "beta", notes: "")]).execute(db)
                let replaced = try ids("alpha")
                try Reminder.insert { Reminder(id: 2, title: "gamma", notes: "") }.execute(db)
                try Reminder.upsert([Reminder(id: 2, title: "delta", notes: "")]).execute(db)
                return (replaced, try ids("gamma"))
            }
        }
        let plain = try replaced(configuration: Configuration())
        #expect(plain.replaced == [1])
        #expect(plain.upserted == [])
        var configuration = Configuration()
        configuration.prepareDatabase { try $0.execute("PRAGMA recursive_triggers = ON") }
        let recursive = try replaced(configuration: configuration)
        #expect(recursive.replaced == [])
        #expect(recursive.upserted == [])
    }
}
