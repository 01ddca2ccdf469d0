import Codd
import CoddQueryAssertions
import Testing

// The declarations and examples of docs/CommonTableExpressions.md, verbatim, on the
// reminders database of these tests (lists: 1 "Personal", average priority 2.5; 2 "Work",
// 2.0; 3 "Old", no priorities).

/// `avg()` is offered on numeric representations; the schema's `Priority` is an enum of
/// `Int`s, and the seed averages it.
extension Priority: SQLNumeric {}

@Table @Selection
struct HighPriorityRemindersList {
    let id: RemindersList.ID
}

@Table @Selection
struct Counts {
    let value: Int
}

@Table @Selection
private struct Fibonacci {
    let n: Int
    let prevFib: Int
    let fib: Int
}

@Suite("docs/CommonTableExpressions.md examples")
struct CommonTableExpressionsGuideExampleTests {
    let database: Database

    init() throws {
        database = try makeRemindersDatabase()
    }

    @Test func theQueryWithoutACTE() {
        let query =
            RemindersList
            .group(by: \.id)
            .leftJoin(Reminder.all) { $0.id.eq($1.remindersListID) }
            .select { remindersList, _ in remindersList }
            .having { $1.priority.avg() > 1.5 }
        assertQuery(query, in: database, rendering: .inlineLiterals) {
            """
            SELECT "remindersLists"."id", "remindersLists"."title", "remindersLists"."position", "remindersLists"."deletedAt" FROM "remindersLists" LEFT JOIN "reminders" ON "remindersLists"."id" = "reminders"."remindersListID" GROUP BY "remindersLists"."id" HAVING (avg("reminders"."priority") > 1.5)
            """
        } results: {
            """
            ┌──────────────────────┐
            │ RemindersList(       │
            │   id: 1,             │
            │   title: "Personal", │
            │   position: 1,       │
            │   deletedAt: nil     │
            │ )                    │
            ├──────────────────────┤
            │ RemindersList(       │
            │   id: 2,             │
            │   title: "Work",     │
            │   position: 2,       │
            │   deletedAt: nil     │
            │ )                    │
            └──────────────────────┘
            """
        }
    }

    @Test func aCTEReadLikeATable() {
        let query = With {
            RemindersList
                .group(by: \.id)
                .leftJoin(Reminder.all) { $0.id.eq($1.remindersListID) }
                .select { remindersList, _ in
                    HighPriorityRemindersList.Columns(
                        id: remindersList.id
                    )
                }
                .having { $1.priority.avg() > 1.5 }
        } query: {
            RemindersList
                .where { $0.id.in(HighPriorityRemindersList.select(\.id)) }
        }
        assertQuery(query, in: database, rendering: .inlineLiterals) {
            """
            WITH "highPriorityRemindersLists" AS (SELECT "remindersLists"."id" AS "id" FROM "remindersLists" LEFT JOIN "reminders" ON "remindersLists"."id" = "reminders"."remindersListID" GROUP BY "remindersLists"."id" HAVING (avg("reminders"."priority") > 1.5)) SELECT "remindersLists"."id", "remindersLists"."title", "remindersLists"."position", "remindersLists"."deletedAt" FROM "remindersLists" WHERE ("remindersLists"."id" IN (SELECT "highPriorityRemindersLists"."id" FROM "highPriorityRemindersLists"))
            """
        } results: {
            """
            ┌──────────────────────┐
            │ RemindersList(       │
            │   id: 1,             │
            │   title: "Personal", │
            │   position: 1,       │
            │   deletedAt: nil     │
            │ )                    │
            ├──────────────────────┤
            │ RemindersList(       │
            │   id: 2,             │
            │   title: "Work",     │
            │   position: 2,       │
            │   deletedAt: nil     │
            │ )                    │
            └──────────────────────┘
            """
        }
    }

