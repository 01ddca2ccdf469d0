import Codd
import CoddQueryAssertions
import Testing

/// The number of open reminders of each list: a second CTE.
@Table @Selection
struct OpenReminderCount {
    let remindersListID: Int
    let openCount: Int
}

/// A CTE name and column name that need quoting, and a text value.
@Table("we\"ird -- cte 🌲") @Selection
struct HostileCTE {
    @Column("va\"lue; DROP") let value: String
}

/// A CTE name holding a NUL byte, at which SQLite would stop reading the statement.
@Table("nul\u{0}cte") @Selection
struct NULNamedCTE {
    let value: Int
}

/// Lists whose reminders average a priority above 1.5 (lists 1 and 2 of the test database).
private func highPriorityLists() -> Select<
    HighPriorityRemindersList, SQLTables.Two<SQLTables.Inner<RemindersList>, SQLTables.Outer<Reminder>>
> {
    RemindersList
        .group(by: \.id)
        .leftJoin(Reminder.all) { $0.id.eq($1.remindersListID) }
        .select { list, _ in HighPriorityRemindersList.Columns(id: list.id) }
        .having { $1.priority.avg() > 1.5 }
}

/// The number of reminders of each list among `reminders`.
private func openReminderCounts(_ reminders: SelectOf<Reminder>) -> Select<
    OpenReminderCount, SQLTables.One<SQLTables.Inner<Reminder>>
> {
    reminders
        .group(by: \.remindersListID)
        .select { OpenReminderCount.Columns(remindersListID: $0.remindersListID, openCount: $0.count()) }
}

/// Common table expressions that do not read themselves: one or several, read like tables,
/// joined, chained, and as the base of an UPDATE or DELETE.
@Suite struct CommonTableExpressionTests {
    let database: Database

    init() throws {
        database = try makeRemindersDatabase()
    }

    @Test func aCTEReadLikeATable() {
        let query = With {
            highPriorityLists()
        } query: {
            HighPriorityRemindersList.order(by: \.id)
        }
        assertQuery(query, in: database) {
            """
            WITH "highPriorityRemindersLists" AS (SELECT "remindersLists"."id" AS "id" FROM "remindersLists" LEFT JOIN "reminders" ON "remindersLists"."id" = "reminders"."remindersListID" GROUP BY "remindersLists"."id" HAVING (avg("reminders"."priority") > ?)) SELECT "highPriorityRemindersLists"."id" FROM "highPriorityRemindersLists" ORDER BY "highPriorityRemindersLists"."id"
            """
        } results: {
            """
            ┌──────────────────────────────────┐
            │ HighPriorityRemindersList(id: 1) │
            │ HighPriorityRemindersList(id: 2) │
            └──────────────────────────────────┘
            """
        }
    }

    @Test func severalCTEsJoined() {
        let query = With {
            highPriorityLists()
            openReminderCounts(Reminder.where { !$0.isCompleted })
        } query: {
            RemindersList
                .join(HighPriorityRemindersList.all) { $0.id.eq($1.id) }
                .join(OpenReminderCount.all) { $0.id.eq($2.remindersListID) }
                .order { list, _, _ in list.title }
                .select { list, _, open in (list.title, open.openCount) }
        }
        assertQuery(query, in: database) {
            """
            WITH "highPriorityRemindersLists" AS (SELECT "remindersLists"."id" AS "id" FROM "remindersLists" LEFT JOIN "reminders" ON "remindersLists"."id" = "reminders"."remindersListID" GROUP BY "remindersLists"."id" HAVING (avg("reminders"."priority") > ?)), "openReminderCounts" AS (SELECT "reminders"."remindersListID" AS "remindersListID", count("reminders"."id") AS "openCount" FROM "reminders" WHERE (NOT "reminders"."isCompleted") GROUP BY "reminders"."remindersListID") SELECT "remindersLists"."title", "openReminderCounts"."openCount" FROM "remindersLists" JOIN "highPriorityRemindersLists" ON "remindersLists"."id" = "highPriorityRemindersLists"."id" JOIN "openReminderCounts" ON "remindersLists"."id" = "openReminderCounts"."remindersListID" ORDER BY "remindersLists"."title"
            """
        } results: {
            """
            ┌────────────┬───┐
            │ "Personal" │ 2 │
            │ "Work"     │ 2 │
            └────────────┴───┘
            """
        }
    }

