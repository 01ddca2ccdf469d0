import Codd
import CoddFTS5SQLite
import Testing

/// Tables for the option tests.
@Table
struct Document: FTS5 {
    let rowid: Int
    let title: String
    let body: String
    let path: String
    static let fts5Options = FTS5Options<Document>(
        tokenizer: .unicode61(removeDiacritics: .remove),
        unindexed: [\.path],
        prefixes: [2, 3],
        columnSize: false,
        detail: .column
    )
}

@Table
struct Contentless: FTS5 {
    let body: String
    static let fts5Options = FTS5Options<Contentless>(content: .contentless(deletable: false))
}

@Table
struct DeletableContentless: FTS5 {
    let body: String
    static let fts5Options = FTS5Options<DeletableContentless>(content: .contentless(deletable: true))
}

@Table
struct AccentFreeTrigram: FTS5 {
    let body: String
    static let fts5Options = FTS5Options<AccentFreeTrigram>(tokenizer: .trigram(removeDiacritics: true))
}

@Table
struct Plain: FTS5 {
    let body: String
}

/// DDL of FTS5 tables: the seed's table, every option, version checks.
@Suite struct FTS5TableTests {
    @Test func seedTableRendersTheSeedsDDL() throws {
        #expect(
            ReminderText.createTable().description
                == #"CREATE VIRTUAL TABLE "reminderTexts" USING fts5("title", "notes", "tags", tokenize = 'trigram')"#)
        #expect(ReminderText.fts5ColumnNames == ["title", "notes", "tags"])
        let database = try makeRemindersDatabase()
        let sql = try database.read { db in
            try db.fetchOne(String.self, "SELECT sql FROM sqlite_schema WHERE name = 'reminderTexts'")
        }
        #expect(sql == (try ReminderText.createTable().sql()))
    }

    @Test func everyOptionRendersAndSQLiteAcceptsIt() throws {
        #expect(
            Document.createTable(ifNotExists: true).description == #"""
                CREATE VIRTUAL TABLE IF NOT EXISTS "documents" USING fts5("title", "body", "path" UNINDEXED, \#
                tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3', columnsize = 0, detail = column)
                """#)
        #expect(Plain.createTable().description == #"CREATE VIRTUAL TABLE "plains" USING fts5("body")"#)
        #expect(
            Contentless.createTable().description
                == #"CREATE VIRTUAL TABLE "contentlesses" USING fts5("body", content = '')"#)
        #expect(
            ReminderIndex.createTable().description == #"""
                CREATE VIRTUAL TABLE "reminderIndexes" USING fts5("title", "notes", tokenize = 'porter', \#
                content = 'reminders', content_rowid = 'id')
                """#)
        let database = try makeRemindersDatabase()
        try database.write { db in
            for statement in [
                Document.createTable(), Plain.createTable(), Contentless.createTable(), ReminderIndex.createTable(),
            ] {
                try statement.execute(db)
            }
            try db.execute(
                #"INSERT INTO "documents" ("title", "body", "path") VALUES ('Crème brûlée', 'a recipe', '/tmp/x')"#)
            #expect(
                try Document.where { $0.match(FTS5Pattern(matchingAllTokensIn: "creme")!) }.select(\.path).fetchAll(db)
                    == ["/tmp/x"])
            // UNINDEXED: stored, never searched.
            #expect(try Document.where { $0.match(FTS5Pattern(matchingAllTokensIn: "tmp")!) }.fetchCount(db) == 0)
            // detail = column: no phrase queries.
            #expect(throws: SQLiteError.self) {
                try Document.where { $0.match(FTS5Pattern(matchingPhrase: "a recipe")!) }.fetchCount(db)
            }
        }
    }

    @Test func optionsThatNeedANewerSQLiteThrowATypedErrorOn340() throws {
        #expect(
            DeletableContentless.createTable().description
                == #"CREATE VIRTUAL TABLE "deletableContentlesses" USING fts5("body", content = '', contentless_delete = 1)"#
        )
        #expect(
            AccentFreeTrigram.createTable().description
                == #"CREATE VIRTUAL TABLE "accentFreeTrigrams" USING fts5("body", tokenize = 'trigram remove_diacritics 1')"#
        )
        #expect(DeletableContentless.createTable().requirements == [.contentlessDelete])
        #expect(AccentFreeTrigram.createTable().requirements == [.trigramRemoveDiacritics])

        let old = SQLiteVersion(3, 40, 1)
        let error = #expect(throws: SQLUnsupportedFeatureError.self) {
            try DeletableContentless.createTable().checkSupported(by: old)
        }
        #expect(error?.description == "FTS5 option contentless_delete needs SQLite 3.43; this is SQLite 3.40.1")
        #expect(throws: SQLUnsupportedFeatureError.self) { try AccentFreeTrigram.createTable().checkSupported(by: old) }
        try DeletableContentless.createTable().checkSupported(by: SQLiteVersion(3, 43, 0))
        try AccentFreeTrigram.createTable().checkSupported(by: SQLiteVersion(3, 45, 0))

        // On the running SQLite: a typed error before SQLite sees the DDL, or a table that works.
        let database = try Database.inMemory()
        try database.write { db in
            for table in [DeletableContentless.createTable(), AccentFreeTrigram.createTable()] {
                if table.requirements.allSatisfy({ $0.isMet(by: db.sqliteVersion) }) {
                    try table.execute(db)
                } else {
                    #expect(throws: SQLUnsupportedFeatureError.self) { try table.execute(db) }
                    #expect(try db.fetchOne(Int.self, "SELECT count(*) FROM sqlite_schema") == 0)
                }
            }
        }
    }

    @Test func commandsRender() throws {
        #expect(
            ReminderText.command(.rebuild).description
                == #"INSERT INTO "reminderTexts" ("reminderTexts") VALUES ('rebuild')"#)
        #expect(
            ReminderText.command(.optimize).description
                == #"INSERT INTO "reminderTexts" ("reminderTexts") VALUES ('optimize')"#)
        #expect(
            ReminderText.command(.integrityCheck).description
                == #"INSERT INTO "reminderTexts" ("reminderTexts", "rank") VALUES ('integrity-check', 1)"#)
        #expect(
            ReminderText.command(.merge(pages: 500)).description
                == #"INSERT INTO "reminderTexts" ("reminderTexts", "rank") VALUES ('merge', 500)"#)
        #expect(
            ReminderText.command(.automerge(segments: 8)).description
                == #"INSERT INTO "reminderTexts" ("reminderTexts", "rank") VALUES ('automerge', 8)"#)
        #expect(
            ReminderIndex.command(.deleteAll).description
                == #"INSERT INTO "reminderIndexes" ("reminderIndexes") VALUES ('delete-all')"#)
        let database = try makeRemindersDatabase()
        try database.write { db in
            try ReminderText.insert([ReminderText(rowid: 1, title: "Groceries", notes: "milk", tags: "")]).execute(db)
            for command in [
                FTS5Command.rebuild, .optimize, .integrityCheck, .merge(pages: 500), .automerge(segments: 8),
            ] {
                try ReminderText.command(command).execute(db)
            }
            #expect(try ReminderText.where { $0.match(FTS5Pattern(matchingAllTokensIn: "groc")!) }.fetchCount(db) == 1)
        }
    }
}
