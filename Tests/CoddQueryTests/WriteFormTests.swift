import Codd
import CoddQueryAssertions
import Foundation
import Testing

/// A table with generated columns: read, never written.
@Table("people")
struct Person: Identifiable, Equatable {
    let id: Int
    var first = ""
    var last = ""
    @Column(generated: true) var fullName = ""
    @Column(generated: true) var initials = ""
    var visits = 0
}

@Table("archivedReminders")
struct ArchivedReminder: Identifiable, Equatable {
    let id: Int
    var title = ""
    var notes = ""
    var isCompleted = false
    var priority: Priority?
    var listID = 0
}

/// The forms of INSERT, UPDATE and DELETE: INSERT … SELECT of any number of columns, rows
/// of expressions, rows and drafts together, upsert/update/delete of a row, generated
/// columns left out, RETURNING of any number of columns, compound assignments.
@Suite("write forms")
struct WriteFormTests {
    let database: Database

    init() throws {
        database = try makeRemindersDatabase()
        try database.write { db in
            try db.execute(
                """
                CREATE TABLE "people" (
                  "id" INTEGER PRIMARY KEY, "first" TEXT NOT NULL, "last" TEXT NOT NULL,
                  "fullName" TEXT GENERATED ALWAYS AS ("first" || ' ' || "last") VIRTUAL,
                  "initials" TEXT GENERATED ALWAYS AS (substr("first", 1, 1) || substr("last", 1, 1)) STORED,
                  "visits" INTEGER NOT NULL DEFAULT 0
                );
                CREATE TABLE "archivedReminders" (
                  "id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "notes" TEXT NOT NULL DEFAULT '',
                  "isCompleted" INTEGER NOT NULL DEFAULT 0, "priority" INTEGER, "listID" INTEGER NOT NULL DEFAULT 0
                );
                INSERT INTO "people" ("id", "first", "last") VALUES (1, 'Ada', 'Lovelace');
                """)
        }
    }

    @Test func insertSelectOfAnyNumberOfColumns() throws {
        let three = ArchivedReminder.insert(
            { ($0.id, $0.title, $0.isCompleted) },
            select: Reminder.where { $0.id.eq(1) }.select { ($0.id, $0.title, $0.isCompleted) }
        )
        assertQuery(three, in: database) {
            """
            INSERT INTO "archivedReminders" ("id", "title", "isCompleted") SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted" FROM "reminders" WHERE ("reminders"."id" = ?)
            """
        } results: {
            """
            (no rows)
            """
        }
        let four = ArchivedReminder.insert(
            { ($0.id, $0.title, $0.notes, $0.listID) },
            select: Reminder.where { $0.id.eq(2) }.select { ($0.id, $0.title.upper(), $0.notes, $0.remindersListID) }
        )
        assertQuery(four, in: database) {
            """
            INSERT INTO "archivedReminders" ("id", "title", "notes", "listID") SELECT "reminders"."id", upper("reminders"."title"), "reminders"."notes", "reminders"."remindersListID" FROM "reminders" WHERE ("reminders"."id" = ?)
            """
        } results: {
            """
            (no rows)
            """
        }
        let six = ArchivedReminder.insert(
            { ($0.id, $0.title, $0.notes, $0.isCompleted, $0.priority, $0.listID) },
            select: Reminder.where { $0.id > 2 }.select {
                ($0.id, $0.title, $0.notes, $0.isCompleted, $0.priority, $0.remindersListID)
            }
        )
        assertQuery(six, in: database) {
            """
            INSERT INTO "archivedReminders" ("id", "title", "notes", "isCompleted", "priority", "listID") SELECT "reminders"."id", "reminders"."title", "reminders"."notes", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ("reminders"."id" > ?)
            """
        }
        assertQuery(ArchivedReminder.order(by: \.id).select { ($0.id, $0.title, $0.priority, $0.listID) }, in: database)
        {
            """
            SELECT "id", "title", "priority", "listID" FROM "archivedReminders" ORDER BY "id"
            """
        } results: {
            """
            ┌───┬─────────────┬───────┬───┐
            │ 1 │ "Groceries" │ nil   │ 0 │
            │ 2 │ "CALL MOM"  │ nil   │ 1 │
            │ 3 │ "Passport"  │ .high │ 1 │
            │ 4 │ "Report"    │ .high │ 2 │
            │ 5 │ "Archived"  │ .low  │ 2 │
            │ 6 │ "Old thing" │ nil   │ 3 │
            └───┴─────────────┴───────┴───┘
            """
        }
    }