    @Test func aCTEReadsAnEarlierOne() {
        let query = With {
            highPriorityLists()
            openReminderCounts(Reminder.where { $0.remindersListID.in(HighPriorityRemindersList.select(\.id)) })
        } query: {
            OpenReminderCount.order(by: \.remindersListID)
        }
        assertQuery(query, in: database) {
            """
            WITH "highPriorityRemindersLists" AS (SELECT "remindersLists"."id" AS "id" FROM "remindersLists" LEFT JOIN "reminders" ON "remindersLists"."id" = "reminders"."remindersListID" GROUP BY "remindersLists"."id" HAVING (avg("reminders"."priority") > ?)), "openReminderCounts" AS (SELECT "reminders"."remindersListID" AS "remindersListID", count("reminders"."id") AS "openCount" FROM "reminders" WHERE ("reminders"."remindersListID" IN (SELECT "highPriorityRemindersLists"."id" FROM "highPriorityRemindersLists")) GROUP BY "reminders"."remindersListID") SELECT "openReminderCounts"."remindersListID", "openReminderCounts"."openCount" FROM "openReminderCounts" ORDER BY "openReminderCounts"."remindersListID"
            """
        } results: {
            """
            ┌───────────────────────┐
            │ OpenReminderCount(    │
            │   remindersListID: 1, │
            │   openCount: 3        │
            │ )                     │
            ├───────────────────────┤
            │ OpenReminderCount(    │
            │   remindersListID: 2, │
            │   openCount: 2        │
            │ )                     │
            └───────────────────────┘
            """
        }
    }

