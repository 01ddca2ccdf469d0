import Codd
import CoddQueryAssertions
import Foundation
import Testing

/// Every example of the query cookbook (seed 003) and the aliases and aggregation of seed
/// 002: the Swift compiles, renders the SQL (exactly; deviations from the seed's text are
/// noted), and returns the expected rows from a real database.
@Suite("Query cookbook")
struct QueryCookbookTests {
    let database: Database

    init() throws {
        database = try makeRemindersDatabase()
    }

    // MARK: Reusable table queries

    @Test func scopesJoinedAndCounted() throws {
        let query = RemindersList
            .notDeleted
            .group(by: \.id)
            .leftJoin(Reminder.notDeleted) {
                $0.id.eq($1.remindersListID)
            }
            .select { ($0.title, $1.id.count()) }
        // Differences from the seed's text: the seed omits the GROUP BY its Swift asks for,
        // and puts the joined scope in WHERE, which drops the lists with no matching
        // reminder and so makes the LEFT JOIN an inner one; Codd puts it in ON. Only list 3
        // is "not deleted" by the seed's (inverted) scope; it keeps its count.
        assertQuery(query, in: database) {
            """
            SELECT "remindersLists"."title", count("reminders"."id") FROM "remindersLists" LEFT JOIN "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID") AND ("reminders"."deletedAt" IS NOT NULL) WHERE ("remindersLists"."deletedAt" IS NOT NULL) GROUP BY "remindersLists"."id"
            """
        } results: {
            """
            ┌───────┬───┐
            │ "Old" │ 1 │
            └───────┴───┘
            """
        }
        // A list whose joined rows are all filtered out still appears, with 0.
        let unfiltered = RemindersList.group(by: \.id)
            .leftJoin(Reminder.notDeleted) { $0.id.eq($1.remindersListID) }
            .select { ($0.title, $1.id.count()) }
        assertQuery(unfiltered, in: database) {
            """
            SELECT "remindersLists"."title", count("reminders"."id") FROM "remindersLists" LEFT JOIN "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID") AND ("reminders"."deletedAt" IS NOT NULL) GROUP BY "remindersLists"."id"
            """
        } results: {
            """
            ┌────────────┬───┐
            │ "Personal" │ 0 │
            │ "Work"     │ 1 │
            │ "Old"      │ 1 │
            └────────────┴───┘
            """
        }
    }

    @Test func scopesChainAnywhereInTheBuilder() throws {
        let query =
            RemindersList
            .group(by: \.id)
            .notDeleted
            .leftJoin(Reminder.notDeleted) { $0.id.eq($1.remindersListID) }
            .select { ($0.title, $1.id.count()) }
        let seed = RemindersList
            .notDeleted
            .group(by: \.id)
            .leftJoin(Reminder.notDeleted) { $0.id.eq($1.remindersListID) }
            .select { ($0.title, $1.id.count()) }
        #expect(query.parameterSQL == seed.parameterSQL)
    }

    // MARK: Reusable column queries

    @Test func countsWithFilters() throws {
        let query =
            Reminder
            .select {
                (
                    $0.count(filter: $0.isPastDue),
                    $0.count(filter: $0.isToday),
                    $0.count(filter: $0.isScheduled)
                )
            }
        // The seed writes FILTER inside count(…); SQLite's grammar puts it after the call.
        // Past due and open: 1 (Groceries) and 6 (Old thing); today: 3; scheduled: 4.
        assertQuery(query, in: database) {
            """
            SELECT count("id") FILTER (WHERE (NOT "isCompleted") AND (date("dueAt") < date())), count("id") FILTER (WHERE (NOT "isCompleted") AND (date("dueAt") = date())), count("id") FILTER (WHERE (NOT "isCompleted") AND (date("dueAt") > date())) FROM "reminders"
            """
        } results: {
            """
            ┌───┬───┬───┐
            │ 2 │ 1 │ 1 │
            └───┴───┴───┘
            """
        }
    }