    @Test func severalRowsOfExpressions() throws {
        let insert = Tag.insert(
            { ($0.id, $0.name) },
            values: { [(20, "twenty"), (21, SQLBound("twenty") + "-one"), (22, #sql("upper('x')"))] })
        assertQuery(insert.returning { ($0.id, $0.name) }, in: database) {
            """
            INSERT INTO "tags" ("id", "name") VALUES (?, ?), (?, ? || ?), (?, upper('x')) RETURNING "tags"."id", "tags"."name"
            """
        } results: {
            """
            ┌────┬──────────────┐
            │ 20 │ "twenty"     │
            │ 21 │ "twenty-one" │
            │ 22 │ "X"          │
            └────┴──────────────┘
            """
        }
        let names = Tag.insert({ $0.name }, values: { ["a", "b", SQLBound("c").upper()] })
        assertQuery(names, in: database) {
            """
            INSERT INTO "tags" ("name") VALUES (?), (?), (upper(?))
            """
        }
    }

    @Test func rowsAndDraftsInOneStatement() throws {
        let insert = Reminder.insert {
            Reminder(id: 10, title: "Visa", remindersListID: 1)
            Reminder.Draft(title: "Passport photo", priority: .high, remindersListID: 2)
        }
        assertQuery(insert.returning { ($0.id, $0.title, $0.priority) }, in: database) {
            """
            INSERT INTO "reminders" ("id", "title", "notes", "isCompleted", "priority", "dueAt", "deletedAt", "remindersListID") VALUES (?, ?, ?, ?, ?, ?, ?, ?), (NULL, ?, ?, ?, ?, ?, ?, ?) RETURNING "reminders"."id", "reminders"."title", "reminders"."priority"
            """
        } results: {
            """
            ┌────┬──────────────────┬───────┐
            │ 10 │ "Visa"           │ nil   │
            │ 11 │ "Passport photo" │ .high │
            └────┴──────────────────┴───────┘
            """
        }
        // Drafts alone insert only the draft's columns, as before.
        let drafts = Reminder.insert {
            for title in ["a", "b"] { Reminder.Draft(title: title, remindersListID: 1) }
        }
        assertSQL(drafts) {
            """
            INSERT INTO "reminders" ("title", "notes", "isCompleted", "priority", "dueAt", "deletedAt", "remindersListID") VALUES (?, ?, ?, ?, ?, ?, ?), (?, ?, ?, ?, ?, ?, ?)
            """
        }
    }

    @Test func upsertUpdateAndDeleteOfARow() throws {
        let upsert = Tag.upsert { Tag(id: 1, name: "gadgets") }
        assertQuery(upsert, in: database) {
            """
            INSERT INTO "tags" ("id", "name") VALUES (?, ?) ON CONFLICT ("id") DO UPDATE SET "name" = "excluded"."name"
            """
        }
        try database.write { db in try Tag.upsert([Tag(id: 50, name: "new")]).execute(db) }
        let update = Reminder.update(Reminder(id: 2, title: "Call dad", isCompleted: false, remindersListID: 2))
        assertQuery(update, in: database) {
            """
            UPDATE "reminders" SET "title" = ?, "notes" = ?, "isCompleted" = ?, "priority" = ?, "dueAt" = ?, "deletedAt" = ?, "remindersListID" = ? WHERE ("id" = ?)
            """
        }
        let delete = Tag.delete(Tag(id: 50, name: "ignored: only the key counts"))
        assertQuery(delete, in: database) {
            """
            DELETE FROM "tags" WHERE ("id" = ?)
            """
        }
        assertQuery(Tag.order(by: \.id).select { ($0.id, $0.name) }, in: database) {
            """
            SELECT "id", "name" FROM "tags" ORDER BY "id"
            """
        } results: {
            """
            ┌───┬───────────┐
            │ 1 │ "gadgets" │
            │ 2 │ "mobile"  │
            │ 3 │ "apple"   │
            └───┴───────────┘
            """
        }
        assertQuery(Reminder.find(2).select { ($0.title, $0.isCompleted, $0.remindersListID) }, in: database) {
            """
            SELECT "title", "isCompleted", "remindersListID" FROM "reminders" WHERE ("id" = ?)
            """
        } results: {
            """
            ┌────────────┬───────┬───┐
            │ "Call dad" │ false │ 2 │
            └────────────┴───────┴───┘
            """
        }
        // A default scope applies, as with find(_:): a row outside it is not written.
        let hidden = ScopedReminder.update(ScopedReminder(id: 1, title: "hidden", isCompleted: true))
        assertSQL(hidden) {
            """
            UPDATE "reminders" SET "title" = ?, "isCompleted" = ?, "deletedAt" = ? WHERE ("deletedAt" IS NOT NULL) AND ("id" = ?)
            """
        }
    }

    @Test func generatedColumnsAreReadButNeverWritten() throws {
        assertQuery(
            Person.insert { Person(id: 2, first: "Alan", last: "Turing", fullName: "ignored", initials: "ignored") },
            in: database
        ) {
            """
            INSERT INTO "people" ("id", "first", "last", "visits") VALUES (?, ?, ?, ?)
            """
        }
        assertQuery(Person.insert { Person.Draft(first: "Grace", last: "Hopper") }.returning { $0 }, in: database) {
            """
            INSERT INTO "people" ("first", "last", "visits") VALUES (?, ?, ?) RETURNING "people"."id", "people"."first", "people"."last", "people"."fullName", "people"."initials", "people"."visits"
            """
        } results: {
            """
            ┌─────────────────────────────┐
            │ Person(                     │
            │   id: 3,                    │
            │   first: "Grace",           │
            │   last: "Hopper",           │
            │   fullName: "Grace Hopper", │
            │   initials: "GH",           │
            │   visits: 0                 │
            │ )                           │
            └─────────────────────────────┘
            """
        }
        assertQuery(Person.update(Person(id: 1, first: "Augusta Ada", last: "King", visits: 3)), in: database) {
            """
            UPDATE "people" SET "first" = ?, "last" = ?, "visits" = ? WHERE ("id" = ?)
            """
        }
        assertQuery(Person.upsert { Person(id: 2, first: "Alan M.", last: "Turing") }, in: database) {
            """
            INSERT INTO "people" ("id", "first", "last", "visits") VALUES (?, ?, ?, ?) ON CONFLICT ("id") DO UPDATE SET "first" = "excluded"."first", "last" = "excluded"."last", "visits" = "excluded"."visits"
            """
        }
        assertQuery(Person.order(by: \.id), in: database) {
            """
            SELECT "id", "first", "last", "fullName", "initials", "visits" FROM "people" ORDER BY "id"
            """
        } results: {
            """
            ┌─────────────────────────────────┐
            │ Person(                         │
            │   id: 1,                        │
            │   first: "Augusta Ada",         │
            │   last: "King",                 │
            │   fullName: "Augusta Ada King", │
            │   initials: "AK",               │
            │   visits: 3                     │
            │ )                               │
            ├─────────────────────────────────┤
            │ Person(                         │
            │   id: 2,                        │
            │   first: "Alan M.",             │
            │   last: "Turing",               │
            │   fullName: "Alan M. Turing",   │
            │   initials: "AT",               │
            │   visits: 0                     │
            │ )                               │
            ├─────────────────────────────────┤
            │ Person(                         │
            │   id: 3,                        │
            │   first: "Grace",               │
            │   last: "Hopper",               │
            │   fullName: "Grace Hopper",     │
            │   initials: "GH",               │
            │   visits: 0                     │
            │ )                               │
            └─────────────────────────────────┘
            """
        }
        let assigned = Person.find(1).update { $0.fullName = "x" }
        let error = #expect(throws: SQLEncodingError.self) { try assigned.fragment }
        #expect(error?.reason.contains("\"fullName\" is a generated column") == true)
    }

    @Test func returningAnyNumberOfColumns() throws {
        let insert = Reminder.insert {
            Reminder.Draft(title: "Taxes", notes: "April", priority: .low, remindersListID: 2)
        }
        .returning { ($0.id, $0.title, $0.notes, $0.isCompleted, $0.priority, $0.remindersListID) }
        assertQuery(insert, in: database) {
            """
            INSERT INTO "reminders" ("title", "notes", "isCompleted", "priority", "dueAt", "deletedAt", "remindersListID") VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING "reminders"."id", "reminders"."title", "reminders"."notes", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID"
            """
        } results: {
            """
            ┌───┬─────────┬─────────┬───────┬──────┬───┐
            │ 7 │ "Taxes" │ "April" │ false │ .low │ 2 │
            └───┴─────────┴─────────┴───────┴──────┴───┘
            """
        }
        let update = Reminder.find(1).update { $0.notes = "Oat milk" }.returning {
            ($0.id, $0.notes, $0.title.length())
        }
        assertQuery(update, in: database) {
            """
            UPDATE "reminders" SET "notes" = ? WHERE ("id" = ?) RETURNING "id", "notes", length("title")
            """
        } results: {
            """
            ┌───┬────────────┬───┐
            │ 1 │ "Oat milk" │ 9 │
            └───┴────────────┴───┘
            """
        }
        let delete = Reminder.find(7).delete().returning { ($0.id, $0.title, $0.notes, $0.priority) }
        assertQuery(delete, in: database) {
            """
            DELETE FROM "reminders" WHERE ("id" = ?) RETURNING "id", "title", "notes", "priority"
            """
        } results: {
            """
            ┌───┬─────────┬─────────┬──────┐
            │ 7 │ "Taxes" │ "April" │ .low │
            └───┴─────────┴─────────┴──────┘
            """
        }
    }

    @Test func compoundAssignmentsAndColumnExpressions() throws {
        let update = Person.find(1).update {
            $0.visits += 10
            $0.visits *= 3
            $0.visits -= $0.id
            $0.visits /= 2
            $0.visits %= 100
            $0.visits |= 64
            $0.visits &= 0b1111_0000
            $0.visits <<= 2
            $0.visits >>= 1
            $0.last = $0.last.upper()
        }
        assertQuery(update.returning { ($0.visits, $0.fullName) }, in: database) {
            """
            UPDATE "people" SET "visits" = (((((((("visits" + ?) * ?) - "id") / ?) % ?) | ?) & ?) << ?) >> ?, "last" = upper("last") WHERE ("id" = ?) RETURNING "visits", "fullName"
            """
        } results: {
            """
            ┌─────┬────────────────┐
            │ 128 │ "Ada LOVELACE" │
            └─────┴────────────────┘
            """
        }
        let negated = Reminder.find(3).update {
            $0.isCompleted = !$0.isCompleted
            $0.remindersListID = -$0.remindersListID + 3
            $0.title = $0.title.lower()
        }
        assertQuery(negated.returning { ($0.isCompleted, $0.remindersListID, $0.title) }, in: database) {
            """
            UPDATE "reminders" SET "isCompleted" = NOT "isCompleted", "remindersListID" = (- "remindersListID") + ?, "title" = lower("title") WHERE ("id" = ?) RETURNING "isCompleted", "remindersListID", "title"
            """
        } results: {
            """
            ┌──────┬───┬────────────┐
            │ true │ 2 │ "passport" │
            └──────┴───┴────────────┘
            """
        }
        // Dividing by zero would store NULL in a column that cannot hold it: refused.
        #expect(throws: SQLEncodingError.self) { try Person.find(1).update { $0.visits /= 0 }.fragment }
    }
}
