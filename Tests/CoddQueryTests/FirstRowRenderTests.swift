import CoddCore
import CoddQuery
import Codd
import Testing

/// `fetchOne` renders its `LIMIT 1` without building `limit(1)`, as a literal (GRDB writes it
/// so too): the statement `limit(1)` builds, with its bound 1 written in place, on every
/// driver (they share it).
@Suite("First row render")
struct FirstRowRenderTests {
    @Test func rendersAsTheFirstRowStatementDoes() throws {
        try expectSame(
            Reminder.where { $0.id.eq(2) },
            sql: """
                SELECT "id", "title", "notes", "isCompleted", "priority", "dueAt", "deletedAt", "remindersListID" FROM "reminders" WHERE ("id" = ?) LIMIT 1
                """, bindings: [.integer(2)])
        // A statement that limits itself keeps its limit and offset.
        try expectSame(
            Reminder.order(by: \.title).limit(3, offset: 1).select(\.title),
            sql: """
                SELECT "title" FROM "reminders" ORDER BY "title" LIMIT ? OFFSET ?
                """, bindings: [.integer(3), .integer(1)])
        // A count returns one row; a limit would limit the rows it counts.
        try expectSame(
            Reminder.where { $0.isCompleted }.count(),
            sql: """
                SELECT count(*) FROM "reminders" WHERE "isCompleted"
                """, bindings: [])
        // A compound's limit applies to the whole compound.
        try expectSame(
            Reminder.select(\.title).union(RemindersList.select(\.title)),
            sql: """
                SELECT "reminders"."title" FROM "reminders" UNION SELECT "remindersLists"."title" FROM "remindersLists" LIMIT 1
                """, bindings: [])
        // A join qualifies every column.
        try expectSame(
            Reminder.join(RemindersList.all) { $0.remindersListID.eq($1.id) }.select { ($0.title, $1.title) },
            sql: """
                SELECT "reminders"."title", "remindersLists"."title" FROM "reminders" JOIN "remindersLists" ON "reminders"."remindersListID" = "remindersLists"."id" LIMIT 1
                """, bindings: [])
    }

    /// And the row it fetches is the first of the statement's rows.
    @Test func fetchesTheFirstRow() throws {
        let database = try makeRemindersDatabase()
        let query = Reminder.order(by: \.title).select(\.title)
        let (first, all) = try database.read { db in (try query.fetchOne(db), try query.fetchAll(db)) }
        #expect(first == all.first)
        #expect(first != nil)
    }

    private func expectSame<C, T>(
        _ statement: Select<C, T>, sql: String, bindings: [SQLValue], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let direct = try statement.renderedFirstRow()
        let built = try (statement.needsLimitOne ? statement.limit(1) : statement).rendered()
        #expect(direct.sql == sql, sourceLocation: sourceLocation)
        #expect(direct.bindings == bindings, sourceLocation: sourceLocation)
        if statement.needsLimitOne {
            // `limit(1)` binds the 1 that the added limit writes.
            #expect(sql.hasSuffix(" LIMIT 1"), sourceLocation: sourceLocation)
            #expect(built.sql == sql.dropLast() + "?", sourceLocation: sourceLocation)
            let boundOne: [SQLValue] = bindings + [.integer(1)]
            #expect(built.bindings == boundOne, sourceLocation: sourceLocation)
        } else {
            #expect(built.sql == sql, sourceLocation: sourceLocation)
            #expect(built.bindings == bindings, sourceLocation: sourceLocation)
        }
        // With values inlined (a description), the added limit is the literal 1, as
        // `limit(1)` renders it.
        let directInline = try statement.renderedFirstRow(mode: .inlineLiterals)
        let builtInline = try (statement.needsLimitOne ? statement.limit(1) : statement).rendered(mode: .inlineLiterals)
        #expect(directInline.sql == builtInline.sql, sourceLocation: sourceLocation)
        #expect(directInline.bindings.isEmpty, sourceLocation: sourceLocation)
    }

    @Test func inlinesTheAddedLimitAsTheLiteralOne() throws {
        let rendered = try Reminder.where { $0.id.eq(2) }.select(\.title).renderedFirstRow(mode: .inlineLiterals)
        #expect(rendered.sql == #"SELECT "title" FROM "reminders" WHERE ("id" = 2) LIMIT 1"#)
    }
}
