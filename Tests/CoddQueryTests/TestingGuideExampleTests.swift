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
}