    @Test func moreClausesOnTheQuery() {
        let query = With {
            RemindersList
                .group(by: \.id)
                .leftJoin(Reminder.all) { $0.id.eq($1.remindersListID) }
                .select { remindersList, _ in
                    HighPriorityRemindersList.Columns(
                        id: remindersList.id
                    )
                }
                .having { $1.priority.avg() > 1.5 }
        } query: {
            RemindersList
                .where { $0.id.in(HighPriorityRemindersList.select(\.id)) }
                .where { $0.title.contains("work") }
                .order(by: \.title)
        }
        assertQuery(query, in: database, rendering: .inlineLiterals) {
            #"""
            WITH "highPriorityRemindersLists" AS (SELECT "remindersLists"."id" AS "id" FROM "remindersLists" LEFT JOIN "reminders" ON "remindersLists"."id" = "reminders"."remindersListID" GROUP BY "remindersLists"."id" HAVING (avg("reminders"."priority") > 1.5)) SELECT "remindersLists"."id", "remindersLists"."title", "remindersLists"."position", "remindersLists"."deletedAt" FROM "remindersLists" WHERE ("remindersLists"."id" IN (SELECT "highPriorityRemindersLists"."id" FROM "highPriorityRemindersLists")) AND ("remindersLists"."title" LIKE '%work%' ESCAPE '\') ORDER BY "remindersLists"."title"
            """#
        } results: {
            """
            ┌──────────────────┐
            │ RemindersList(   │
            │   id: 2,         │
            │   title: "Work", │
            │   position: 2,   │
            │   deletedAt: nil │
            │ )                │
            └──────────────────┘
            """
        }
    }

    @Test func anUpdate() throws {
        let query = With {
            RemindersList
                .group(by: \.id)
                .leftJoin(Reminder.all) { $0.id.eq($1.remindersListID) }
                .select { remindersList, _ in
                    HighPriorityRemindersList.Columns(
                        id: remindersList.id
                    )
                }
                .having { $1.priority.avg() > 1.5 }
        } query: {
            RemindersList
                .where { $0.id.in(HighPriorityRemindersList.select(\.id)) }
                .update {
                    $0.title += " (Urgent!)"
                }
        }
        assertQuery(query, in: database, rendering: .inlineLiterals) {
            """
            WITH "highPriorityRemindersLists" AS (SELECT "remindersLists"."id" AS "id" FROM "remindersLists" LEFT JOIN "reminders" ON "remindersLists"."id" = "reminders"."remindersListID" GROUP BY "remindersLists"."id" HAVING (avg("reminders"."priority") > 1.5)) UPDATE "remindersLists" SET "title" = "remindersLists"."title" || ' (Urgent!)' WHERE ("remindersLists"."id" IN (SELECT "highPriorityRemindersLists"."id" FROM "highPriorityRemindersLists"))
            """
        }
        assertQuery(RemindersList.order(by: \.id).select(\.title), in: database) {
            """
            SELECT "title" FROM "remindersLists" ORDER BY "id"
            """
        } results: {
            """
            ┌──────────────────────┐
            │ "Personal (Urgent!)" │
            │ "Work (Urgent!)"     │
            │ "Old"                │
            └──────────────────────┘
            """
        }
    }

    @Test func aDelete() throws {
        let query = With {
            RemindersList
                .group(by: \.id)
                .leftJoin(Reminder.all) { $0.id.eq($1.remindersListID) }
                .select { remindersList, _ in
                    HighPriorityRemindersList.Columns(
                        id: remindersList.id
                    )
                }
                .having { $1.priority.avg() > 1.5 }
        } query: {
            RemindersList
                .where { !$0.id.in(HighPriorityRemindersList.select(\.id)) }
                .delete()
        }
        try database.write { db in
            try db.execute(#"DELETE FROM "reminders" WHERE "remindersListID" = 3"#)
        }
        assertQuery(query, in: database, rendering: .inlineLiterals) {
            """
            WITH "highPriorityRemindersLists" AS (SELECT "remindersLists"."id" AS "id" FROM "remindersLists" LEFT JOIN "reminders" ON "remindersLists"."id" = "reminders"."remindersListID" GROUP BY "remindersLists"."id" HAVING (avg("reminders"."priority") > 1.5)) DELETE FROM "remindersLists" WHERE (NOT ("remindersLists"."id" IN (SELECT "highPriorityRemindersLists"."id" FROM "highPriorityRemindersLists")))
            """
        }
        assertQuery(RemindersList.order(by: \.id).select(\.title), in: database) {
            """
            SELECT "title" FROM "remindersLists" ORDER BY "id"
            """
        } results: {
            """
            ┌────────────┐
            │ "Personal" │
            │ "Work"     │
            └────────────┘
            """
        }
    }

    @Test func theCounter() throws {
        let query = With {
            Counts(value: 1)
                .union(
                    all: true,
                    Counts.select {
                        Counts.Columns(
                            value: $0.value + 1
                        )
                    }
                )
        } query: {
            Counts.limit(100)
        }
        assertSQL(query, rendering: .inlineLiterals) {
            """
            WITH "counts" AS (SELECT 1 AS "value" UNION ALL SELECT ("counts"."value" + 1) AS "value" FROM "counts") SELECT "counts"."value" FROM "counts" LIMIT 100
            """
        }
        let rows = try database.read { try query.fetchAll($0) }
        #expect(rows.map(\.value) == Array(1...100))
    }

    @Test func theFibonacciNumbers() {
        let query = With {
            Fibonacci(n: 1, prevFib: 0, fib: 1)
                .union(
                    all: true,
                    Fibonacci
                        .select {
                            Fibonacci.Columns(
                                n: $0.n + 1,
                                prevFib: $0.fib,
                                fib: $0.prevFib + $0.fib
                            )
                        }
                )
        } query: {
            Fibonacci
                .select(\.fib)
                .limit(10)
        }
        assertQuery(query, in: database, rendering: .inlineLiterals) {
            """
            WITH "fibonaccis" AS (SELECT 1 AS "n", 0 AS "prevFib", 1 AS "fib" UNION ALL SELECT ("fibonaccis"."n" + 1) AS "n", "fibonaccis"."fib" AS "prevFib", ("fibonaccis"."prevFib" + "fibonaccis"."fib") AS "fib" FROM "fibonaccis") SELECT "fibonaccis"."fib" FROM "fibonaccis" LIMIT 10
            """
        } results: {
            """
            ┌────┐
            │ 1  │
            │ 1  │
            │ 2  │
            │ 3  │
            │ 5  │
            │ 8  │
            │ 13 │
            │ 21 │
            │ 34 │
            │ 55 │
            └────┘
            """
        }
    }
}
