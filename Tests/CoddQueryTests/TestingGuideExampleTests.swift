import Codd
import CoddQueryAssertions
import Testing

/// The examples of docs/Testing.md, verbatim, on the reminders database of these tests.
@Suite("docs/Testing.md examples")
struct TestingGuideExampleTests {
    let database: Database

    init() throws {
        database = try makeRemindersDatabase()
    }

    @Test func aQueryItsSQLAndItsRows() {
        assertQuery(Reminder.where { $0.isCompleted }.select(\.title), in: database) {
            """
            SELECT "title" FROM "reminders" WHERE "isCompleted"
            """
        } results: {
            """
            ┌────────────┐
            │ "Call mom" │
            └────────────┘
            """
        }
    }

    @Test func aWriteAndTheSQLAlone() {
        assertQuery(Reminder.where { $0.isCompleted }.delete(), in: database) {
            """
            DELETE FROM "reminders" WHERE "isCompleted"
            """
        }
        assertSQL(Reminder.find(1).update { $0.title = "Milk" }, rendering: .inlineLiterals) {
            """
            UPDATE "reminders" SET "title" = 'Milk' WHERE ("id" = 1)
            """
        }
    }

    @Test func aWriteThatMustFail() throws {
        let error = #expect(throws: (any Error).self) {
            try database.write { db in
                try Reminder.insert { Reminder(id: 1, title: "Again", remindersListID: 1) }.execute(db)
            }
        }
        #expect(error.flatMap(SQLConstraintViolation.init) == .unique)

        // The promise after the block: the failed write left the row as it was.
        #expect(error is SQLiteError)
        let title = try database.read { db in try Reminder.find(1).select(\.title).fetchOne(db) }
        #expect(title == "Groceries")
    }
}
