import Codd
import CoddQueryAssertions
import Foundation
import Testing

/// A clause lands where SQLite's grammar reads it as the Swift means it: ORDER BY and LIMIT
/// of a write or a compound operand move into a subquery, a joined scope into ON, an alias
/// into every clause but not into subqueries. The expected rows are what SQLite returns for
/// that meaning; a shape SQLite cannot express is an error.
@Suite("Clauses land where SQLite reads them as meant")
struct ClausePlacementTests {
    let database: Database

    init() throws {
        database = try makeRemindersDatabase()
    }

    @Test func deleteAndUpdateKeepOrderAndLimit() throws {
        let delete = Item.where { $0.isActive }.order(by: \.id).limit(1).delete()
        assertQuery(delete, in: database) {
            """
            DELETE FROM "items" WHERE "rowid" IN (SELECT "rowid" FROM "items" WHERE "isActive" ORDER BY "id" LIMIT ?)
            """
        }
        assertQuery(Item.order(by: \.id).select(\.id), in: database) {
            """
            SELECT "id" FROM "items" ORDER BY "id"
            """
        } results: {
            """
            ┌───┐
            │ 2 │
            │ 3 │
            └───┘
            """
        }

        let update = Item.order { $0.id.desc() }.limit(1).update { $0.title = "Last" }
        assertQuery(update, in: database) {
            """
            UPDATE "items" SET "title" = ? WHERE "rowid" IN (SELECT "rowid" FROM "items" ORDER BY "id" DESC LIMIT ?)
            """
        }
        assertQuery(Item.order(by: \.id).select(\.title), in: database) {
            """
            SELECT "title" FROM "items" ORDER BY "id"
            """
        } results: {
            """
            ┌─────────┐
            │ "Cable" │
            │ "Last"  │
            └─────────┘
            """
        }
    }

    @Test func anOuterJoinedDefaultScopeRestrictsTheTableNotTheResult() throws {
        let query = RemindersList.group(by: \.id)
            .leftJoin(ScopedReminder.all) { $0.id.eq($1.id) }
            .select { ($0.title, $1.count()) }
        assertQuery(query, in: database) {
            """
            SELECT "remindersLists"."title", count("reminders"."id") FROM "remindersLists" LEFT JOIN "reminders" ON ("remindersLists"."id" = "reminders"."id") AND ("reminders"."deletedAt" IS NOT NULL) GROUP BY "remindersLists"."id"
            """
        } results: {
            """
            ┌────────────┬───┐
            │ "Personal" │ 0 │
            │ "Work"     │ 0 │
            │ "Old"      │ 0 │
            └────────────┴───┘
            """
        }
        // An inner join is restricted the same way, in WHERE.
        let inner = RemindersList.join(ScopedReminder.all) { _, reminder in reminder.id.gt(0) }
            .select { _, reminder in reminder.id }
            .distinct()
        assertQuery(inner, in: database) {
            """
            SELECT DISTINCT "reminders"."id" FROM "remindersLists" JOIN "reminders" ON "reminders"."id" > ? WHERE ("reminders"."deletedAt" IS NOT NULL)
            """
        } results: {
            """
            ┌───┐
            │ 5 │
            │ 6 │
            └───┘
            """
        }
    }

