import Codd
import Testing

/// A rendered statement finds its prepared statement by its SQL bytes: the same shape with
/// other values reuses the statement and binds its own values; another shape never does.
@Suite("Rendered statements reuse prepared statements by SQL")
struct StatementReuseTests {
    @Test func theSameShapeWithOtherValuesBindsItsOwnValues() throws {
        let database = try makeRemindersDatabase()
        func check(_ db: Connection) throws {
            db.clearStatementCache()
            for id in [3, 1, 6, 2, 5, 4, 1] {
                let reminder = try Reminder.where { $0.id.eq(id) }.fetchOne(db)
                let found = try Reminder.find(id).fetchAll(db).map(\.id)
                #expect(reminder?.id == id)
                #expect(found == [id])
            }
            let missing = try Reminder.where { $0.id.eq(99) }.fetchOne(db)
            #expect(missing == nil)
            // One statement per shape: `… LIMIT 1` for fetchOne, and the find without it.
            #expect(db.cachedStatementCount == 2)
        }
        try database.read(check)
    }

    @Test func shapesThatDifferOnlyInAColumnOrOperatorNeverShareAStatement() throws {
        let database = try makeRemindersDatabase()
        func check(_ db: Connection) throws {
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
        try database.read(check)
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

    /// A statement renders into the buffers of the one before it on the connection: the
    /// SQL and bindings come out as if rendered afresh, whatever the last statement left.
    @Test func aStatementRendersIntoTheBuffersOfTheOneBefore() throws {
        let database = try makeRemindersDatabase()
        func check(_ db: Connection) throws {
            // A long statement with many bindings, then short ones: nothing of it remains.
            let titles =
                ["Groceries", "Report", "it's -- \u{0}", "🚀", String(repeating: "x", count: 300)]
                + (0..<95).map { "filler \($0)" }
            let long = try Reminder.where { $0.title.in(titles) }.order(by: \.id).select(\.id).fetchAll(db)
            #expect(long == [1, 4])
            let kept = db.renderBuffers.capacities
            // `… IN (?, ?, …)` of 100 values: over 300 bytes, past the first 256 reserved.
            #expect(kept.sql >= 512)
            #expect(kept.bindings >= titles.count)
            let short = try Reminder.where { $0.id.eq(3) }.select(\.title).fetchOne(db)
            #expect(short == "Passport")
            // The same buffers, still there for the next statement.
            #expect(db.renderBuffers.capacities.sql == kept.sql)
            #expect(db.renderBuffers.capacities.bindings == kept.bindings)
            let counted = try Reminder.where { $0.remindersListID.eq(2) }.fetchCount(db)
            #expect(counted == 2)
        }
        try database.read(check)
    }

    /// A statement run while another's rows are read (a query in a cursor's loop) renders
    /// into buffers of its own; a statement that fails leaves the next one whole.
    @Test func nestedAndFailedStatementsLeaveTheBuffersSound() throws {
        let database = try makeRemindersDatabase()
        try database.write { db in
            var seen: [String] = []
            let cursor = try Reminder.where { $0.id.lt(3) }.order(by: \.id).select(\.title).fetchCursor(db)
            while let title = try cursor.next() {
                let list = try Reminder.where { $0.title.eq(title) }.select(\.remindersListID).fetchOne(db)
                seen.append("\(title):\(list.map(String.init) ?? "nil")")
            }
            #expect(seen == ["Groceries:1", "Call mom:1"])
            // A write the database refuses half-way (a duplicate key): the next statement
            // renders and binds its own values.
            #expect(throws: SQLiteError.self) {
                try Reminder.insert([Reminder(id: 1, title: "again", remindersListID: 1)]).execute(db)
            }
            try Reminder.insert([Reminder(id: 7, title: "new", remindersListID: 2)]).execute(db)
            #expect(try Reminder.where { $0.id.eq(7) }.select(\.title).fetchOne(db) == "new")
        }
    }

    /// A bulk statement's megabytes of SQL are not kept by the connection.
    @Test func buffersGrownPastTheLimitAreFreed() throws {
        let database = try makeRemindersDatabase()
        try database.write { db in
            let rows = (100..<400).map { Reminder(id: $0, title: "row \($0)", remindersListID: 1) }
            try Reminder.insert(rows).execute(db)
            #expect(try Reminder.where { $0.id.gte(100) }.fetchCount(db) == 300)
            // The insert's SQL (over 4 KB) was freed; the count's buffers were kept.
            let kept = db.renderBuffers.capacities
            #expect(kept.sql > 0)
            #expect(kept.sql <= 4096)
        }
    }

    /// A builder given buffers that still hold SQL starts empty.
    @Test func aBuilderReusingBuffersStartsEmpty() throws {
        var first = SQLBuilder()
        first.keyword("SELECT")
        try first.value(42)
        let buffers = first.takeBuffers()
        #expect(buffers.capacities.sql > 0)
        var second = SQLBuilder(mode: .parameters, dialect: .sqlite, reusing: buffers)
        #expect(second.sql == "")
        #expect(second.bindings.isEmpty)
        second.keyword("SELECT")
        try second.value("x")
        #expect(second.sql == "SELECT ?")
        #expect(second.bindings == [.text("x")])
    }
}
