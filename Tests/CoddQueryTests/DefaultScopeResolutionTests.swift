import CoddQueryAssertions
@testable import CoddQuery
import Codd
import Foundation
import Testing

/// A default scope computed at each read: which rows it keeps is switched by a test.
@Table("reminders")
struct SwitchableReminder {
    let id: Int
    var title = ""
    var isCompleted = false
    var deletedAt: String?

    nonisolated(unsafe) static var keepsDeleted = false

    static var all: SelectOf<Self> {
        keepsDeleted ? unscoped : Self.where { $0.deletedAt.is(nil) }
    }
}

/// A table used by this suite alone, so that its first render is this suite's.
@Table("reminders")
struct FirstRenderReminder {
    let id: Int
    var title = ""
}

@Suite("Default scope resolution")
struct DefaultScopeResolutionTests {
    /// A table that keeps the protocol's `all` is asked once; its statements built after
    /// that carry no scope to resolve, and render as before.
    @Test func aTableWithoutADefaultScopeIsAskedOnce() throws {
        // Built before any render of the table in this process (this suite alone uses it),
        // it carries the scope to resolve; under repetitions the table is already known.
        let first = FirstRenderReminder.where { $0.id.eq(1) }
        let expectedScopes: Int = DefaultScopes.isKnownUnscoped(FirstRenderReminder.self) ? 0 : 1
        #expect(first.core.scopes.count == expectedScopes)
        assertSQL(first) {
            """
            SELECT "id", "title" FROM "reminders" WHERE ("id" = ?)
            """
        }
        #expect(DefaultScopes.isKnownUnscoped(FirstRenderReminder.self))
        let later = FirstRenderReminder.where { $0.id.eq(2) }
        #expect(later.core.scopes.isEmpty)
        assertSQL(later) {
            """
            SELECT "id", "title" FROM "reminders" WHERE ("id" = ?)
            """
        }
        // A statement built before the table was known still renders the same.
        assertSQL(first) {
            """
            SELECT "id", "title" FROM "reminders" WHERE ("id" = ?)
            """
        }
    }

    /// A redefined `all` is read at every render: a computed one may change.
    @Test func aRedefinedDefaultScopeIsReadAtEveryRender() throws {
        let query = SwitchableReminder.where { !$0.isCompleted }
        assertSQL(query) {
            """
            SELECT "id", "title", "isCompleted", "deletedAt" FROM "reminders" WHERE ("deletedAt" IS NULL) AND (NOT "isCompleted")
            """
        }
        SwitchableReminder.keepsDeleted = true
        defer { SwitchableReminder.keepsDeleted = false }
        assertSQL(query) {
            """
            SELECT "id", "title", "isCompleted", "deletedAt" FROM "reminders" WHERE (NOT "isCompleted")
            """
        }
        #expect(!DefaultScopes.isKnownUnscoped(SwitchableReminder.self))
        SwitchableReminder.keepsDeleted = false
        assertSQL(SwitchableReminder.where { !$0.isCompleted }) {
            """
            SELECT "id", "title", "isCompleted", "deletedAt" FROM "reminders" WHERE ("deletedAt" IS NULL) AND (NOT "isCompleted")
            """
        }
    }

    /// The protocol's `all`, which carries the mark, chained on, is an ordinary statement:
    /// its conditions render and fetch.
    @Test func theProtocolsAllChainsLikeAnyStatement() throws {
        let database = try makeRemindersDatabase()
        let query = Reminder.all.where { $0.isCompleted }
        let titles = try database.read { db in try query.select(\.title).fetchAll(db) }
        let expected = try database.read { db in
            try db.fetchAll(String.self, "SELECT \"title\" FROM \"reminders\" WHERE \"isCompleted\"")
        }
        #expect(titles == expected)
        #expect(!titles.isEmpty)
    }
}