    /// Grouping by two expressions from the table, as from a statement (`Reminder.all.group`).
    @Test func groupByTwoExpressionsFromTheTable() throws {
        let query = Reminder.group { ($0.remindersListID, $0.isCompleted) }.select {
            ($0.remindersListID, $0.isCompleted, $0.id.count())
        }
        #expect(
            try query.fragment.sql
                == #"SELECT "remindersListID", "isCompleted", count("id") FROM "reminders" GROUP BY "remindersListID", "isCompleted""#
        )
        let rows = try database.read { db in try query.fetchAll(db) }
        let fromAll = try database.read { db in
            try Reminder.all.group { ($0.remindersListID, $0.isCompleted) }.select {
                ($0.remindersListID, $0.isCompleted, $0.id.count())
            }.fetchAll(db)
        }
        let total: Int = try database.read { db in try Reminder.all.fetchCount(db) }
        let counted: Int = rows.reduce(0) { $0 + $1.2 }
        #expect(rows.count == fromAll.count)
        #expect(rows.count > 1)
        #expect(counted == total)
    }

    @Test func countCountsWhatTheStatementReturns() throws {
        #expect(try database.read { db in try Item.limit(2).fetchCount(db) } == 2)
        #expect(try database.read { db in try Reminder.distinct().select(\.remindersListID).fetchCount(db) } == 3)
        #expect(try database.read { db in try Reminder.group(by: \.remindersListID).fetchCount(db) } == 3)
        assertSQL(Item.where { $0.isActive }.count()) {
            """
            SELECT count(*) FROM "items" WHERE "isActive"
            """
        }
        assertSQL(Item.limit(2).count()) {
            """
            SELECT count(*) FROM (SELECT "id", "title", "isActive" FROM "items" LIMIT ?)
            """
        }
    }

    @Test func fetchOneOfACountIsTheCountNotOneRowCounted() throws {
        // `fetchOne` adds `LIMIT 1` to a statement, but a count returns one row already, and
        // a limit there would limit the rows counted (count() over LIMIT counts a subquery).
        let (all, filtered, limited, rowCount) = try database.read { db in
            (
                try Reminder.count().fetchOne(db),
                try Reminder.where { $0.remindersListID.eq(1) }.count().fetchOne(db),
                try Reminder.limit(2).count().fetchOne(db),
                try Reminder.all.fetchAll(db).count
            )
        }
        #expect(all == rowCount)
        #expect(rowCount > 2)
        #expect(
            filtered == (try database.read { db in try Reminder.where { $0.remindersListID.eq(1) }.fetchAll(db).count })
        )
        #expect(limited == 2)
    }

    @Test func insertSelectWithAnUpsertParses() throws {
        let insert = Tag.insert(
            { $0.name }, select: Item.where { $0.isActive }.order(by: \.id).limit(2).select { $0.title.lower() }
        )
        .onConflictDoNothing()
        assertQuery(insert, in: database) {
            """
            INSERT INTO "tags" ("name") SELECT * FROM (SELECT lower("items"."title") FROM "items" WHERE "items"."isActive" ORDER BY "items"."id" LIMIT ?) AS "selected" WHERE true ON CONFLICT DO NOTHING
            """
        }
        assertQuery(Tag.order(by: \.id).select(\.name), in: database) {
            """
            SELECT "name" FROM "tags" ORDER BY "id"
            """
        } results: {
            """
            ┌───────────────┐
            │ "electronics" │
            │ "mobile"      │
            │ "apple"       │
            │ "iphone"      │
            │ "case"        │
            └───────────────┘
            """
        }
    }

    @Test func aCompoundOperandKeepsItsLimit() throws {
        let query = Item.select(\.title).union(Tag.order(by: \.name).limit(1).select(\.name))
        assertSQL(query) {
            """
            SELECT "items"."title" FROM "items" UNION SELECT * FROM (SELECT "tags"."name" FROM "tags" ORDER BY "tags"."name" LIMIT ?)
            """
        }
        // UNION hands rows back in no promised order.
        #expect(try database.read { db in try query.fetchAll(db) }.sorted() == ["Cable", "Case", "apple", "iPhone"])
    }

    @Test func aliasesApplyToEveryClauseAndNotToSubqueries() throws {
        let ordered = Employee.order(by: \.name).select(\.name).as(ManagerAlias.self)
        assertQuery(ordered, in: database) {
            """
            SELECT "managers"."name" FROM "employees" AS "managers" ORDER BY "managers"."name"
            """
        } results: {
            """
            ┌───────┐
            │ "Ada" │
            │ "Bob" │
            │ "Cy"  │
            │ "Di"  │
            └───────┘
            """
        }

        let subquery = Employee.where { $0.id.in(Employee.unscoped.select { $0.managerID ?? 0 }) }
            .as(ManagerAlias.self).select(\.name)
        assertQuery(subquery, in: database) {
            """
            SELECT "managers"."name" FROM "employees" AS "managers" WHERE ("managers"."id" IN (SELECT coalesce("employees"."managerID", ?) FROM "employees"))
            """
        } results: {
            """
            ┌───────┐
            │ "Ada" │
            │ "Bob" │
            └───────┘
            """
        }

        let delete = Employee.all.as(ManagerAlias.self).where { $0.id.eq(4) }.delete()
        assertQuery(delete, in: database) {
            """
            DELETE FROM "employees" WHERE "rowid" IN (SELECT "managers"."rowid" FROM "employees" AS "managers" WHERE ("managers"."id" = ?))
            """
        }
        #expect(try database.read { db in try Employee.all.fetchCount(db) } == 3)
    }

    @Test func aCorrelatedSubqueryQualifiesItsColumns() throws {
        let query = RemindersList.select { list in
            (list.title, Reminder.where { _ in list.title.eq("Work") }.count())
        }
        assertQuery(query, in: database) {
            """
            SELECT "remindersLists"."title", (SELECT count(*) FROM "reminders" WHERE ("remindersLists"."title" = ?)) FROM "remindersLists"
            """
        } results: {
            """
            ┌────────────┬───┐
            │ "Personal" │ 0 │
            │ "Work"     │ 6 │
            │ "Old"      │ 0 │
            └────────────┴───┘
            """
        }
    }

    @Test func aJoinedStatementWithMoreThanConditionsIsAnError() throws {
        let query = RemindersList.join(Reminder.order(by: \.id).limit(1)) { $0.id.eq($1.remindersListID) }
        let error = #expect(throws: SQLEncodingError.self) { try database.read { db in try query.fetchAll(db) } }
        #expect(error?.reason.contains("conditions only") == true)
        assertQuery(query, in: database) {
            """
            <cannot render: Cannot encode Select value reminders: a joined statement can carry conditions only, not a selection, grouping, DISTINCT, ORDER BY, LIMIT or compounds>
            """
        } results: {
            """
            Error: Cannot encode Select value reminders: a joined statement can carry conditions only, not a selection, grouping, DISTINCT, ORDER BY, LIMIT or compounds
            """
        }
    }

    @Test func distinctGroupConcatTakesNoSeparator() throws {
        let bad = Reminder.select { $0.title.groupConcat(separator: ", ", distinct: true) }
        #expect(throws: SQLEncodingError.self) { try bad.fragment }
        assertSQL(bad) {
            """
            <cannot render: Cannot encode SQLAggregate value group_concat: SQLite's DISTINCT aggregates take exactly one argument (no separator)>
            """
        }
        let good = Reminder.where { $0.id.lte(2) }.select { $0.remindersListID.groupConcat(distinct: true) }
        assertSQL(good) {
            """
            SELECT group_concat(DISTINCT "remindersListID") FROM "reminders" WHERE ("id" <= ?)
            """
        }
    }
}
