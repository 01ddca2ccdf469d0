import Codd
import Testing

/// A rendered statement finds its prepared statement by its SQL bytes: the same shape with
/// other values reuses the statement and binds its own values; another shape never does.
@Suite("Rendered statements reuse prepared statements by SQL")
struct StatementReuseTests {
    @Test func theSameShapeWithOtherValuesBindsItsOwnValues() throws {
        let database = try makeRemindersDatabase()
        try database.read { db in
            db.clearStatementCache()
            for id in [3, 1, 6, 2, 5, 4, 1] {
                let reminder = try Reminder.where { $0.id.eq(id) }.fetchOne(db)
                let found = try Reminder.find(id).fetchAll(db).map(\.id)
                #expect(reminder?.id == id)
                #expect(found == [id])
            }
            let missing = try Reminder.where { $0.id.eq(99) }.fetchOne(db)
            #expect(missing == nil)
            // One statement per shape: `… LIMIT ?` for fetchOne, and the find without it.
            #expect(db.cachedStatementCount == 2)
        }
    }

    @Test func shapesThatDifferOnlyInAColumnOrOperatorNeverShareAStatement() throws {
        let database = try makeRemindersDatabase()
        try database.read { db in
            db.clearStatementCache()
            for _ in 0..<2 {
                let byID = try Reminder.where { $0.id.eq(2) }.fetchAll(db).map(\.id)
                let byList = try Reminder.where { $0.remindersListID.eq(2) }.fetchAll(db).map(\.id)
                let notID = try Reminder.where { $0.id.neq(2) }.fetchAll(db).map(\.id)
                let aboveID = try Reminder.where { $0.id.gt(2) }.fetchAll(db).map(\.id)
                let byTitle = try Reminder.where { $0.title.eq("2") }.fetchAll(db).map(\.id)
                let titleByID = try Reminder.where { $0.id.eq(2) }.select(\.title).fetchAll(db)
                #expect(byID == [2])
                #expect(byList == [4, 5])
                #expect(notID == [1, 3, 4, 5, 6])
                #expect(aboveID == [3, 4, 5, 6])
                #expect(byTitle == [])
                #expect(titleByID == ["Call mom"])
            }
            #expect(db.cachedStatementCount == 6)
        }
    }

    @Test func renderedAndHandWrittenSQLShareAStatementWhenTheTextIsTheSame() throws {
        let database = try makeRemindersDatabase()
        try database.read { db in
            db.clearStatementCache()
            let query = Reminder.where { $0.id.eq(4) }.select(\.title)
            let sql = try query.fragment.sql
            let rendered = try query.fetchAll(db)
            let handWritten = try db.fetchAll(String.self, sql, 1)
            #expect(rendered == ["Report"])
            #expect(handWritten == ["Groceries"])
            #expect(db.cachedStatementCount == 1)
        }
    }

    @Test func aRenderedQueryNestedInsideItsOwnIterationGetsItsOwnStatement() throws {
        let database = try makeRemindersDatabase()
        try database.read { db in
            var pairs: [String] = []
            let ids = try Reminder.where { $0.id.lt(3) }.select(\.id).fetchAll(db)
            for id in ids {
                let cursor = try Reminder.where { $0.id.eq(id) }.select(\.title).fetchCursor(db)
                while let title = try cursor.next() {
                    // The same shape while the cursor holds the cached statement: a fresh one.
                    let again = try Reminder.where { $0.id.eq(id) }.select(\.title).fetchAll(db)
                    let next = try Reminder.where { $0.id.eq(id + 1) }.select(\.title).fetchAll(db)
                    pairs.append(([title] + again + next).joined(separator: "/"))
                }
            }
            #expect(pairs == ["Groceries/Groceries/Call mom", "Call mom/Call mom/Passport"])
        }
    }
}