    @Test func theQueryChainsFurther() {
        let query = With {
            highPriorityLists()
        } query: {
            RemindersList
                .where { $0.id.in(HighPriorityRemindersList.select(\.id)) }
                .where { $0.title.contains("work") }
                .order(by: \.title)
                .select(\.title)
        }
        assertQuery(query, in: database) {
            #"""
            WITH "highPriorityRemindersLists" AS (SELECT "remindersLists"."id" AS "id" FROM "remindersLists" LEFT JOIN "reminders" ON "remindersLists"."id" = "reminders"."remindersListID" GROUP BY "remindersLists"."id" HAVING (avg("reminders"."priority") > ?)) SELECT "remindersLists"."title" FROM "remindersLists" WHERE ("remindersLists"."id" IN (SELECT "highPriorityRemindersLists"."id" FROM "highPriorityRemindersLists")) AND ("remindersLists"."title" LIKE ? ESCAPE '\') ORDER BY "remindersLists"."title"
            """#
        } results: {
            """
            ┌────────┐
            │ "Work" │
            └────────┘
            """
        }
    }

    @Test func theBaseOfAnUpdateWithReturning() {
        let query = With {
            highPriorityLists()
        } query: {
            RemindersList
                .where { $0.id.in(HighPriorityRemindersList.select(\.id)) }
                .update { $0.position += 10 }
                .returning { ($0.id, $0.position) }
        }
        assertQuery(query, in: database) {
            """
            WITH "highPriorityRemindersLists" AS (SELECT "remindersLists"."id" AS "id" FROM "remindersLists" LEFT JOIN "reminders" ON "remindersLists"."id" = "reminders"."remindersListID" GROUP BY "remindersLists"."id" HAVING (avg("reminders"."priority") > ?)) UPDATE "remindersLists" SET "position" = "remindersLists"."position" + ? WHERE ("remindersLists"."id" IN (SELECT "highPriorityRemindersLists"."id" FROM "highPriorityRemindersLists")) RETURNING "remindersLists"."id", "remindersLists"."position"
            """
        } results: {
            """
            ┌───┬────┐
            │ 1 │ 11 │
            │ 2 │ 12 │
            └───┴────┘
            """
        }
    }

    @Test func theBaseOfADelete() {
        let query = With {
            highPriorityLists()
        } query: {
            Reminder
                .where { $0.remindersListID.in(HighPriorityRemindersList.select(\.id)) && $0.isCompleted }
                .delete()
                .returning { $0.title }
        }
        assertQuery(query, in: database) {
            """
            WITH "highPriorityRemindersLists" AS (SELECT "remindersLists"."id" AS "id" FROM "remindersLists" LEFT JOIN "reminders" ON "remindersLists"."id" = "reminders"."remindersListID" GROUP BY "remindersLists"."id" HAVING (avg("reminders"."priority") > ?)) DELETE FROM "reminders" WHERE (("reminders"."remindersListID" IN (SELECT "highPriorityRemindersLists"."id" FROM "highPriorityRemindersLists")) AND "reminders"."isCompleted") RETURNING "reminders"."title"
            """
        } results: {
            """
            ┌────────────┐
            │ "Call mom" │
            └────────────┘
            """
        }
    }

    @Test func theBaseOfAnInsert() throws {
        let query = With {
            highPriorityLists()
        } query: {
            Tag.insert({ $0.name }, select: HighPriorityRemindersList.select { _ in "high" }.limit(1))
        }
        assertQuery(query, in: database) {
            """
            WITH "highPriorityRemindersLists" AS (SELECT "remindersLists"."id" AS "id" FROM "remindersLists" LEFT JOIN "reminders" ON "remindersLists"."id" = "reminders"."remindersListID" GROUP BY "remindersLists"."id" HAVING (avg("reminders"."priority") > ?)) INSERT INTO "tags" ("name") SELECT ? FROM "highPriorityRemindersLists" LIMIT ?
            """
        }
        assertQuery(Tag.where { $0.name.eq("high") }.select(\.name), in: database) {
            """
            SELECT "name" FROM "tags" WHERE ("name" = ?)
            """
        } results: {
            """
            ┌────────┐
            │ "high" │
            └────────┘
            """
        }
    }

    @Test func materializationHints() throws {
        let query = With {
            highPriorityLists().materialized()
            openReminderCounts(Reminder.all).notMaterialized()
        } query: {
            OpenReminderCount
                .where { $0.remindersListID.in(HighPriorityRemindersList.select(\.id)) }
                .order(by: \.remindersListID)
        }
        assertQuery(query, in: database) {
            """
            WITH "highPriorityRemindersLists" AS MATERIALIZED (SELECT "remindersLists"."id" AS "id" FROM "remindersLists" LEFT JOIN "reminders" ON "remindersLists"."id" = "reminders"."remindersListID" GROUP BY "remindersLists"."id" HAVING (avg("reminders"."priority") > ?)), "openReminderCounts" AS NOT MATERIALIZED (SELECT "reminders"."remindersListID" AS "remindersListID", count("reminders"."id") AS "openCount" FROM "reminders" GROUP BY "reminders"."remindersListID") SELECT "openReminderCounts"."remindersListID", "openReminderCounts"."openCount" FROM "openReminderCounts" WHERE ("openReminderCounts"."remindersListID" IN (SELECT "highPriorityRemindersLists"."id" FROM "highPriorityRemindersLists")) ORDER BY "openReminderCounts"."remindersListID"
            """
        } results: {
            """
            ┌───────────────────────┐
            │ OpenReminderCount(    │
            │   remindersListID: 1, │
            │   openCount: 3        │
            │ )                     │
            ├───────────────────────┤
            │ OpenReminderCount(    │
            │   remindersListID: 2, │
            │   openCount: 2        │
            │ )                     │
            └───────────────────────┘
            """
        }
        #expect(try query.fragment.requirement == .materializationHint)
    }

    @Test func hostileIdentifiersAndValues() {
        let hostile = "'; DROP TABLE \"reminders\"; -- \u{0} 🎉"
        let query = With {
            HostileCTE(value: hostile)
        } query: {
            HostileCTE.where { $0.value.eq(hostile) }
        }
        assertQuery(query, in: database) {
            """
            WITH "we""ird -- cte 🌲" AS (SELECT ? AS "va""lue; DROP") SELECT "we""ird -- cte 🌲"."va""lue; DROP" FROM "we""ird -- cte 🌲" WHERE ("we""ird -- cte 🌲"."va""lue; DROP" = ?)
            """
        } results: {
            #"""
            ┌──────────────────────────────────────────────────────────────┐
            │ HostileCTE(value: #"'; DROP TABLE "reminders"; -- \u{0} 🎉"#) │
            └──────────────────────────────────────────────────────────────┘
            """#
        }
        assertQuery(query, in: database, rendering: .inlineLiterals) {
            """
            WITH "we""ird -- cte 🌲" AS (SELECT CAST(X'273B2044524F50205441424C45202272656D696E64657273223B202D2D200020F09F8E89' AS TEXT) AS "va""lue; DROP") SELECT "we""ird -- cte 🌲"."va""lue; DROP" FROM "we""ird -- cte 🌲" WHERE ("we""ird -- cte 🌲"."va""lue; DROP" = CAST(X'273B2044524F50205441424C45202272656D696E64657273223B202D2D200020F09F8E89' AS TEXT))
            """
        } results: {
            #"""
            ┌──────────────────────────────────────────────────────────────┐
            │ HostileCTE(value: #"'; DROP TABLE "reminders"; -- \u{0} 🎉"#) │
            └──────────────────────────────────────────────────────────────┘
            """#
        }
    }

    /// The name is quoted as written, NUL and all; the driver refuses SQL with a NUL
    /// rather than run it cut short.
    @Test func aNULInACTENameIsAnErrorNotATruncatedStatement() throws {
        let query = With {
            NULNamedCTE(value: 1)
        } query: {
            NULNamedCTE.all
        }
        #expect(try query.fragment.sql.hasPrefix("WITH \"nul\u{0}cte\" AS (SELECT ? AS \"value\")"))
        #expect(throws: SQLiteError.self) { try database.read { try query.fetchAll($0) } }
    }

    @Test func twoCTEsOfOneNameAreAnError() {
        let query = With {
            highPriorityLists()
            highPriorityLists()
        } query: {
            HighPriorityRemindersList.all
        }
        assertQuery(query, in: database) {
            """
            <cannot render: Cannot encode With value "highPriorityRemindersLists": two of its common table expressions have this name>
            """
        } results: {
            """
            Error: Cannot encode With value "highPriorityRemindersLists": two of its common table expressions have this name
            """
        }
    }

    @Test func noCTEIsTheStatementAlone() {
        let query = With {
        } query: {
            RemindersList.find(1).select(\.title)
        }
        assertQuery(query, in: database) {
            """
            SELECT "title" FROM "remindersLists" WHERE ("id" = ?)
            """
        } results: {
            """
            ┌────────────┐
            │ "Personal" │
            └────────────┘
            """
        }
    }
}
