import Codd
import CoddQueryAssertions
import Foundation
import Testing

/// A second `select` appends its expression, as the statement's type says; it never drops
/// the first.
@Suite("select after select")
struct SelectionAppendTests {
    let database: Database

    init() throws {
        database = try makeRemindersDatabase()
    }

    @Test func aSecondSelectAppends() throws {
        let query = Tag.select(\.id).select(\.name)
        let typed: Select<SQLRow2<Int, String>, SQLTables.One<SQLTables.Inner<Tag>>> = query
        assertQuery(typed, in: database) {
            """
            SELECT "id", "name" FROM "tags"
            """
        } results: {
            """
            ┌───┬───────────────┐
            │ 1 │ "electronics" │
            │ 2 │ "mobile"      │
            │ 3 │ "apple"       │
            └───┴───────────────┘
            """
        }
    }

    @Test func appendsFlattenUpToAnyNumber() throws {
        let three = Reminder.where { $0.id < 3 }
            .select { ($0.id, $0.title) }
            .select(\.isCompleted)
        let query =
            three
            .select { $0.priority }
            .select(\.dueAt)
            .select { $0.title.length() }
        func load(_ db: Connection) throws -> [(Int, String, Bool, Priority?, String?, Int)] {
            try query.fetchAll(db)
        }
        let rows = try database.read(load)
        #expect(rows.map(\.0) == [1, 2])
        #expect(rows.map(\.1) == ["Groceries", "Call mom"])
        #expect(rows.map(\.2) == [false, true])
        #expect(rows.map(\.3) == [.medium, nil])
        #expect(rows.map(\.5) == [9, 8])
        assertSQL(query) {
            """
            SELECT "id", "title", "isCompleted", "priority", "dueAt", length("title") FROM "reminders" WHERE ("id" < ?)
            """
        }
    }

    @Test func appendingToAJoinsSelection() throws {
        let query = RemindersList.join(Reminder.all) { $0.id.eq($1.remindersListID) }
            .where { list, _ in list.id.eq(2) }
            .select { list, _ in list.title }
            .select { _, reminder in reminder.title }
        assertQuery(query, in: database) {
            """
            SELECT "remindersLists"."title", "reminders"."title" FROM "remindersLists" JOIN "reminders" ON "remindersLists"."id" = "reminders"."remindersListID" WHERE ("remindersLists"."id" = ?)
            """
        } results: {
            """
            ┌────────┬────────────┐
            │ "Work" │ "Report"   │
            │ "Work" │ "Archived" │
            └────────┴────────────┘
            """
        }
    }

    @Test func aSelectionOfWholeRowsCannotBeReplacedSilently() throws {
        // `select { $0 }` selects what the statement starts with, so its type is the same
        // and a second select would take the first one's place: it is an error instead.
        let query = Tag.select { $0 }.select(\.name)
        let replaced = #expect(throws: SQLEncodingError.self) { try query.fragment }
        #expect(replaced?.reason.contains("select every column in one select") == true)
        // A count has no selection to append to.
        let counted = Tag.all.count()
        let appended = #expect(throws: SQLEncodingError.self) { try counted.select(\.name).fragment }
        #expect(appended?.reason.contains("counts rows") == true)
    }

    @Test func moreThanFourColumnsInOneSelect() throws {
        let query = Reminder.where { $0.id.eq(4) }.select {
            ($0.id, $0.title, $0.notes, $0.isCompleted, $0.priority, $0.remindersListID)
        }
        let rows = try database.read { db in try query.fetchAll(db) }
        #expect(rows.count == 1)
        #expect(
            rows[0].0 == 4 && rows[0].1 == "Report" && rows[0].2 == "50% done_now" && !rows[0].3 && rows[0].4 == .high
                && rows[0].5 == 2)
        assertSQL(query) {
            """
            SELECT "id", "title", "notes", "isCompleted", "priority", "remindersListID" FROM "reminders" WHERE ("id" = ?)
            """
        }
    }
}