    // MARK: Default scopes

    @Test func defaultScopeAppliesToEveryEntryPoint() throws {
        assertSQL(ScopedReminder.all) {
            """
            SELECT "id", "title", "isCompleted", "deletedAt" FROM "reminders" WHERE ("deletedAt" IS NOT NULL)
            """
        }
        let query = ScopedReminder.where { !$0.isCompleted }
        assertSQL(ScopedReminder.select(\.title)) {
            """
            SELECT "title" FROM "reminders" WHERE ("deletedAt" IS NOT NULL)
            """
        }
        assertSQL(ScopedReminder.order(by: \.title)) {
            """
            SELECT "id", "title", "isCompleted", "deletedAt" FROM "reminders" WHERE ("deletedAt" IS NOT NULL) ORDER BY "title"
            """
        }
        assertSQL(ScopedReminder.all.where { $0.id.gt(1) }) {
            """
            SELECT "id", "title", "isCompleted", "deletedAt" FROM "reminders" WHERE ("deletedAt" IS NOT NULL) AND ("id" > ?)
            """
        }
        assertQuery(query, in: database) {
            """
            SELECT "id", "title", "isCompleted", "deletedAt" FROM "reminders" WHERE ("deletedAt" IS NOT NULL) AND (NOT "isCompleted")
            """
        } results: {
            """
            ┌───────────────────────────┐
            │ ScopedReminder(           │
            │   id: 5,                  │
            │   title: "Archived",      │
            │   isCompleted: false,     │
            │   deletedAt: "2024-02-02" │
            │ )                         │
            ├───────────────────────────┤
            │ ScopedReminder(           │
            │   id: 6,                  │
            │   title: "Old thing",     │
            │   isCompleted: false,     │
            │   deletedAt: "2024-03-03" │
            │ )                         │
            └───────────────────────────┘
            """
        }
    }

    @Test func unscopedEscapesTheDefaultScope() throws {
        assertSQL(ScopedReminder.unscoped) {
            """
            SELECT "id", "title", "isCompleted", "deletedAt" FROM "reminders"
            """
        }
        let count = try database.read { db in try ScopedReminder.unscoped.fetchCount(db) }
        #expect(count == 6)
        let scopedCount = try database.read { db in try ScopedReminder.all.fetchCount(db) }
        #expect(scopedCount == 2)
    }

    // MARK: Custom selections

    @Test func selectionOfOneColumn() throws {
        let query =
            Reminder
            .where { !$0.isCompleted }
            .select {
                ReminderTitle.Columns(
                    title: $0.title
                )
            }
        assertQuery(query, in: database) {
            """
            SELECT "title" AS "title" FROM "reminders" WHERE (NOT "isCompleted")
            """
        } results: {
            """
            ┌───────────────────────────────────┐
            │ ReminderTitle(title: "Groceries") │
            │ ReminderTitle(title: "Passport")  │
            │ ReminderTitle(title: "Report")    │
            │ ReminderTitle(title: "Archived")  │
            │ ReminderTitle(title: "Old thing") │
            └───────────────────────────────────┘
            """
        }
    }

