import Codd
import CoddQueryAssertions
import CustomDump
import Foundation
import Testing

/// A reminder numbered within its list, for the common table expression of the top row per list.
@Table @Selection
struct RankedReminder {
    let title: String
    let remindersListID: Int
    let position: Int
}

/// Window functions and aggregates over windows: the Swift, the exact SQL, the rows, and the
/// same SQL written by hand run by SQLite as the oracle.
@Suite("window functions")
struct WindowFunctionTests {
    let database: Database

    init() throws {
        database = try makeRemindersDatabase()
    }

    @Test func rankingFunctions() throws {
        let query = Reminder.order { ($0.remindersListID, $0.id) }.select {
            (
                $0.id,
                SQLFunctions.rowNumber().over(partitionBy: $0.remindersListID, orderBy: $0.id.desc()),
                SQLFunctions.rank().over(orderBy: $0.remindersListID),
                SQLFunctions.denseRank().over(orderBy: $0.remindersListID),
                SQLFunctions.ntile(2).over(orderBy: $0.id)
            )
        }
        assertQuery(query, in: database) {
            """
            SELECT "id", row_number() OVER (PARTITION BY "remindersListID" ORDER BY "id" DESC), rank() OVER (ORDER BY "remindersListID"), dense_rank() OVER (ORDER BY "remindersListID"), ntile(2) OVER (ORDER BY "id") FROM "reminders" ORDER BY "remindersListID", "id"
            """
        } results: {
            """
            ┌───┬───┬───┬───┬───┐
            │ 1 │ 3 │ 1 │ 1 │ 1 │
            │ 2 │ 2 │ 1 │ 1 │ 1 │
            │ 3 │ 1 │ 1 │ 1 │ 1 │
            │ 4 │ 2 │ 4 │ 2 │ 2 │
            │ 5 │ 1 │ 4 │ 2 │ 2 │
            │ 6 │ 1 │ 6 │ 3 │ 2 │
            └───┴───┴───┴───┴───┘
            """
        }
        try expectSameAsSQLite(
            in: database,
            Reminder.order(by: \.id).select {
                (
                    SQLFunctions.percentRank().over(orderBy: $0.remindersListID),
                    SQLFunctions.cumeDist().over(orderBy: $0.remindersListID),
                    SQLFunctions.ntile(4).over(orderBy: $0.id)
                )
            },
            """
            SELECT percent_rank() OVER (ORDER BY "remindersListID"), cume_dist() OVER (ORDER BY "remindersListID"), \
            ntile(4) OVER (ORDER BY "id") FROM "reminders" ORDER BY "id"
            """)
    }

