import Codd
import Foundation
import Testing

/// Every example of the query cookbook (seed 003) and the aliases and aggregation of seed
/// 002: the Swift compiles, renders the SQL (exactly; deviations from the seed's text are
/// noted), and returns the expected rows from a real database.
@Suite("Seed cookbook")
struct SeedCookbookTests {
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
        // reminder and so makes the LEFT JOIN an inner one; Codd puts it in ON.
        #expect(query.parameterSQL == """
            SELECT "remindersLists"."title", count("reminders"."id") \
            FROM "remindersLists" \
            LEFT JOIN "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID") \
            AND ("reminders"."deletedAt" IS NOT NULL) \
            WHERE ("remindersLists"."deletedAt" IS NOT NULL) \
            GROUP BY "remindersLists"."id"
            """)
        let rows = try database.read { db in try query.fetchAll(db) }
        // Only list 3 is "not deleted" by the seed's (inverted) scope; it keeps its count.
        #expect(rows.map(\.0) == ["Old"])
        #expect(rows.map(\.1) == [1])
        // A list whose joined rows are all filtered out still appears, with 0.
        let unfiltered = RemindersList.group(by: \.id)
            .leftJoin(Reminder.notDeleted) { $0.id.eq($1.remindersListID) }
            .select { ($0.title, $1.id.count()) }
        let counts = try database.read { db in try unfiltered.fetchAll(db) }
        #expect(counts.map(\.0) == ["Personal", "Work", "Old"])
        #expect(counts.map(\.1) == [0, 1, 1])
    }

    @Test func scopesChainAnywhereInTheBuilder() throws {
        let query = RemindersList
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
        let query = Reminder
            .select {
                (
                    $0.count(filter: $0.isPastDue),
                    $0.count(filter: $0.isToday),
                    $0.count(filter: $0.isScheduled)
                )
            }
        // The seed writes FILTER inside count(…); SQLite's grammar puts it after the call.
        #expect(query.parameterSQL == """
            SELECT \
            count("id") FILTER (WHERE (NOT "isCompleted") AND (date("dueAt") < date())), \
            count("id") FILTER (WHERE (NOT "isCompleted") AND (date("dueAt") = date())), \
            count("id") FILTER (WHERE (NOT "isCompleted") AND (date("dueAt") > date())) \
            FROM "reminders"
            """)
        let counts = try database.read { db in try query.fetchOne(db) }
        // Past due and open: 1 (Groceries) and 6 (Old thing); today: 3; scheduled: 4.
        #expect(counts.map { [$0.0, $0.1, $0.2] } == [2, 1, 1])
    }

    // MARK: Default scopes

    @Test func defaultScopeAppliesToEveryEntryPoint() throws {
        #expect(ScopedReminder.all.parameterSQL == """
            SELECT "id", "title", "isCompleted", "deletedAt" FROM "reminders" WHERE ("deletedAt" IS NOT NULL)
            """)
        let query = ScopedReminder.where { !$0.isCompleted }
        #expect(query.parameterSQL == """
            SELECT "id", "title", "isCompleted", "deletedAt" FROM "reminders" \
            WHERE ("deletedAt" IS NOT NULL) AND (NOT "isCompleted")
            """)
        #expect(ScopedReminder.select(\.title).parameterSQL == """
            SELECT "title" FROM "reminders" WHERE ("deletedAt" IS NOT NULL)
            """)
        #expect(ScopedReminder.order(by: \.title).parameterSQL == """
            SELECT "id", "title", "isCompleted", "deletedAt" FROM "reminders" WHERE ("deletedAt" IS NOT NULL) ORDER BY "title"
            """)
        #expect(ScopedReminder.all.where { $0.id.gt(1) }.parameterSQL == """
            SELECT "id", "title", "isCompleted", "deletedAt" FROM "reminders" WHERE ("deletedAt" IS NOT NULL) AND ("id" > ?)
            """)
        let titles = try database.read { db in try query.fetchAll(db).map(\.title) }
        #expect(titles == ["Archived", "Old thing"])
    }

    @Test func unscopedEscapesTheDefaultScope() throws {
        #expect(ScopedReminder.unscoped.parameterSQL == """
            SELECT "id", "title", "isCompleted", "deletedAt" FROM "reminders"
            """)
        let count = try database.read { db in try ScopedReminder.unscoped.fetchCount(db) }
        #expect(count == 6)
        let scopedCount = try database.read { db in try ScopedReminder.all.fetchCount(db) }
        #expect(scopedCount == 2)
    }

    // MARK: Custom selections

    @Test func selectionOfOneColumn() throws {
        let query = Reminder
            .where { !$0.isCompleted }
            .select {
                ReminderTitle.Columns(
                    title: $0.title
                )
            }
        #expect(query.parameterSQL == """
            SELECT "title" AS "title" FROM "reminders" WHERE (NOT "isCompleted")
            """)
        let titles = try database.read { db in try query.fetchAll(db) }
        #expect(titles.map(\.title) == ["Groceries", "Passport", "Report", "Archived", "Old thing"])
    }

    @Test func selectionOfATableRowAndAnAggregate() throws {
        let query = RemindersList
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
        #expect(query.parameterSQL == """
            SELECT count("reminders"."id") AS "remindersCount", \
            "remindersLists"."id", "remindersLists"."title", "remindersLists"."position", "remindersLists"."deletedAt" \
            FROM "remindersLists" \
            JOIN "reminders" ON "remindersLists"."id" = "reminders"."remindersListID" \
            GROUP BY "remindersLists"."id"
            """)
        let rows = try database.read { db in try query.fetchAll(db) }
        #expect(rows.map(\.remindersCount) == [3, 2, 1])
        #expect(rows.map(\.remindersList.title) == ["Personal", "Work", "Old"])
    }

    // MARK: Table aliases (seed 002)

    @Test func selfJoinWithAnAlias() throws {
        let query = Employee
            .leftJoin(Employee.all.as(ManagerAlias.self)) { $0.managerID.eq($1.id) }
            .select {
                (
                    $0.name,
                    $1.name
                )
            }
        #expect(query.parameterSQL == """
            SELECT "employees"."name", "managers"."name" \
            FROM "employees" LEFT JOIN "employees" AS "managers" ON "employees"."managerID" = "managers"."id"
            """)
        let rows = try database.read { db in try query.fetchAll(db) }
        #expect(rows.map { "\($0.0)→\($0.1 ?? "-")" } == ["Ada→-", "Bob→Ada", "Cy→Ada", "Di→Bob"])
    }

    @Test func employeesWhoManageOthers() throws {
        // The seed writes `.select { $0 }`; Swift does not accept a closure that uses only
        // `$0` where it takes two parameters (one per table), so the parameters are named.
        let query = Employee
            .join(Employee.all.as(ManagerAlias.self)) { $0.id.eq($1.managerID) }
            .select { employee, _ in employee }
            .distinct()
        #expect(query.parameterSQL == """
            SELECT DISTINCT "employees"."id", "employees"."name", "employees"."managerID" \
            FROM "employees" JOIN "employees" AS "managers" ON "employees"."id" = "managers"."managerID"
            """)
        let managers: [Employee] = try database.read { db in try query.fetchAll(db) }
        #expect(managers.map(\.name) == ["Ada", "Bob"])
    }

    // MARK: String aggregation (seed 002)

    @Test func groupConcatAcrossTwoJoins() throws {
        let query = Item
            .group(by: \.id)
            .leftJoin(ItemTag.all) { $0.id.eq($1.itemID) }
            .leftJoin(Tag.all) { $1.tagID.eq($2.id) }
            .select {
                (
                    $0.title,
                    $2.name.groupConcat(separator: ", ")
                )
            }
        #expect(query.parameterSQL == """
            SELECT "items"."title", group_concat("tags"."name", ?) \
            FROM "items" \
            LEFT JOIN "itemTags" ON "items"."id" = "itemTags"."itemID" \
            LEFT JOIN "tags" ON "itemTags"."tagID" = "tags"."id" \
            GROUP BY "items"."id"
            """)
        let rows = try database.read { db in try query.fetchAll(db) }
        #expect(rows.map(\.0) == ["iPhone", "Cable", "Case"])
        #expect(rows[0].1 == "electronics, mobile, apple")
        #expect(rows[1].1 == "electronics")
        #expect(rows[2].1 == nil)
    }
}