    @Test func selectionOfATableRowAndAnAggregate() throws {
        let query =
            RemindersList
            .group(by: \.id)
            .join(Reminder.all) {
                $0.id.eq($1.remindersListID)
            }
            .select {
                RemindersListWithCount.Columns(
                    remindersCount: $1.count(),
                    remindersList: $0
                )
            }
        assertQuery(query, in: database) {
            """
            SELECT count("reminders"."id") AS "remindersCount", "remindersLists"."id", "remindersLists"."title", "remindersLists"."position", "remindersLists"."deletedAt" FROM "remindersLists" JOIN "reminders" ON "remindersLists"."id" = "reminders"."remindersListID" GROUP BY "remindersLists"."id"
            """
        } results: {
            """
            ┌─────────────────────────────────┐
            │ RemindersListWithCount(         │
            │   remindersCount: 3,            │
            │   remindersList: RemindersList( │
            │     id: 1,                      │
            │     title: "Personal",          │
            │     position: 1,                │
            │     deletedAt: nil              │
            │   )                             │
            │ )                               │
            ├─────────────────────────────────┤
            │ RemindersListWithCount(         │
            │   remindersCount: 2,            │
            │   remindersList: RemindersList( │
            │     id: 2,                      │
            │     title: "Work",              │
            │     position: 2,                │
            │     deletedAt: nil              │
            │   )                             │
            │ )                               │
            ├─────────────────────────────────┤
            │ RemindersListWithCount(         │
            │   remindersCount: 1,            │
            │   remindersList: RemindersList( │
            │     id: 3,                      │
            │     title: "Old",               │
            │     position: 3,                │
            │     deletedAt: "2024-01-01"     │
            │   )                             │
            │ )                               │
            └─────────────────────────────────┘
            """
        }
    }

    // MARK: Table aliases (seed 002)

    @Test func selfJoinWithAnAlias() throws {
        let query =
            Employee
            .leftJoin(Employee.all.as(ManagerAlias.self)) { $0.managerID.eq($1.id) }
            .select {
                (
                    $0.name,
                    $1.name
                )
            }
        assertQuery(query, in: database) {
            """
            SELECT "employees"."name", "managers"."name" FROM "employees" LEFT JOIN "employees" AS "managers" ON "employees"."managerID" = "managers"."id"
            """
        } results: {
            """
            ┌───────┬───────┐
            │ "Ada" │ nil   │
            │ "Bob" │ "Ada" │
            │ "Cy"  │ "Ada" │
            │ "Di"  │ "Bob" │
            └───────┴───────┘
            """
        }
    }

    @Test func employeesWhoManageOthers() throws {
        // The seed writes `.select { $0 }`; Swift does not accept a closure that uses only
        // `$0` where it takes two parameters (one per table), so the parameters are named.
        let query =
            Employee
            .join(Employee.all.as(ManagerAlias.self)) { $0.id.eq($1.managerID) }
            .select { employee, _ in employee }
            .distinct()
        assertQuery(query, in: database) {
            """
            SELECT DISTINCT "employees"."id", "employees"."name", "employees"."managerID" FROM "employees" JOIN "employees" AS "managers" ON "employees"."id" = "managers"."managerID"
            """
        } results: {
            """
            ┌──────────────────┐
            │ Employee(        │
            │   id: 1,         │
            │   name: "Ada",   │
            │   managerID: nil │
            │ )                │
            ├──────────────────┤
            │ Employee(        │
            │   id: 2,         │
            │   name: "Bob",   │
            │   managerID: 1   │
            │ )                │
            └──────────────────┘
            """
        }
    }

    // MARK: String aggregation (seed 002)

    @Test func groupConcatAcrossTwoJoins() throws {
        let query =
            Item
            .group(by: \.id)
            .leftJoin(ItemTag.all) { $0.id.eq($1.itemID) }
            .leftJoin(Tag.all) { $1.tagID.eq($2.id) }
            .select {
                (
                    $0.title,
                    $2.name.groupConcat(separator: ", ")
                )
            }
        assertQuery(query, in: database) {
            """
            SELECT "items"."title", group_concat("tags"."name", ?) FROM "items" LEFT JOIN "itemTags" ON "items"."id" = "itemTags"."itemID" LEFT JOIN "tags" ON "itemTags"."tagID" = "tags"."id" GROUP BY "items"."id"
            """
        } results: {
            """
            ┌──────────┬──────────────────────────────┐
            │ "iPhone" │ "electronics, mobile, apple" │
            │ "Cable"  │ "electronics"                │
            │ "Case"   │ nil                          │
            └──────────┴──────────────────────────────┘
            """
        }
    }
}
