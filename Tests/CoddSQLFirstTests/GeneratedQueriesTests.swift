import CoddSQLFirst
@testable import CoddSQLFirstFixtures
import Foundation
import Testing

/// The generated queries beyond PureSQL's examples: dynamic filters, IN lists, exactly
/// one row, RETURNING, several statements in one transaction, the app's own types, window
/// functions, json_each.
@Suite("Generated queries on SQLite")
struct GeneratedQueriesTests {
    static let due = Date(timeIntervalSince1970: 1_800_000_000.25)

    func seeded() async throws -> SeedDatabase {
        let database = try SeedDatabase.inMemory()
        let chores: [(String, Priority, Date?, String)] = [
            ("Laundry", .low, Self.due, #"["home"]"#),
            ("Taxes", .high, Self.due + 86_400, #"["money", "urgent"]"#),
            ("Lawn", .medium, nil, "[]"),
        ]
        for (title, priority, dueAt, tags) in chores {
            _ = try await database.choreQueries.insertChore.execute(
                uid: UUID(), title: title, priority: priority, dueAt: dueAt, tags: tags)
        }
        return database
    }

    @Test func dynamicFiltersDropTheirTermWhenNil() async throws {
        let database = try await seeded()
        let search = database.choreQueries.searchChores
        #expect(try await search.execute().map(\.title) == ["Laundry", "Taxes", "Lawn"])
        #expect(try await search.execute(title: "La%").map(\.title) == ["Laundry", "Lawn"])
        #expect(try await search.execute(minimumPriority: .medium).map(\.title) == ["Taxes", "Lawn"])
        #expect(try await search.execute(title: "La%", minimumPriority: .medium).map(\.title) == ["Lawn"])
        // dueAt < :dueBefore? compares milliseconds; a NULL dueAt never matches.
        #expect(try await search.execute(dueBefore: Self.due + 1).map(\.title) == ["Laundry"])
        #expect(
            try await search.execute(title: "%", minimumPriority: .low, dueBefore: Self.due + 100_000).map(\.title) == [
                "Laundry", "Taxes",
            ])
    }

    @Test func inListsExpandWhenBound() async throws {
        let database = try await seeded()
        let withIDs = database.choreQueries.choresWithIDs
        #expect(try await withIDs.execute(ids: []).isEmpty)
        #expect(try await withIDs.execute(ids: [3, 1]).map(\.title) == ["Laundry", "Lawn"])
        #expect(try await withIDs.execute(ids: Array(1...2_000)).count == 3)
    }

    @Test func exactlyOneRowAndAggregatesOverNoRows() async throws {
        let database = try SeedDatabase.inMemory()
        #expect(try await database.todoQueries.todoCount.execute() == 0)
        // max over no rows is NULL: the output is optional.
        #expect(try await database.todoQueries.lastCompletion.execute() == nil)
        try await database.todoQueries.insertTodo.execute(id: 1, name: "A", completedOn: Self.due)
        #expect(try await database.todoQueries.todoCount.execute() == 1)
        #expect(try await database.todoQueries.lastCompletion.execute() == Date(timeIntervalSince1970: 1_800_000_000))
    }

    @Test func keysAndReturning() async throws {
        let database = try await seeded()
        let uid = try #require(try await database.choreQueries.choresWithIDs.execute(ids: [2]).first?.uid)
        // `uid BLOB AS UUID`: bound as 16 bytes.
        #expect(try await database.choreQueries.choreByUID.execute(uid: uid)?.title == "Taxes")
        #expect(try await database.choreQueries.choreByUID.execute(uid: UUID()) == nil)
        #expect(try await database.choreQueries.deleteChore.execute(id: 2) == uid)
        #expect(try await database.choreQueries.deleteChore.execute(id: 2) == nil)
    }

    @Test func severalStatementsRunInOneTransaction() async throws {
        let database = try await seeded()
        let renamed = try await database.choreQueries.renameChore.execute(title: "Fold laundry", id: 1)
        #expect(renamed == "renamed to Fold laundry")
        // The log's CHECK refuses a long message: the UPDATE before it is rolled back too.
        let long = String(repeating: "x", count: 50)
        await #expect(throws: SQLiteError.self) {
            try await database.choreQueries.renameChore.execute(title: long, id: 1)
        }
        #expect(try await database.choreQueries.choresWithIDs.execute(ids: [1]).first?.title == "Fold laundry")
    }