    /// `lag` and `lead` are optional without a default and keep the column's type with one;
    /// a representation's default is bound in its stored form.
    @Test func valuesOfOtherRows() throws {
        let query = Reminder.where { $0.id <= 4 }.order(by: \.id).select {
            (
                $0.title.lag().over(orderBy: $0.id), $0.title.lead(2, default: "it's -- 😀").over(orderBy: $0.id),
                $0.priority.lag(default: .low).over(orderBy: $0.id),
                $0.title.firstValue().over(partitionBy: $0.remindersListID, orderBy: $0.id),
                $0.title.nthValue(2).over(orderBy: $0.id)
            )
        }
        assertQuery(query, in: database) {
            """
            SELECT lag("title", 1) OVER (ORDER BY "id"), lead("title", 2, ?) OVER (ORDER BY "id"), lag("priority", 1, ?) OVER (ORDER BY "id"), first_value("title") OVER (PARTITION BY "remindersListID" ORDER BY "id"), nth_value("title", 2) OVER (ORDER BY "id") FROM "reminders" WHERE ("id" <= ?) ORDER BY "id"
            """
        } results: {
            #"""
            ┌─────────────┬──────────────┬─────────┬─────────────┬────────────┐
            │ nil         │ "Passport"   │ .low    │ "Groceries" │ nil        │
            │ "Groceries" │ "Report"     │ .medium │ "Groceries" │ "Call mom" │
            │ "Call mom"  │ "it\'s -- 😀" │ nil     │ "Groceries" │ "Call mom" │
            │ "Passport"  │ "it\'s -- 😀" │ .high   │ "Report"    │ "Call mom" │
            └─────────────┴──────────────┴─────────┴─────────────┴────────────┘
            """#
        }
        let rows = try database.read { db in try query.fetchAll(db) }
        // The types say what can be missing: `lag()` is optional, `lead(default:)` is not.
        let previous: String? = rows[0].0
        let following: String = rows[0].1
        #expect(previous == nil && following == "Passport")
        try expectSameAsSQLite(
            in: database,
            Reminder.order(by: \.id).select {
                ($0.title.lead().over(orderBy: $0.id), $0.title.lastValue().over(orderBy: $0.remindersListID))
            },
            #"SELECT lead("title") OVER (ORDER BY "id"), last_value("title") OVER (ORDER BY "remindersListID") FROM "reminders" ORDER BY "id""#
        )
    }

    /// An aggregate over a window keeps its `FILTER`, before `OVER`; `count(*)` too.
    @Test func aggregatesOverWindows() throws {
        let query = Reminder.order(by: \.id).select {
            (
                $0.id.sum().over(partitionBy: $0.remindersListID, orderBy: $0.id),
                SQLCountAll().over(partitionBy: $0.remindersListID),
                $0.id.count(filter: !$0.isCompleted).over(orderBy: $0.id),
                $0.priority.max().over(),
                $0.title.groupConcat(separator: "|").over(
                    partitionBy: $0.remindersListID, orderBy: $0.id,
                    frame: .rows(from: .unboundedPreceding, to: .unboundedFollowing))
            )
        }
        assertQuery(query, in: database) {
            """
            SELECT sum("id") OVER (PARTITION BY "remindersListID" ORDER BY "id"), count(*) OVER (PARTITION BY "remindersListID"), count("id") FILTER (WHERE NOT "isCompleted") OVER (ORDER BY "id"), max("priority") OVER (), group_concat("title", ?) OVER (PARTITION BY "remindersListID" ORDER BY "id" ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) FROM "reminders" ORDER BY "id"
            """
        } results: {
            """
            ┌───┬───┬───┬───────┬───────────────────────────────┐
            │ 1 │ 3 │ 1 │ .high │ "Groceries|Call mom|Passport" │
            │ 3 │ 3 │ 1 │ .high │ "Groceries|Call mom|Passport" │
            │ 6 │ 3 │ 2 │ .high │ "Groceries|Call mom|Passport" │
            │ 4 │ 2 │ 3 │ .high │ "Report|Archived"             │
            │ 9 │ 2 │ 4 │ .high │ "Report|Archived"             │
            │ 6 │ 1 │ 5 │ .high │ "Old thing"                   │
            └───┴───┴───┴───────┴───────────────────────────────┘
            """
        }
        try expectSameAsSQLite(
            in: database,
            Reminder.order(by: \.id).select {
                ($0.id.total().over(orderBy: $0.id), $0.id.avg().over(partitionBy: $0.remindersListID))
            },
            #"SELECT total("id") OVER (ORDER BY "id"), avg("id") OVER (PARTITION BY "remindersListID") FROM "reminders" ORDER BY "id""#
        )
    }

    /// One window, a constant, for several calls (SQL's `WINDOW` clause, written out).
    @Test func aWindowIsAValueToReuse() throws {
        func byList(_ reminder: Reminder.TableColumns) -> SQLWindow {
            SQLWindow(partitionBy: reminder.remindersListID, orderBy: reminder.priority.desc(nulls: .last), reminder.id)
        }
        let query = Reminder.order(by: \.id).select {
            (SQLFunctions.rowNumber().over(byList($0)), $0.id.sum().over(byList($0)))
        }
        assertQuery(query, in: database) {
            """
            SELECT row_number() OVER (PARTITION BY "remindersListID" ORDER BY "priority" DESC NULLS LAST, "id"), sum("id") OVER (PARTITION BY "remindersListID" ORDER BY "priority" DESC NULLS LAST, "id") FROM "reminders" ORDER BY "id"
            """
        } results: {
            """
            ┌───┬───┐
            │ 2 │ 4 │
            │ 3 │ 6 │
            │ 1 │ 3 │
            │ 1 │ 4 │
            │ 2 │ 9 │
            │ 1 │ 6 │
            └───┴───┘
            """
        }
    }

    @Test func frames() throws {
        let query = Reminder.order(by: \.id).select {
            (
                $0.id.sum().over(orderBy: $0.id, frame: .rows(from: .preceding(1), to: .following(1))),
                $0.id.sum().over(orderBy: $0.id, frame: .rows(from: .unboundedPreceding, excluding: .currentRow)),
                $0.id.sum().over(orderBy: $0.remindersListID, frame: .range(from: .preceding(1), to: .currentRow)),
                $0.id.sum().over(
                    orderBy: $0.remindersListID,
                    frame: .groups(from: .currentRow, to: .unboundedFollowing, excluding: .ties)),
                $0.id.sum().over(
                    orderBy: $0.remindersListID,
                    frame: .groups(from: .following(1), to: .following(1), excluding: .group))
            )
        }
        assertQuery(query, in: database) {
            """
            SELECT sum("id") OVER (ORDER BY "id" ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING), sum("id") OVER (ORDER BY "id" ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW EXCLUDE CURRENT ROW), sum("id") OVER (ORDER BY "remindersListID" RANGE BETWEEN 1 PRECEDING AND CURRENT ROW), sum("id") OVER (ORDER BY "remindersListID" GROUPS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING EXCLUDE TIES), sum("id") OVER (ORDER BY "remindersListID" GROUPS BETWEEN 1 FOLLOWING AND 1 FOLLOWING EXCLUDE GROUP) FROM "reminders" ORDER BY "id"
            """
        } results: {
            """
            ┌────┬─────┬────┬────┬─────┐
            │ 3  │ nil │ 6  │ 16 │ 9   │
            │ 6  │ 1   │ 6  │ 17 │ 9   │
            │ 9  │ 3   │ 6  │ 18 │ 9   │
            │ 12 │ 6   │ 15 │ 10 │ 6   │
            │ 15 │ 10  │ 15 │ 11 │ 6   │
            │ 11 │ 15  │ 15 │ 6  │ nil │
            └────┴─────┴────┴────┴─────┘
            """
        }
        try expectSameAsSQLite(
            in: database,
            query,
            """
            SELECT sum("id") OVER (ORDER BY "id" ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING), \
            sum("id") OVER (ORDER BY "id" ROWS UNBOUNDED PRECEDING EXCLUDE CURRENT ROW), \
            sum("id") OVER (ORDER BY "remindersListID" RANGE 1 PRECEDING), \
            sum("id") OVER (ORDER BY "remindersListID" GROUPS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING EXCLUDE TIES), \
            sum("id") OVER (ORDER BY "remindersListID" GROUPS BETWEEN 1 FOLLOWING AND 1 FOLLOWING EXCLUDE GROUP) \
            FROM "reminders" ORDER BY "id"
            """)
    }

    /// A window function orders the result and compares as any expression of its type.
    @Test func orderedAndComparedByAWindow() throws {
        let query = Reminder.order { SQLFunctions.rowNumber().over(orderBy: $0.title.desc()) }.select(\.title)
        assertQuery(query, in: database) {
            """
            SELECT "title" FROM "reminders" ORDER BY row_number() OVER (ORDER BY "title" DESC)
            """
        } results: {
            """
            ┌─────────────┐
            │ "Report"    │
            │ "Passport"  │
            │ "Old thing" │
            │ "Groceries" │
            │ "Call mom"  │
            │ "Archived"  │
            └─────────────┘
            """
        }
        let flagged = Reminder.order(by: \.id).select {
            ($0.id, $0.id.sum().over(orderBy: $0.id) > 5)
        }
        let flaggedSQL = try flagged.fragment.sql
        #expect(
            flaggedSQL == #"SELECT "id", sum("id") OVER (ORDER BY "id") > ? FROM "reminders" ORDER BY "id""#)
        #expect(try database.read { try flagged.fetchAll($0) }.map(\.1) == [false, false, true, true, true, true])
    }

    /// What SQLite and PostgreSQL refuse is refused when the statement renders, with a typed
    /// error that names it; the same SQL written by hand is refused by SQLite itself.
    @Test func whatTheEnginesRefuseIsATypedError() throws {
        let refused: [(any SQLStatement, String, String)] = [
            (
                Reminder.select { $0.id.sum().over(orderBy: $0.id, frame: .rows(from: .preceding(-1))) },
                "a window frame's offset must be 0 or more",
                #"SELECT sum("id") OVER (ORDER BY "id" ROWS BETWEEN -1 PRECEDING AND CURRENT ROW) FROM "reminders""#
            ),
            (
                Reminder.select {
                    $0.id.sum().over(orderBy: $0.id, frame: .rows(from: .currentRow, to: .following(-3)))
                },
                "a window frame's offset must be 0 or more",
                #"SELECT sum("id") OVER (ORDER BY "id" ROWS BETWEEN CURRENT ROW AND -3 FOLLOWING) FROM "reminders""#
            ),
            (
                Reminder.select { $0.id.sum().over(orderBy: $0.id, $0.title, frame: .range(from: .preceding(1))) },
                "a RANGE frame with an offset needs exactly one ORDER BY term in its window, not 2",
                #"SELECT sum("id") OVER (ORDER BY "id", "title" RANGE BETWEEN 1 PRECEDING AND CURRENT ROW) FROM "reminders""#
            ),
            (
                Reminder.select { $0.id.sum().over(frame: .range(from: .currentRow, to: .following(2))) },
                "a RANGE frame with an offset needs exactly one ORDER BY term in its window, not 0",
                #"SELECT sum("id") OVER (RANGE BETWEEN CURRENT ROW AND 2 FOLLOWING) FROM "reminders""#
            ),
            (
                Reminder.select {
                    $0.id.sum().over(orderBy: $0.id, frame: .rows(from: .currentRow, to: .preceding(1)))
                },
                "a window frame cannot start after the part of the partition it ends in",
                #"SELECT sum("id") OVER (ORDER BY "id" ROWS BETWEEN CURRENT ROW AND 1 PRECEDING) FROM "reminders""#
            ),
            (
                Reminder.select { $0.id.sum().over(orderBy: $0.id, frame: .rows(from: .following(1))) },
                "a window frame cannot start after the part of the partition it ends in",
                #"SELECT sum("id") OVER (ORDER BY "id" ROWS BETWEEN 1 FOLLOWING AND CURRENT ROW) FROM "reminders""#
            ),
            (
                Reminder.select { _ in SQLFunctions.ntile(0).over() }, "ntile's count must be 1 or more",
                #"SELECT ntile(0) OVER () FROM "reminders""#
            ),
            (
                Reminder.select { $0.title.nthValue(-2).over() }, "nth_value's count must be 1 or more",
                #"SELECT nth_value("title", -2) OVER () FROM "reminders""#
            ),
            (
                Reminder.select { $0.id.count(distinct: true).over() },
                "an aggregate over a window takes no distinct: (SQLite and PostgreSQL refuse it); aggregate the distinct or ordered values in a subquery",
                #"SELECT count(DISTINCT "id") OVER () FROM "reminders""#
            ),
        ]
        for (query, reason, sql) in refused {
            #expect {
                _ = try query.fragment
            } throws: { error in
                (error as? SQLEncodingError)?.reason == reason
            }
            #expect(throws: SQLiteError.self, "SQLite refuses \(sql)") {
                try database.read { db in try db.execute(sql) }
            }
        }
        // Two SQLite runs but does not do as written: GROUPS with no ORDER BY (PostgreSQL
        // refuses it; SQLite makes every row a peer), and a RANGE offset over text (SQLite
        // gives each row only its peers, whatever the offset; PostgreSQL refuses it).
        let runOnSQLiteOnly: [(any SQLStatement, String, String)] = [
            (
                Reminder.select { $0.id.sum().over(frame: .groups(from: .preceding(1))) },
                "a GROUPS frame needs an ORDER BY in its window (PostgreSQL refuses one without)",
                #"SELECT sum("id") OVER (GROUPS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM "reminders""#
            ),
            (
                Reminder.select { $0.id.sum().over(orderBy: $0.title, frame: .range(from: .preceding(1))) },
                "a RANGE frame's offset counts in the ORDER BY value, which must be a plain number (an Int or a Double column): SQLite reads other values wrongly, PostgreSQL refuses them",
                #"SELECT sum("id") OVER (ORDER BY "title" RANGE BETWEEN 1 PRECEDING AND CURRENT ROW) FROM "reminders""#
            ),
        ]
        for (query, reason, sql) in runOnSQLiteOnly {
            #expect {
                _ = try query.fragment
            } throws: { error in
                (error as? SQLEncodingError)?.reason == reason
            }
            try database.read { db in try db.execute(sql) }
        }
        // Over titles, every frame is the row alone: the offset did nothing.
        let byTitle = try database.read { db in
            try db.fetchAll(
                Int.self,
                #"SELECT sum("id") OVER (ORDER BY "title" RANGE BETWEEN 1 PRECEDING AND CURRENT ROW) FROM "reminders" ORDER BY "id""#
            )
        }
        #expect(byTitle == [1, 2, 3, 4, 5, 6])
        // Fetching renders first: the error comes before anything reaches SQLite.
        #expect(throws: SQLEncodingError.self) {
            try database.read { db in try Reminder.select { _ in SQLFunctions.ntile(-1).over() }.fetchAll(db) }
        }
        // An ordered aggregate over a window: refused on every SQLite (3.44 orders inside an
        // aggregate call, but not in a window) and on PostgreSQL.
        let ordered = Reminder.select { $0.title.groupConcat(order: [$0.title.asc()]).over() }
        #expect {
            _ = try ordered.fragment
        } throws: { error in
            (error as? SQLEncodingError)?.reason
                == "an aggregate over a window takes no order: (SQLite and PostgreSQL refuse it); aggregate the distinct or ordered values in a subquery"
        }
    }

    /// A window function in `WHERE` compiles (it is an expression of its type) and SQLite
    /// refuses it with its own error, naming the function: filter in an outer query.
    @Test func aWindowInWhereIsSQLitesError() throws {
        let query = Reminder.where { _ in SQLFunctions.rowNumber().over() > 1 }.select(\.id)
        #expect(try query.fragment.sql == #"SELECT "id" FROM "reminders" WHERE (row_number() OVER () > ?)"#)
        #expect {
            _ = try database.read { db in try query.fetchAll(db) }
        } throws: { error in
            "\(error)".contains("misuse of window function row_number()")
        }
    }

    /// The first reminder of each list by priority: SQL numbers the rows in a common table
    /// expression and filters outside it (a window cannot be filtered in its own `WHERE`).
    @Test func theTopRowOfEachPartitionThroughACommonTableExpression() throws {
        let query = With {
            Reminder.select {
                RankedReminder.Columns(
                    title: $0.title, remindersListID: $0.remindersListID,
                    position: SQLFunctions.rowNumber().over(
                        partitionBy: $0.remindersListID, orderBy: $0.priority.desc(nulls: .last), $0.id)
                )
            }
        } query: {
            RankedReminder.where { $0.position.eq(1) }.order(by: \.remindersListID).select(\.title)
        }
        assertQuery(query, in: database) {
            """
            WITH "rankedReminders" AS (SELECT "reminders"."title" AS "title", "reminders"."remindersListID" AS "remindersListID", row_number() OVER (PARTITION BY "reminders"."remindersListID" ORDER BY "reminders"."priority" DESC NULLS LAST, "reminders"."id") AS "position" FROM "reminders") SELECT "rankedReminders"."title" FROM "rankedReminders" WHERE ("rankedReminders"."position" = ?) ORDER BY "rankedReminders"."remindersListID"
            """
        } results: {
            """
            ┌─────────────┐
            │ "Passport"  │
            │ "Report"    │
            │ "Old thing" │
            └─────────────┘
            """
        }
    }
}
