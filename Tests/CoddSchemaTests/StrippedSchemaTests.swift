import Codd
import CoddMigrations
import Foundation
import Testing

/// The stripped SQL means exactly what the same schema written without annotations means:
/// SQLite records the same `sqlite_schema`, byte for byte.
@Suite struct StrippedSchemaTests {
    /// A realistic schema: STRICT and WITHOUT ROWID tables, foreign keys, CHECKs and
    /// defaults holding `AS`, generated columns, indexes (partial, on expressions), a view,
    /// a trigger, FTS5 tables (trigram with prefixes, external content) and an ALTER.
    static let annotated = #"""
        -- Migrations/1.sql
        CREATE TABLE "remindersLists" (
          "id" TEXT AS UUID PRIMARY KEY NOT NULL,
          "title" TEXT NOT NULL CHECK ("title" <> 'TEXT AS UUID'),
          "createdAt" INTEGER AS Date USING unixTimeMilliseconds NOT NULL DEFAULT (unixepoch() * 1000)
        ) STRICT;

        CREATE TABLE reminders (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          externalID BLOB AS UUID NOT NULL UNIQUE,
          listID TEXT AS UUID NOT NULL REFERENCES "remindersLists"("id") ON DELETE CASCADE,
          title TEXT NOT NULL DEFAULT 'untitled AS UUID',
          dueAt TEXT AS Date,
          dueDay TEXT AS (substr(dueAt, 1, 10)) VIRTUAL,
          todoID text  as  "Todo.ID"  COLLATE BINARY, -- odd spacing is kept outside the annotation
          completedAt REAL AS Date  /* julian day */ ,
          CHECK (CAST(dueAt AS TEXT) IS NOT NULL OR dueAt IS NULL)
        );
        CREATE INDEX reminders_due ON reminders(julianday(dueAt)) WHERE completedAt IS NULL;
        CREATE TABLE tags ([reminder id] INTEGER AS Int NOT NULL, `name` TEXT AS String NOT NULL, PRIMARY KEY ([reminder id], `name`)) WITHOUT ROWID;
        CREATE VIEW openReminders AS SELECT id, title AS name FROM reminders WHERE completedAt IS NULL;
        CREATE TRIGGER reminders_touch AFTER UPDATE OF title ON reminders BEGIN
          UPDATE reminders SET dueAt = CASE WHEN new.dueAt IS NULL THEN NULL ELSE new.dueAt END WHERE id = new.id;
        END;
        CREATE VIRTUAL TABLE reminderSearch USING fts5(
          title TEXT NOT NULL,
          notes TEXT,
          listID TEXT AS UUID UNINDEXED,
          tokenize = 'trigram', prefix = '2 3'
        );
        CREATE VIRTUAL TABLE reminderTitles USING fts5(title TEXT, content = 'reminders', content_rowid = 'id', tokenize = "unicode61 remove_diacritics 2");
        ALTER TABLE reminders ADD COLUMN syncedAt TEXT AS Date USING iso8601 DEFAULT NULL;
        """#

    /// The same schema as one writes it for SQLite alone.
    static let plain = #"""
        -- Migrations/1.sql
        CREATE TABLE "remindersLists" (
          "id" TEXT PRIMARY KEY NOT NULL,
          "title" TEXT NOT NULL CHECK ("title" <> 'TEXT AS UUID'),
          "createdAt" INTEGER NOT NULL DEFAULT (unixepoch() * 1000)
        ) STRICT;