    /// A table whose names SQL allows and Swift does not, and values that are hostile
    /// too: quotes, a comment marker, emoji, a NUL byte.
    @Test func hostileNamesAndValuesRoundTrip() async throws {
        let database = try SeedDatabase.inMemory()
        let text = "it's \"quoted\" -- not a comment /* nor this */ 🙂\u{0}after NUL"
        let order = try await database.orderQueries.insertOrder.execute(
            text: text, aQuote: "a\"b", notAComment: -1, default: "🙂", dueAt: Self.due)
        #expect(
            order
                == Order(
                    id: 1, itS: text, aQuote: "a\"b", notAComment: -1, default: "🙂",
                    dueAt: Date(timeIntervalSince1970: 1_800_000_000)))
        #expect(
            try await database.orderQueries.ordersNamed.execute("🙂") == [OrdersNamedOutput(itS: text, default: "🙂")])
        #expect(try await database.orderQueries.ordersNamed.execute("x").isEmpty)
    }

    /// Every query runs as a cached prepared statement of the connection (PureSQL prepares
    /// its statements again on every run), and binds 64-bit integers (PureSQL's
    /// `sqlite3_bind_int` traps above 2^31).
    @Test func cachedStatementsAndLargeIntegers() async throws {
        let database = try SeedDatabase.inMemory()
        let large = 3_000_000_000_000
        try await database.todoQueries.insertTodo.execute(id: large, name: "Large", completedOn: nil)
        let counts = try database.writer.read { db -> (Int, Int, Int) in
            let before = db.cachedStatementCount
            _ = try TodoQueries.Statements.selectTodos(db, ())
            let afterFirst = db.cachedStatementCount
            for _ in 0..<100 { _ = try TodoQueries.Statements.selectTodos(db, ()) }
            return (before, afterFirst, db.cachedStatementCount)
        }
        #expect(counts.1 == counts.0 + 1 && counts.2 == counts.1)
        #expect(try await database.todoQueries.selectTodos.execute().map(\.id) == [large])
        #expect(try await database.userQueries.userByID.execute(id: Int.max) == nil)
    }

    @Test func windowFunctionsJSONEachAndAggregates() async throws {
        let database = try await seeded()
        let ordered = try await database.choreQueries.choresInOrder.execute()
        #expect(ordered.map(\.title) == ["Laundry", "Taxes", "Lawn"])
        #expect(ordered.map(\.position) == [1, 2, 3])
        #expect(ordered.map(\.previousTitle) == [nil, "Laundry", "Taxes"])
        let tags = try await database.choreQueries.choreTags.execute()
        #expect(tags.map(\.id) == [1, 2, 2])
        #expect(tags.map(\.tag) == [.text("home"), .text("money"), .text("urgent")])
        let summary = try await database.choreQueries.choreSummary.execute()
        #expect(summary.map(\.priority) == [.low, .medium, .high])
        #expect(summary.map(\.chores) == [1, 1, 1])
        #expect(summary.map(\.firstDue) == [Self.due, nil, Self.due + 86_400])
        #expect(summary.map(\.caption) == ["1 chores", "1 chores", "1 chores"])
        #expect(summary.map(\.titles) == [#"["Laundry"]"#, #"["Lawn"]"#, #"["Taxes"]"#])
    }
}

/// A generated query of one table's rows, refined with the DSL's typed `where` and `order`.
@Suite("Generated queries refined with the DSL")
struct RefinedQueriesTests {
    @Test func refinedRowsAndTheirSQL() async throws {
        let database = try await GeneratedQueriesTests().seeded()
        let search = database.choreQueries.searchChores
        let important = search.refined { $0.where { $0.priority.gte(Priority.medium) }.order(by: \.title) }
        #expect(try await important.execute(SearchChoresInput(title: "%")).map(\.title) == ["Lawn", "Taxes"])
        #expect(try await important.execute(title: "La%").map(\.title) == ["Lawn"])
        // Refinements compose.
        let first = important.refined { $0.limit(1) }
        #expect(try await first.execute(SearchChoresInput()).map(\.title) == ["Lawn"])

        let refinable = try #require(search as? Queries.Refinable<SearchChoresInput, Chore>)
        let fragment = try refinable.refining { $0.where { $0.priority.gte(Priority.high) }.order(by: \.title) }
            .fragment(SearchChoresInput(title: "T%"))
        #expect(
            fragment.sql == """
                SELECT "id", "uid", "title", "priority", "dueAt", "notes", "tags" FROM (SELECT * FROM chore
                WHERE title LIKE ? AND 1 AND 1
                ORDER BY id) AS "chore" WHERE ("priority" >= ?) ORDER BY "title"
                """)
        #expect(fragment.bindings == [.text("T%"), .integer(3)])

        var updates = important.observe(SearchChoresInput()).makeAsyncIterator()
        #expect(try await updates.next()?.map(\.title) == ["Lawn", "Taxes"])
    }

    @Test func aDoubleIsNotRefined() async throws {
        let chore = Chore(id: 1, uid: UUID(), title: "Given", priority: .low, dueAt: nil, notes: nil, tags: "[]")
        let just: any SearchChoresQuery = Queries.Just([chore])
        let refined = just.refined { $0.where { $0.priority.gte(Priority.high) } }
        #expect(try await refined.execute(SearchChoresInput()).map(\.title) == ["Given"])
    }
}
