import Codd
import Foundation
import Testing

/// Each case a review found rendering wrong SQL or the wrong rows; the expected rows are
/// what SQLite returns for the statement the Swift means.
@Suite("Render regressions")
struct RenderRegressionTests {
    let database: Database

    init() throws {
        database = try makeRemindersDatabase()
    }

    @Test func deleteAndUpdateKeepOrderAndLimit() throws {
        let delete = Item.where { $0.isActive }.order(by: \.id).limit(1).delete()
        #expect(delete.parameterSQL == """
            DELETE FROM "items" WHERE "rowid" IN (SELECT "rowid" FROM "items" WHERE "isActive" ORDER BY "id" LIMIT ?)
            """)
        try database.write { db in try delete.execute(db) }
        #expect(try database.read { db in try Item.order(by: \.id).select(\.id).fetchAll(db) } == [2, 3])

        let update = Item.order { $0.id.desc() }.limit(1).update { $0.title = "Last" }
        try database.write { db in try update.execute(db) }
        #expect(try database.read { db in try Item.order(by: \.id).select(\.title).fetchAll(db) } == ["Cable", "Last"])
    }

    @Test func aComparisonKeepsItsParenthesesInsideAWhere() throws {
        let query = Item.where { ($0.isActive && $0.id.gt(1)).eq(false) }.select(\.id)
        #expect(query.parameterSQL == #"SELECT "id" FROM "items" WHERE (("isActive" AND ("id" > ?)) = ?)"#)
        #expect(try database.read { db in try query.fetchAll(db) } == [1, 2])
        let negated = Item.where { $0.id.gt(0) }.where { ($0.isActive || $0.id.eq(2)).eq(false) }.select(\.id)
        #expect(try database.read { db in try negated.fetchAll(db) } == [])
    }

    @Test func anOuterJoinedDefaultScopeRestrictsTheTableNotTheResult() throws {
        let query = RemindersList.group(by: \.id)
            .leftJoin(ScopedReminder.all) { $0.id.eq($1.id) }
            .select { ($0.title, $1.count()) }
        #expect(query.parameterSQL.contains(#"LEFT JOIN "reminders" ON ("remindersLists"."id" = "reminders"."id") AND ("reminders"."deletedAt" IS NOT NULL)"#))
        let rows = try database.read { db in try query.fetchAll(db) }
        #expect(rows.map(\.0) == ["Personal", "Work", "Old"])
        #expect(rows.map(\.1) == [0, 0, 0])
        // An inner join is restricted the same way, in WHERE.
        let inner = RemindersList.join(ScopedReminder.all) { _, reminder in reminder.id.gt(0) }
            .select { _, reminder in reminder.id }
            .distinct()
        #expect(inner.parameterSQL.hasSuffix(#"WHERE ("reminders"."deletedAt" IS NOT NULL)"#))
        #expect(try database.read { db in try inner.fetchAll(db) } == [5, 6])
    }

    @Test func countCountsWhatTheStatementReturns() throws {
        #expect(try database.read { db in try Item.limit(2).fetchCount(db) } == 2)
        #expect(try database.read { db in try Reminder.distinct().select(\.remindersListID).fetchCount(db) } == 3)
        #expect(try database.read { db in try Reminder.group(by: \.remindersListID).fetchCount(db) } == 3)
        #expect(Item.where { $0.isActive }.count().parameterSQL == #"SELECT count(*) FROM "items" WHERE "isActive""#)
        #expect(Item.limit(2).count().parameterSQL == #"SELECT count(*) FROM (SELECT "id", "title", "isActive" FROM "items" LIMIT ?)"#)
    }

    @Test func insertSelectWithAnUpsertParses() throws {
        let insert = Tag.insert({ $0.name }, select: Item.where { $0.isActive }.order(by: \.id).limit(2).select { $0.title.lower() })
            .onConflictDoNothing()
        #expect(insert.parameterSQL == """
            INSERT INTO "tags" ("name") SELECT * FROM (SELECT lower("items"."title") FROM "items" WHERE "items"."isActive" \
            ORDER BY "items"."id" LIMIT ?) WHERE true ON CONFLICT DO NOTHING
            """)
        try database.write { db in try insert.execute(db) }
        #expect(try database.read { db in try Tag.order(by: \.id).select(\.name).fetchAll(db) }.suffix(2) == ["iphone", "case"])
    }

    @Test func aCompoundOperandKeepsItsLimit() throws {
        let query = Item.select(\.title).union(Tag.order(by: \.name).limit(1).select(\.name))
        #expect(query.parameterSQL == """
            SELECT "items"."title" FROM "items" UNION SELECT * FROM \
            (SELECT "tags"."name" FROM "tags" ORDER BY "tags"."name" LIMIT ?)
            """)
        #expect(try database.read { db in try query.fetchAll(db) }.sorted() == ["Cable", "Case", "apple", "iPhone"])
    }

    @Test func rawSQLInterpolationsAreOperands() throws {
        let query = Item.select { #sql("\($0.id + 1) * 2", as: Int.self) }
        #expect(query.parameterSQL == #"SELECT ("id" + ?) * 2 FROM "items""#)
        #expect(try database.read { db in try query.fetchAll(db) } == [4, 6, 8])
        let negation = Item.where { #sql("NOT \($0.isActive || $0.id.eq(2))") }.select(\.id)
        #expect(try database.read { db in try negation.fetchAll(db) } == [])
    }

    @Test func aliasesApplyToEveryClauseAndNotToSubqueries() throws {
        let ordered = Employee.order(by: \.name).select(\.name).as(ManagerAlias.self)
        #expect(ordered.parameterSQL == #"SELECT "managers"."name" FROM "employees" AS "managers" ORDER BY "managers"."name""#)
        #expect(try database.read { db in try ordered.fetchAll(db) } == ["Ada", "Bob", "Cy", "Di"])

        let subquery = Employee.where { $0.id.in(Employee.unscoped.select { $0.managerID ?? 0 }) }
            .as(ManagerAlias.self).select(\.name)
        #expect(subquery.parameterSQL == """
            SELECT "managers"."name" FROM "employees" AS "managers" WHERE ("managers"."id" IN \
            (SELECT coalesce("employees"."managerID", ?) FROM "employees"))
            """)
        #expect(try database.read { db in try subquery.fetchAll(db) } == ["Ada", "Bob"])

        let delete = Employee.all.as(ManagerAlias.self).where { $0.id.eq(4) }.delete()
        #expect(delete.parameterSQL == """
            DELETE FROM "employees" WHERE "rowid" IN (SELECT "managers"."rowid" FROM "employees" AS "managers" WHERE ("managers"."id" = ?))
            """)
        try database.write { db in try delete.execute(db) }
        #expect(try database.read { db in try Employee.all.fetchCount(db) } == 3)
    }

    @Test func aCorrelatedSubqueryQualifiesItsColumns() throws {
        let query = RemindersList.select { list in
            (list.title, Reminder.where { _ in list.title.eq("Work") }.count())
        }
        #expect(query.parameterSQL == """
            SELECT "remindersLists"."title", (SELECT count(*) FROM "reminders" WHERE ("remindersLists"."title" = ?)) FROM "remindersLists"
            """)
        let rows = try database.read { db in try query.fetchAll(db) }
        #expect(rows.map(\.1) == [0, 6, 0])
    }

    @Test func aJoinedStatementWithMoreThanConditionsIsAnError() throws {
        let query = RemindersList.join(Reminder.order(by: \.id).limit(1)) { $0.id.eq($1.remindersListID) }
        let error = #expect(throws: SQLEncodingError.self) { try database.read { db in try query.fetchAll(db) } }
        #expect(error?.reason.contains("conditions only") == true)
    }

    @Test func distinctGroupConcatTakesNoSeparator() throws {
        let bad = Reminder.select { $0.title.groupConcat(separator: ", ", distinct: true) }
        #expect(throws: SQLEncodingError.self) { try bad.fragment }
        let good = Reminder.where { $0.id.lte(2) }.select { $0.remindersListID.groupConcat(distinct: true) }
        #expect(good.parameterSQL == #"SELECT group_concat(DISTINCT "remindersListID") FROM "reminders" WHERE ("id" <= ?)"#)
    }
}
