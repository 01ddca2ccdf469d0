import Codd
import CoddQueryAssertions
import Foundation
import Testing

extension Reminder {
    static let highPriority = Self.where { $0.priority.eq(Priority.high) }
    static let completed = Self.where { $0.isCompleted }
}

extension ScopedReminder {
    static let done = Self.where { $0.isCompleted }
    static let titledReport = Self.where { $0.title.eq("Report") }
}

/// Statements and scopes combined with OR (and AND), each side with its default scope;
/// OFFSET without LIMIT.
@Suite("combined scopes, OFFSET alone")
struct ScopeCombiningTests {
    let database: Database

    init() throws {
        database = try makeRemindersDatabase()
    }

    @Test func scopesCombineWithOr() throws {
        let query = Reminder.highPriority.or(Reminder.completed).order(by: \.id).select(\.id)
        assertQuery(query, in: database) {
            """
            SELECT "id" FROM "reminders" WHERE (("priority" = ?) OR "isCompleted") ORDER BY "id"
            """
        } results: {
            """
            ┌───┐
            │ 2 │
            │ 3 │
            │ 4 │
            └───┘
            """
        }
        // Conditions added afterwards join the whole with AND.
        let narrowed = Reminder.highPriority.or(Reminder.completed).where { $0.remindersListID.eq(2) }.select(\.id)
        assertQuery(narrowed, in: database) {
            """
            SELECT "id" FROM "reminders" WHERE (("priority" = ?) OR "isCompleted") AND ("remindersListID" = ?)
            """
        } results: {
            """
            ┌───┐
            │ 4 │
            └───┘
            """
        }
        let both = Reminder.where { $0.id > 1 }.and(Reminder.highPriority).select(\.id)
        assertQuery(both, in: database) {
            """
            SELECT "id" FROM "reminders" WHERE (("id" > ?) AND ("priority" = ?))
            """
        } results: {
            """
            ┌───┐
            │ 3 │
            │ 4 │
            └───┘
            """
        }
    }

    @Test func eachSideKeepsItsDefaultScope() throws {
        // "Report" is outside the default scope (rows whose deletedAt is set), so only
        // "Archived" is returned.
        let query = ScopedReminder.where { $0.title.eq("Archived") }.or(ScopedReminder.titledReport).select(\.id)
        assertQuery(query, in: database) {
            """
            SELECT "id" FROM "reminders" WHERE ((("deletedAt" IS NOT NULL) AND ("title" = ?)) OR (("deletedAt" IS NOT NULL) AND ("title" = ?)))
            """
        } results: {
            """
            ┌───┐
            │ 5 │
            └───┘
            """
        }
        // An unscoped side is not restricted by the other's default scope.
        let unscoped = ScopedReminder.unscoped.where { $0.id.eq(1) }.or(ScopedReminder.done).order(by: \.id).select(
            \.id)
        assertQuery(unscoped, in: database) {
            """
            SELECT "id" FROM "reminders" WHERE (("id" = ?) OR (("deletedAt" IS NOT NULL) AND "isCompleted")) ORDER BY "id"
            """
        } results: {
            """
            ┌───┐
            │ 1 │
            └───┘
            """
        }
    }

    @Test func aStatementThatIsMoreThanConditionsIsRefused() throws {
        let limited = Reminder.completed.or(Reminder.where { $0.id > 3 }.limit(1))
        let error = #expect(throws: SQLEncodingError.self) { try limited.fragment }
        #expect(error?.reason.contains("only filters") == true)
        #expect(throws: SQLEncodingError.self) { try Reminder.completed.or(Reminder.order(by: \.title)).fragment }
    }

    @Test func offsetWithoutLimit() throws {
        let query = Reminder.order(by: \.id).offset(4).select(\.id)
        assertQuery(query, in: database) {
            """
            SELECT "id" FROM "reminders" ORDER BY "id" LIMIT -1 OFFSET ?
            """
        } results: {
            """
            ┌───┐
            │ 5 │
            │ 6 │
            └───┘
            """
        }
        assertQuery(Reminder.offset(2).limit(1).order(by: \.id).select(\.id), in: database) {
            """
            SELECT "id" FROM "reminders" ORDER BY "id" LIMIT ? OFFSET ?
            """
        } results: {
            """
            ┌───┐
            │ 3 │
            └───┘
            """
        }
        let fifth = try database.read { db in try Reminder.order(by: \.id).offset(4).select(\.id).fetchOne(db) }
        #expect(fifth == 5)
    }
}
