import Codd
import Foundation
import Testing

@Suite("Joins")
struct JoinTests {
    let database: Database

    init() throws {
        database = try makeRemindersDatabase()
        try database.write { db in
            try db.execute(#"INSERT INTO "remindersLists" VALUES (4, 'Empty', 4, NULL)"#)
        }
    }

    @Test func wholeRowsOfALeftJoinDecodeTheOuterSideAsOptional() throws {
        let query = RemindersList.leftJoin(Reminder.where { $0.priority.eq(Priority.high) }) { $0.id.eq($1.remindersListID) }
            .order { list, reminder in (list.id, reminder.id) }
        // The joined statement's condition restricts the joined table: it goes in ON, so
        // lists without a high-priority reminder stay, with no reminder.
        #expect(query.parameterSQL == """
            SELECT "remindersLists"."id", "remindersLists"."title", "remindersLists"."position", "remindersLists"."deletedAt", \
            "reminders"."id", "reminders"."title", "reminders"."notes", "reminders"."isCompleted", "reminders"."priority", \
            "reminders"."dueAt", "reminders"."deletedAt", "reminders"."remindersListID" \
            FROM "remindersLists" LEFT JOIN "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID") \
            AND ("reminders"."priority" = ?) ORDER BY "remindersLists"."id", "reminders"."id"
            """)
        let rows = try database.read { db in try query.fetchAll(db) }
        #expect(rows.map { $0.0.title } == ["Personal", "Work", "Old", "Empty"])
        #expect(rows.map { $0.1?.id } == [3, 4, nil, nil])
        // An inner join keeps only the matches.
        let inner = RemindersList.join(Reminder.where { $0.priority.eq(Priority.high) }) { $0.id.eq($1.remindersListID) }
        #expect(inner.parameterSQL.hasSuffix(#"WHERE ("reminders"."priority" = ?)"#))
        #expect(try database.read { db in try inner.fetchAll(db) }.map { $0.1.id } == [3, 4])
    }

    @Test func outerColumnsAreOptional() throws {
        let query = RemindersList.leftJoin(Reminder.all) { $0.id.eq($1.remindersListID) }
            .where { _, reminder in reminder.id == nil }
            .select { list, reminder in (list.title, reminder.title) }
        #expect(query.parameterSQL.hasSuffix(#"WHERE ("reminders"."id" IS NULL)"#))
        let rows = try database.read { db in try query.fetchAll(db) }
        #expect(rows.map(\.0) == ["Empty"])
        #expect(rows.map(\.1) == [nil])
    }

    @Test func rightAndFullJoins() throws {
        let right = Reminder.rightJoin(RemindersList.all) { $0.remindersListID.eq($1.id) }
            .select { reminder, list in (reminder.title, list.title) }
            .order { _, list in list.id }
        #expect(right.parameterSQL.contains(#"FROM "reminders" RIGHT JOIN "remindersLists" ON "reminders"."remindersListID" = "remindersLists"."id""#))
        let rows = try database.read { db in try right.fetchAll(db) }
        #expect(rows.last?.1 == "Empty")
        #expect(rows.last?.0 == nil)
        #expect(rows.count == 7)

        let full = Employee.fullJoin(Tag.all) { $0.id.eq($1.id) }.select { employee, tag in (employee.name, tag.name) }
        let pairs = try database.read { db in try full.fetchAll(db) }
        #expect(pairs.count == 4)
        #expect(pairs.filter { $0.1 == nil }.map(\.0) == ["Di"])
    }

    @Test func threeAndFourTables() throws {
        let query = Item
            .join(ItemTag.all) { $0.id.eq($1.itemID) }
            .join(Tag.all) { $1.tagID.eq($2.id) }
            .leftJoin(Employee.all) { _, _, tag, employee in tag.id.eq(employee.id) }
            .where { item, _, _, _ in item.isActive }
            .select { item, _, tag, employee in (item.title, tag.name, employee.name) }
        let rows = try database.read { db in try query.fetchAll(db) }
        #expect(rows.map(\.1) == ["electronics", "mobile", "apple"])
        #expect(rows.map(\.2) == ["Ada", "Bob", "Cy"])
    }
}
