import Codd
import CoddQueryAssertions
import Foundation
import Testing

@Suite("Joins")
struct JoinTests {
    let database: Database

    init() throws {
        database = try makeRemindersDatabase(withEmptyList: true)
    }

    @Test func wholeRowsOfALeftJoinDecodeTheOuterSideAsOptional() throws {
        let query = RemindersList.leftJoin(Reminder.where { $0.priority.eq(Priority.high) }) {
            $0.id.eq($1.remindersListID)
        }
        .order { list, reminder in (list.id, reminder.id) }
        // The joined statement's condition restricts the joined table: it goes in ON, so
        // lists without a high-priority reminder stay, with no reminder.
        assertSQL(query) {
            """
            SELECT "remindersLists"."id", "remindersLists"."title", "remindersLists"."position", "remindersLists"."deletedAt", "reminders"."id", "reminders"."title", "reminders"."notes", "reminders"."isCompleted", "reminders"."priority", "reminders"."dueAt", "reminders"."deletedAt", "reminders"."remindersListID" FROM "remindersLists" LEFT JOIN "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID") AND ("reminders"."priority" = ?) ORDER BY "remindersLists"."id", "reminders"."id"
            """
        }
        // Whole rows hold dates relative to today: they are checked by title and id, not
        // snapshotted.
        let rows = try database.read { db in try query.fetchAll(db) }
        let titles: [String] = rows.map { $0.0.title }
        #expect(titles == ["Personal", "Work", "Old", "Empty"])
        let reminderIDs: [Int?] = rows.map { $0.1?.id }
        #expect(reminderIDs == [3, 4, nil, nil])
        // An inner join keeps only the matches.
        let inner = RemindersList.join(Reminder.where { $0.priority.eq(Priority.high) }) {
            $0.id.eq($1.remindersListID)
        }
        #expect(try database.read { db in try inner.fetchAll(db) }.map { $0.1.id } == [3, 4])
        assertSQL(inner) {
            """
            SELECT "remindersLists"."id", "remindersLists"."title", "remindersLists"."position", "remindersLists"."deletedAt", "reminders"."id", "reminders"."title", "reminders"."notes", "reminders"."isCompleted", "reminders"."priority", "reminders"."dueAt", "reminders"."deletedAt", "reminders"."remindersListID" FROM "remindersLists" JOIN "reminders" ON "remindersLists"."id" = "reminders"."remindersListID" WHERE ("reminders"."priority" = ?)
            """
        }
    }

    @Test func outerColumnsAreOptional() throws {
        let query = RemindersList.leftJoin(Reminder.all) { $0.id.eq($1.remindersListID) }
            .where { _, reminder in reminder.id == nil }
            .select { list, reminder in (list.title, reminder.title) }
        assertQuery(query, in: database) {
            """
            SELECT "remindersLists"."title", "reminders"."title" FROM "remindersLists" LEFT JOIN "reminders" ON "remindersLists"."id" = "reminders"."remindersListID" WHERE ("reminders"."id" IS NULL)
            """
        } results: {
            """
            ┌─────────┬─────┐
            │ "Empty" │ nil │
            └─────────┴─────┘
            """
        }
    }

    @Test func rightAndFullJoins() throws {
        let right = Reminder.rightJoin(RemindersList.all) { $0.remindersListID.eq($1.id) }
            .select { reminder, list in (reminder.title, list.title) }
            .order { _, list in list.id }
        assertQuery(right, in: database) {
            """
            SELECT "reminders"."title", "remindersLists"."title" FROM "reminders" RIGHT JOIN "remindersLists" ON "reminders"."remindersListID" = "remindersLists"."id" ORDER BY "remindersLists"."id"
            """
        } results: {
            """
            ┌─────────────┬────────────┐
            │ "Groceries" │ "Personal" │
            │ "Call mom"  │ "Personal" │
            │ "Passport"  │ "Personal" │
            │ "Report"    │ "Work"     │
            │ "Archived"  │ "Work"     │
            │ "Old thing" │ "Old"      │
            │ nil         │ "Empty"    │
            └─────────────┴────────────┘
            """
        }

        let full = Employee.fullJoin(Tag.all) { $0.id.eq($1.id) }.select { employee, tag in (employee.name, tag.name) }
        assertQuery(full, in: database) {
            """
            SELECT "employees"."name", "tags"."name" FROM "employees" FULL JOIN "tags" ON "employees"."id" = "tags"."id"
            """
        } results: {
            """
            ┌───────┬───────────────┐
            │ "Ada" │ "electronics" │
            │ "Bob" │ "mobile"      │
            │ "Cy"  │ "apple"       │
            │ "Di"  │ nil           │
            └───────┴───────────────┘
            """
        }
    }

    @Test func threeAndFourTables() throws {
        let query =
            Item
            .join(ItemTag.all) { $0.id.eq($1.itemID) }
            .join(Tag.all) { $1.tagID.eq($2.id) }
            .leftJoin(Employee.all) { _, _, tag, employee in tag.id.eq(employee.id) }
            .where { item, _, _, _ in item.isActive }
            .select { item, _, tag, employee in (item.title, tag.name, employee.name) }
        assertQuery(query, in: database) {
            """
            SELECT "items"."title", "tags"."name", "employees"."name" FROM "items" JOIN "itemTags" ON "items"."id" = "itemTags"."itemID" JOIN "tags" ON "itemTags"."tagID" = "tags"."id" LEFT JOIN "employees" ON "tags"."id" = "employees"."id" WHERE "items"."isActive"
            """
        } results: {
            """
            ┌──────────┬───────────────┬───────┐
            │ "iPhone" │ "electronics" │ "Ada" │
            │ "iPhone" │ "mobile"      │ "Bob" │
            │ "iPhone" │ "apple"       │ "Cy"  │
            └──────────┴───────────────┴───────┘
            """
        }
    }
}
