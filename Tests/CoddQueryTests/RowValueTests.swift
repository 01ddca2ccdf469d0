import Codd
import CoddQueryAssertions
import Foundation
import Testing

/// Row values (a tuple of columns, or a whole row, compared at once) and a Swift value on
/// the left of an operator.
@Suite("row values and values on the left")
struct RowValueTests {
    let database: Database

    init() throws {
        database = try makeRemindersDatabase()
    }

    @Test func tuplesOfColumnsCompareInOrder() throws {
        // Keyset pagination: the rows after (priority 2, id 1) in (priority, id) order.
        let query = Reminder.where { ($0.priority, $0.id) > (Priority.medium, 1) }.order { ($0.priority, $0.id) }
            .select(\.id)
        assertQuery(query, in: database) {
            """
            SELECT "id" FROM "reminders" WHERE (("priority", "id") > (?, ?)) ORDER BY "priority", "id"
            """
        } results: {
            """
            ┌───┐
            │ 3 │
            │ 4 │
            └───┘
            """
        }
        let three = Reminder.where { ($0.remindersListID, $0.id, $0.title) <= (1, 2, "Call mom") }.select(\.id)
        assertQuery(three, in: database) {
            """
            SELECT "id" FROM "reminders" WHERE (("remindersListID", "id", "title") <= (?, ?, ?))
            """
        } results: {
            """
            ┌───┐
            │ 1 │
            │ 2 │
            └───┘
            """
        }
        let columns = Employee.join(Employee.all.as(ManagerAlias.self)) { $0.managerID.eq($1.id) }
            .where { employee, manager in (employee.managerID, employee.name) > (manager.managerID, manager.name) }
            .select { employee, manager in (employee.name, manager.name) }
        assertQuery(columns, in: database) {
            """
            SELECT "employees"."name", "managers"."name" FROM "employees" JOIN "employees" AS "managers" ON "employees"."managerID" = "managers"."id" WHERE (("employees"."managerID", "employees"."name") > ("managers"."managerID", "managers"."name"))
            """
        } results: {
            """
            ┌──────┬───────┐
            │ "Di" │ "Bob" │
            └──────┴───────┘
            """
        }
    }

    @Test func aWholeRowEqualsAValue() throws {
        let tag = Tag(id: 2, name: "mobile")
        assertQuery(Tag.where { $0.eq(tag) }, in: database) {
            """
            SELECT "id", "name" FROM "tags" WHERE (("id", "name") = (?, ?))
            """
        } results: {
            """
            ┌──────────────────┐
            │ Tag(             │
            │   id: 2,         │
            │   name: "mobile" │
            │ )                │
            └──────────────────┘
            """
        }
        assertQuery(Tag.where { $0.neq(tag) }.select(\.id), in: database) {
            """
            SELECT "id" FROM "tags" WHERE (("id", "name") <> (?, ?))
            """
        } results: {
            """
            ┌───┐
            │ 1 │
            │ 3 │
            └───┘
            """
        }
        #expect(try database.read { db in try Tag.where { $0.eq(Tag(id: 2, name: "Mobile")) }.fetchAll(db) }.isEmpty)
    }

    @Test func aSwiftValueOnTheLeft() throws {
        let query = Reminder.where { Priority.medium < $0.priority && 4 != $0.id }.select(\.id)
        assertQuery(query, in: database) {
            """
            SELECT "id" FROM "reminders" WHERE ((? < "priority") AND (? <> "id"))
            """
        } results: {
            """
            ┌───┐
            │ 3 │
            └───┘
            """
        }
        assertQuery(Reminder.where { "Report" == $0.title }.select { "#" + $0.title }, in: database) {
            """
            SELECT ? || "title" FROM "reminders" WHERE (? = "title")
            """
        } results: {
            """
            ┌───────────┐
            │ "#Report" │
            └───────────┘
            """
        }
        // A value as the first operand of IN, BETWEEN and the named forms.
        let bound = Item.where {
            SQLBound("Case").in([$0.title, $0.title.upper()]) || SQLBound(2).between($0.id, and: $0.id + 1)
        }
        .order(by: \.id)
        .select(\.id)
        assertQuery(bound, in: database) {
            """
            SELECT "id" FROM "items" WHERE ((? IN ("title", upper("title"))) OR (? BETWEEN "id" AND ("id" + ?))) ORDER BY "id"
            """
        } results: {
            """
            ┌───┐
            │ 1 │
            │ 2 │
            │ 3 │
            └───┘
            """
        }
        let uuid = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
        // `as:` binds through a representation, as a column of it would: 16 bytes here.
        let fragment = try Values(SQLBound(uuid, as: UUID.BlobRepresentation.self).eq(uuid)).fragment
        #expect(fragment.sql == "SELECT ? = ?")
        let bytes: [UInt8] = [UInt8](repeating: 0, count: 15) + [1]
        let expectedBindings: [SQLValue] = [.blob(bytes), .blob(bytes)]
        #expect(fragment.bindings == expectedBindings)
        #expect(try database.read { db in try db.fetchAll(Bool.self, fragment) } == [true])
    }
}
