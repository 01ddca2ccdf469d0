import Codd
import Testing

/// The clauses most statements never set (`GROUP BY`, `HAVING`, `OFFSET`, compounds, a
/// table's default scope) share one box between copies of a statement until one of them
/// writes: a clause added to a copy never reaches the statement it was copied from, nor
/// another copy.
@Suite("Statements are values")
struct StatementValueTests {
    static let grouped = Reminder.group(by: \.remindersListID).order(by: \.remindersListID)
        .select(\.remindersListID)

    @Test func groupingAndHavingAddedToACopyLeaveTheOriginal() throws {
        let database = try makeRemindersDatabase()
        let many = Self.grouped.having { $0.id.count() > 2 }
        let byPriority = Self.grouped.group(by: \.priority)
        #expect(
            Self.grouped.parameterSQL
                == #"SELECT "remindersListID" FROM "reminders" GROUP BY "remindersListID" ORDER BY "remindersListID""#)
        #expect(
            many.parameterSQL
                == #"SELECT "remindersListID" FROM "reminders" GROUP BY "remindersListID" HAVING (count("id") > ?) ORDER BY "remindersListID""#
        )
        #expect(
            byPriority.parameterSQL
                == #"SELECT "remindersListID" FROM "reminders" GROUP BY "remindersListID", "priority" ORDER BY "remindersListID""#
        )
        let rows = try database.read { db in
            (try Self.grouped.fetchAll(db), try many.fetchAll(db), try byPriority.fetchAll(db))
        }
        #expect(rows.0 == [1, 2, 3])
        #expect(rows.1 == [1])
        #expect(rows.2 == [1, 1, 1, 2, 2, 3])
    }

    @Test func anOffsetOrACompoundAddedToACopyLeavesTheOriginal() throws {
        let database = try makeRemindersDatabase()
        let base = Reminder.where { $0.id < 4 }.order(by: \.id).select(\.id)
        let skipped = base.offset(1)
        let withMore = base.union(Reminder.where { $0.id.eq(6) }.select(\.id))
        #expect(base.parameterSQL == #"SELECT "id" FROM "reminders" WHERE ("id" < ?) ORDER BY "id""#)
        #expect(
            skipped.parameterSQL == #"SELECT "id" FROM "reminders" WHERE ("id" < ?) ORDER BY "id" LIMIT -1 OFFSET ?"#)
        #expect(
            withMore.parameterSQL
                == #"SELECT "id" FROM "reminders" WHERE ("id" < ?) UNION SELECT "id" FROM "reminders" WHERE ("id" = ?) ORDER BY "id""#
        )
        let rows = try database.read { db in
            (try base.fetchAll(db), try skipped.fetchAll(db), try withMore.fetchAll(db))
        }
        #expect(rows.0 == [1, 2, 3])
        #expect(rows.1 == [2, 3])
        #expect(rows.2 == [1, 2, 3, 6])
    }

    /// A default scope is resolved when the statement renders; a copy's own conditions and
    /// the scope stay apart from the original's.
    @Test func aDefaultScopeIsKeptByEachCopy() throws {
        let database = try makeRemindersDatabase()
        let scoped = ScopedReminder.order(by: \.id).select(\.id)
        let firstOnly = scoped.where { $0.id < 6 }
        let sql = #"SELECT "id" FROM "reminders" WHERE ("deletedAt" IS NOT NULL) ORDER BY "id""#
        #expect(scoped.parameterSQL == sql)
        #expect(
            firstOnly.parameterSQL
                == #"SELECT "id" FROM "reminders" WHERE ("deletedAt" IS NOT NULL) AND ("id" < ?) ORDER BY "id""#)
        let rows = try database.read { db in (try scoped.fetchAll(db), try firstOnly.fetchAll(db)) }
        #expect(rows.0 == [5, 6])
        #expect(rows.1 == [5])
    }
}