        CREATE TABLE reminders (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          externalID BLOB NOT NULL UNIQUE,
          listID TEXT NOT NULL REFERENCES "remindersLists"("id") ON DELETE CASCADE,
          title TEXT NOT NULL DEFAULT 'untitled AS UUID',
          dueAt TEXT,
          dueDay TEXT AS (substr(dueAt, 1, 10)) VIRTUAL,
          todoID text  COLLATE BINARY, -- odd spacing is kept outside the annotation
          completedAt REAL  /* julian day */ ,
          CHECK (CAST(dueAt AS TEXT) IS NOT NULL OR dueAt IS NULL)
        );
        CREATE INDEX reminders_due ON reminders(julianday(dueAt)) WHERE completedAt IS NULL;
        CREATE TABLE tags ([reminder id] INTEGER NOT NULL, `name` TEXT NOT NULL, PRIMARY KEY ([reminder id], `name`)) WITHOUT ROWID;
        CREATE VIEW openReminders AS SELECT id, title AS name FROM reminders WHERE completedAt IS NULL;
        CREATE TRIGGER reminders_touch AFTER UPDATE OF title ON reminders BEGIN
          UPDATE reminders SET dueAt = CASE WHEN new.dueAt IS NULL THEN NULL ELSE new.dueAt END WHERE id = new.id;
        END;
        CREATE VIRTUAL TABLE reminderSearch USING fts5(
          title,
          notes,
          listID UNINDEXED,
          tokenize = 'trigram', prefix = '2 3'
        );
        CREATE VIRTUAL TABLE reminderTitles USING fts5(title, content = 'reminders', content_rowid = 'id', tokenize = "unicode61 remove_diacritics 2");
        ALTER TABLE reminders ADD COLUMN syncedAt TEXT DEFAULT NULL;
        """#

    @Test func strippedSQLIsThePlainSchema() throws {
        let sql = try AnnotatedSQL(Self.annotated, file: "Migrations/1.sql", registry: appRegistry)
        #expect(sql.sql == Self.plain)
        #expect(sql.annotations.count == 11)
    }

    /// Run statement by statement through the migrator and as one script through
    /// `execute`: the two databases' `sqlite_schema` are identical.
    @Test func sameSQLiteSchema() throws {
        var migrator = Migrator(registry: appRegistry)
        try migrator.registerMigration("1", sql: Self.annotated, file: "Migrations/1.sql")
        let migrated = try Database.inMemory(migrator: migrator)
        let plain = try Database.inMemory()
        try plain.write { db in try db.execute(Self.plain) }
        let rows = try schemaRows(migrated)
        let plainRows = try schemaRows(plain)
        #expect(rows.difference(from: plainRows).map { "\($0)" } == [])
        #expect(rows.count == 20)
        #expect(
            rows.contains(
                #"table reminderSearch on reminderSearch: CREATE VIRTUAL TABLE reminderSearch USING fts5(\#n  title,\#n  notes,\#n  listID UNINDEXED,\#n  tokenize = 'trigram', prefix = '2 3'\#n)"#
            ))
        // The trigram tokenizer and the prefix indexes are in force.
        try migrated.write { db in
            try db.execute("INSERT INTO reminderSearch (title, notes, listID) VALUES ('Renew passport', 'photos', 'x')")
        }
        let found = try migrated.read { db in
            try db.fetchAll(String.self, "SELECT title FROM reminderSearch WHERE reminderSearch MATCH 'ass'")
        }
        #expect(found == ["Renew passport"])
    }

    /// The model of that schema: tables, typed columns, keys, nullability.
    @Test func schemaModel() throws {
        let schema = SQLSchema(applying: [try AnnotatedSQL(Self.annotated, registry: appRegistry)])
        #expect(
            schema.tables.map(\.name) == ["remindersLists", "reminders", "tags", "reminderSearch", "reminderTitles"])
        let lists = try #require(schema.table(named: "remindersLists"))
        #expect(lists.isStrict)
        #expect(lists.primaryKey == ["id"])
        #expect(
            lists.columns.map(\.description) == [
                "id TEXT AS UUID NOT NULL PRIMARY KEY",
                "title TEXT NOT NULL",
                "createdAt INTEGER AS Date USING unixTimeMilliseconds NOT NULL",
            ])
        let reminders = try #require(schema.table(named: "REMINDERS"))
        #expect(
            reminders.columns.map(\.name) == [
                "id", "externalID", "listID", "title", "dueAt", "dueDay", "todoID", "completedAt", "syncedAt",
            ])
        #expect(
            reminders.columns.map { $0.swiftTypeName ?? "-" } == [
                "Int", "UUID", "UUID", "String", "Date?", "String?", "Todo.ID?", "Date?", "Date?",
            ])
        #expect(same(reminders.columns.last?.codec?.representation, Date.ISO8601Representation.self))
        #expect(same(reminders.column(named: "completedAt")?.codec?.representation, Date.JulianDayRepresentation.self))
        #expect(reminders.column(named: "dueDay")?.isGenerated == true)
        let tags = try #require(schema.table(named: "tags"))
        #expect(tags.isWithoutRowID)
        #expect(tags.primaryKey == ["reminder id", "name"])
        #expect(tags.columns.map(\.isNullable) == [false, false])
        #expect(schema.table(named: "reminderTitles")?.columns.map(\.name) == ["title"])
    }
}
