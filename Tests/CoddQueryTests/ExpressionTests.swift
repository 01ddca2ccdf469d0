import Codd
import CoddQueryAssertions
import Foundation
import Testing

@Table("we\"ird -- table")
struct WeirdTable: Identifiable {
    let id: Int
    @Column("col\"umn; DROP") var value = ""
}

@Suite("Expressions render exact SQL and mean the same in both forms")
struct ExpressionTests {
    let database: Database

    init() throws {
        database = try makeRemindersDatabase()
    }

    /// Snapshots `query`'s SQL and rows, and checks that its literal form gives the same rows.
    func assertBothForms<S: SQLSelectStatement>(
        _ query: S,
        sql: (() -> String)? = nil,
        results: (() -> String)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        function: StaticString = #function,
        line: UInt = #line,
        column: UInt = #column
    ) where S.Row.Fetched: Equatable {
        assertQuery(
            query, in: database, sql: sql, results: results,
            fileID: fileID, filePath: filePath, function: function, line: line, column: column
        )
        expectBothForms(
            query,
            sourceLocation: SourceLocation(
                fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
        )
    }

    /// Runs `query` in its parameter form and its literal form (values inlined, nothing
    /// bound) and checks both give the same rows, and `rows` when given.
    func expectBothForms<S: SQLSelectStatement>(
        _ query: S, give rows: [S.Row.Fetched]? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) where S.Row.Fetched: Equatable {
        do {
            let viaParameters = try database.read { db in try db.fetchAll(S.Row.self, query.fragment) }.map(\.fetched)
            let literal = try query.fragment(mode: .inlineLiterals)
            #expect(literal.bindings.isEmpty, sourceLocation: sourceLocation)
            let viaLiterals = try database.read { db in try db.fetchAll(S.Row.self, literal) }.map(\.fetched)
            if let rows { #expect(viaParameters == rows, sourceLocation: sourceLocation) }
            #expect(viaLiterals == viaParameters, "literal form: \(literal.sql)", sourceLocation: sourceLocation)
        } catch {
            Issue.record(error, sourceLocation: sourceLocation)
        }
    }

    @Test func equalityAndNullSemantics() throws {
        assertSQL(Reminder.where { $0.priority == nil }.select(\.id)) {
            """
            SELECT "id" FROM "reminders" WHERE ("priority" IS NULL)
            """
        }
        assertSQL(Reminder.where { $0.priority != nil }.select(\.id)) {
            """
            SELECT "id" FROM "reminders" WHERE ("priority" IS NOT NULL)
            """
        }
        assertSQL(Reminder.where { $0.priority.eq(.high) }.select(\.id)) {
            """
            SELECT "id" FROM "reminders" WHERE ("priority" = ?)
            """
        }
        assertSQL(Reminder.where { $0.priority.is(nil) }.select(\.id)) {
            """
            SELECT "id" FROM "reminders" WHERE ("priority" IS NULL)
            """
        }
        assertSQL(Reminder.where { $0.title.neq("x") }.select(\.id)) {
            """
            SELECT "id" FROM "reminders" WHERE ("title" <> ?)
            """
        }
        assertBothForms(Reminder.where { $0.priority == nil }.select(\.id)) {
            """
            SELECT "id" FROM "reminders" WHERE ("priority" IS NULL)
            """
        } results: {
            """
            ┌───┐
            │ 2 │
            │ 6 │
            └───┘
            """
        }
        assertBothForms(Reminder.where { $0.priority.eq(Priority.high) }.select(\.id)) {
            """
            SELECT "id" FROM "reminders" WHERE ("priority" = ?)
            """
        } results: {
            """
            ┌───┐
            │ 3 │
            │ 4 │
            └───┘
            """
        }
        // A nil in a variable behaves like the literal.
        let none: Priority? = nil
        assertBothForms(Reminder.where { $0.priority.eq(none) }.select(\.id)) {
            """
            SELECT "id" FROM "reminders" WHERE ("priority" IS NULL)
            """
        } results: {
            """
            ┌───┐
            │ 2 │
            │ 6 │
            └───┘
            """
        }
    }

    @Test func comparisonsAndRanges() throws {
        let query = Reminder.where { $0.id.gte(2) && $0.id.lt(5) }.select(\.id)
        assertBothForms(query) {
            """
            SELECT "id" FROM "reminders" WHERE (("id" >= ?) AND ("id" < ?))
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
        assertBothForms(Reminder.where { $0.id.between(2, and: 3) }.select(\.id)) {
            """
            SELECT "id" FROM "reminders" WHERE ("id" BETWEEN ? AND ?)
            """
        } results: {
            """
            ┌───┐
            │ 2 │
            │ 3 │
            └───┘
            """
        }
        assertBothForms(Reminder.where { $0.priority > Priority.low }.select(\.id)) {
            """
            SELECT "id" FROM "reminders" WHERE ("priority" > ?)
            """
        } results: {
            """
            ┌───┐
            │ 1 │
            │ 3 │
            │ 4 │
            └───┘
            """
        }
        assertBothForms(Reminder.where { $0.id.in([1, 4, 99]) }.select(\.id)) {
            """
            SELECT "id" FROM "reminders" WHERE ("id" IN (?, ?, ?))
            """
        } results: {
            """
            ┌───┐
            │ 1 │
            │ 4 │
            └───┘
            """
        }
        assertBothForms(Reminder.where { $0.id.in([Int]()) }.select(\.id)) {
            """
            SELECT "id" FROM "reminders" WHERE ("id" IN ())
            """
        } results: {
            """
            (no rows)
            """
        }
    }

    @Test func logic() throws {
        let query = Reminder.where { !$0.isCompleted || $0.id.eq(2) }.where { $0.id.lte(3) }.select(\.id)
        assertBothForms(query) {
            """
            SELECT "id" FROM "reminders" WHERE ((NOT "isCompleted") OR ("id" = ?)) AND ("id" <= ?)
            """
        } results: {
            """
            ┌───┐
            │ 1 │
            │ 2 │
            │ 3 │
            └───┘
            """
        }
        assertBothForms(Reminder.where { ($0.id.eq(1) || $0.id.eq(2)).not() }.select(\.id)) {
            """
            SELECT "id" FROM "reminders" WHERE (NOT (("id" = ?) OR ("id" = ?)))
            """
        } results: {
            """
            ┌───┐
            │ 3 │
            │ 4 │
            │ 5 │
            │ 6 │
            └───┘
            """
        }
    }

    @Test func subqueriesAndExists() throws {
        let query = Reminder.where { $0.remindersListID.in(RemindersList.where { $0.title.eq("Work") }.select(\.id)) }
            .select(\.id)
        // A second table appears, so every column is qualified.
        assertBothForms(query) {
            """
            SELECT "reminders"."id" FROM "reminders" WHERE ("reminders"."remindersListID" IN (SELECT "remindersLists"."id" FROM "remindersLists" WHERE ("remindersLists"."title" = ?)))
            """
        } results: {
            """
            ┌───┐
            │ 4 │
            │ 5 │
            └───┘
            """
        }
        let lists = RemindersList.where { list in
            Reminder.where { $0.remindersListID.eq(list.id) && $0.priority.eq(Priority.high) }.exists()
        }.select(\.title)
        assertBothForms(lists) {
            """
            SELECT "remindersLists"."title" FROM "remindersLists" WHERE (EXISTS (SELECT "reminders"."id", "reminders"."title", "reminders"."notes", "reminders"."isCompleted", "reminders"."priority", "reminders"."dueAt", "reminders"."deletedAt", "reminders"."remindersListID" FROM "reminders" WHERE (("reminders"."remindersListID" = "remindersLists"."id") AND ("reminders"."priority" = ?))))
            """
        } results: {
            """
            ┌────────────┐
            │ "Personal" │
            │ "Work"     │
            └────────────┘
            """
        }
        assertBothForms(
            RemindersList.where { list in !Reminder.where { $0.remindersListID.eq(list.id) }.exists() }.select(\.id)
        ) {
            """
            SELECT "remindersLists"."id" FROM "remindersLists" WHERE (NOT EXISTS (SELECT "reminders"."id", "reminders"."title", "reminders"."notes", "reminders"."isCompleted", "reminders"."priority", "reminders"."dueAt", "reminders"."deletedAt", "reminders"."remindersListID" FROM "reminders" WHERE ("reminders"."remindersListID" = "remindersLists"."id")))
            """
        } results: {
            """
            (no rows)
            """
        }
    }

    @Test func arithmeticAndCoalesce() throws {
        let query = RemindersList.select { ($0.position.max() ?? -1) + 1 }
        assertBothForms(query) {
            """
            SELECT coalesce(max("position"), ?) + ? FROM "remindersLists"
            """
        } results: {
            """
            ┌───┐
            │ 4 │
            └───┘
            """
        }
        assertBothForms(Reminder.where { $0.id.eq(4) }.select { $0.id * 10 - 1 }) {
            """
            SELECT ("id" * ?) - ? FROM "reminders" WHERE ("id" = ?)
            """
        } results: {
            """
            ┌────┐
            │ 39 │
            └────┘
            """
        }
        assertBothForms(Reminder.where { $0.id.eq(4) }.select { ($0.priority ?? Priority.low) }) {
            """
            SELECT coalesce("priority", ?) FROM "reminders" WHERE ("id" = ?)
            """
        } results: {
            """
            ┌───────────────┐
            │ Priority.high │
            └───────────────┘
            """
        }
        assertBothForms(Reminder.where { $0.id.eq(5) }.select { -$0.id }) {
            """
            SELECT - "id" FROM "reminders" WHERE ("id" = ?)
            """
        } results: {
            """
            ┌────┐
            │ -5 │
            └────┘
            """
        }
    }

    @Test func stringsEscapeLikePatterns() throws {
        let query = Reminder.where { $0.notes.contains("50%") }.select(\.id)
        assertSQL(query, rendering: .inlineLiterals) {
            #"""
            SELECT "id" FROM "reminders" WHERE ("notes" LIKE '%50\%%' ESCAPE '\')
            """#
        }
        assertBothForms(query) {
            #"""
            SELECT "id" FROM "reminders" WHERE ("notes" LIKE ? ESCAPE '\')
            """#
        } results: {
            """
            ┌───┐
            │ 4 │
            └───┘
            """
        }
        // "_" matches only itself: "done_now" yes, "doneXnow" would not.
        assertBothForms(Reminder.where { $0.notes.contains("e_n") }.select(\.id)) {
            #"""
            SELECT "id" FROM "reminders" WHERE ("notes" LIKE ? ESCAPE '\')
            """#
        } results: {
            """
            ┌───┐
            │ 4 │
            └───┘
            """
        }
        assertBothForms(Reminder.where { $0.notes.contains("e%n") }.select(\.id)) {
            #"""
            SELECT "id" FROM "reminders" WHERE ("notes" LIKE ? ESCAPE '\')
            """#
        } results: {
            """
            (no rows)
            """
        }
        assertBothForms(Reminder.where { $0.title.hasPrefix("Pass") }.select(\.id)) {
            #"""
            SELECT "id" FROM "reminders" WHERE ("title" LIKE ? ESCAPE '\')
            """#
        } results: {
            """
            ┌───┐
            │ 3 │
            └───┘
            """
        }
        assertBothForms(Reminder.where { $0.title.hasSuffix("ies") }.select(\.id)) {
            #"""
            SELECT "id" FROM "reminders" WHERE ("title" LIKE ? ESCAPE '\')
            """#
        } results: {
            """
            ┌───┐
            │ 1 │
            └───┘
            """
        }
        assertBothForms(Reminder.where { $0.title.like("C%") }.select(\.id)) {
            """
            SELECT "id" FROM "reminders" WHERE ("title" LIKE ?)
            """
        } results: {
            """
            ┌───┐
            │ 2 │
            └───┘
            """
        }
        // GLOB is case-sensitive: "Old thing" has no lowercase "o".
        assertBothForms(Reminder.where { $0.title.glob("*o*") }.select(\.id)) {
            """
            SELECT "id" FROM "reminders" WHERE ("title" GLOB ?)
            """
        } results: {
            """
            ┌───┐
            │ 1 │
            │ 2 │
            │ 3 │
            │ 4 │
            └───┘
            """
        }
    }

    @Test func stringFunctions() throws {
        let query = Reminder.where { $0.id.eq(1) }.select {
            ($0.title.upper(), $0.title.length(), $0.title.replace("o", "0"), $0.title.substr(1, 3))
        }
        assertQuery(query, in: database) {
            """
            SELECT upper("title"), length("title"), replace("title", ?, ?), substr("title", ?, ?) FROM "reminders" WHERE ("id" = ?)
            """
        } results: {
            """
            ┌─────────────┬───┬─────────────┬───────┐
            │ "GROCERIES" │ 9 │ "Gr0ceries" │ "Gro" │
            └─────────────┴───┴─────────────┴───────┘
            """
        }
        assertBothForms(Reminder.where { $0.id.eq(1) }.select { $0.title + " (Urgent!)" }) {
            """
            SELECT "title" || ? FROM "reminders" WHERE ("id" = ?)
            """
        } results: {
            """
            ┌───────────────────────┐
            │ "Groceries (Urgent!)" │
            └───────────────────────┘
            """
        }
        assertBothForms(Reminder.where { $0.id.eq(1) }.select { $0.title.lower().instr("cer") }) {
            """
            SELECT instr(lower("title"), ?) FROM "reminders" WHERE ("id" = ?)
            """
        } results: {
            """
            ┌───┐
            │ 4 │
            └───┘
            """
        }
        assertBothForms(Reminder.where { $0.id.eq(1) }.select { $0.title.trim("Gs") }) {
            """
            SELECT trim("title", ?) FROM "reminders" WHERE ("id" = ?)
            """
        } results: {
            """
            ┌───────────┐
            │ "rocerie" │
            └───────────┘
            """
        }
    }

    @Test func aggregates() throws {
        let query = Reminder.select {
            ($0.id.count(distinct: true), $0.id.sum(), $0.id.avg(), $0.priority.max())
        }
        assertQuery(query, in: database) {
            """
            SELECT count(DISTINCT "id"), sum("id"), avg("id"), max("priority") FROM "reminders"
            """
        } results: {
            """
            ┌───┬────┬─────┬───────┐
            │ 6 │ 21 │ 3.5 │ .high │
            └───┴────┴─────┴───────┘
            """
        }
        assertBothForms(Reminder.select { $0.id.total() }) {
            """
            SELECT total("id") FROM "reminders"
            """
        } results: {
            """
            ┌──────┐
            │ 21.0 │
            └──────┘
            """
        }
        assertBothForms(Reminder.where { $0.id.gt(100) }.select { $0.priority.max() }) {
            """
            SELECT max("priority") FROM "reminders" WHERE ("id" > ?)
            """
        } results: {
            """
            ┌─────┐
            │ nil │
            └─────┘
            """
        }
        assertBothForms(Reminder.select { $0.count(filter: $0.isCompleted) }) {
            """
            SELECT count("id") FILTER (WHERE "isCompleted") FROM "reminders"
            """
        } results: {
            """
            ┌───┐
            │ 1 │
            └───┘
            """
        }
        assertBothForms(Reminder.select { $0.id.max(filter: $0.remindersListID.eq(1)) }) {
            """
            SELECT max("id") FILTER (WHERE "remindersListID" = ?) FROM "reminders"
            """
        } results: {
            """
            ┌───┐
            │ 3 │
            └───┘
            """
        }
        assertBothForms(Reminder.select { $0.id.min(filter: $0.id.gt(100)) }) {
            """
            SELECT min("id") FILTER (WHERE "id" > ?) FROM "reminders"
            """
        } results: {
            """
            ┌─────┐
            │ nil │
            └─────┘
            """
        }
        let ordered = Reminder.where { $0.id.lte(3) }.select {
            $0.title.groupConcat(separator: "|", order: [$0.title.desc()])
        }
        assertSQL(ordered) {
            """
            SELECT group_concat("title", ? ORDER BY "title" DESC) FROM "reminders" WHERE ("id" <= ?)
            """
        }
        if database.sqliteVersion >= SQLiteVersion(3, 44) {
            // Not snapshotted: this branch runs only on SQLite 3.44 or newer.
            expectBothForms(ordered, give: ["Passport|Groceries|Call mom"])
        } else {
            // ORDER BY inside an aggregate call arrived in SQLite 3.44: a typed error, not
            // SQLite's "syntax error".
            let error = #expect(throws: SQLUnsupportedFeatureError.self) {
                try database.read { db in try ordered.fetchAll(db) }
            }
            #expect(error?.requirement == .orderedAggregate)
            #expect(error?.description.hasPrefix("ORDER BY inside an aggregate call") == true)
            #expect(error?.description.contains("needs SQLite 3.44; this is SQLite 3.") == true)
        }
        assertBothForms(Reminder.select { $0.remindersListID.count(distinct: true) }) {
            """
            SELECT count(DISTINCT "remindersListID") FROM "reminders"
            """
        } results: {
            """
            ┌───┐
            │ 3 │
            └───┘
            """
        }
    }

    @Test func caseExpressions() throws {
        let query = Reminder.where { $0.id.lte(3) }.select {
            SQLCase()
                .when($0.priority.eq(Priority.high), then: "!!!")
                .when($0.priority.eq(Priority.medium), then: "!!")
                .else("")
        }
        assertBothForms(query) {
            """
            SELECT CASE WHEN ("priority" = ?) THEN ? WHEN ("priority" = ?) THEN ? ELSE ? END FROM "reminders" WHERE ("id" <= ?)
            """
        } results: {
            """
            ┌───────┐
            │ "!!"  │
            │ ""    │
            │ "!!!" │
            └───────┘
            """
        }
    }

    /// SQLite's LIKE and GLOB read a pattern up to its first NUL: `contains("a\0b")` would
    /// match every text containing "a". Refused when it renders; `instr` finds the text.
    @Test func patternsWithNULAreRefused() throws {
        try database.write { db in
            try Reminder.insert {
                Reminder.Draft(title: "nul", notes: "a\0b", remindersListID: 1)
                Reminder.Draft(title: "plain", notes: "banana", remindersListID: 1)
            }.execute(db)
        }
        for query in [
            Reminder.where { $0.notes.contains("a\0b") }, Reminder.where { $0.notes.hasPrefix("\0") },
            Reminder.where { $0.notes.hasSuffix("b\0") }, Reminder.where { $0.notes.like("%\0%") },
            Reminder.where { $0.notes.glob("*\0*") },
        ] {
            let error = #expect(throws: SQLEncodingError.self) { try database.read { db in try query.fetchAll(db) } }
            #expect(error?.reason.hasPrefix("SQLite reads a pattern only up to its first NUL character") == true)
        }
        let error = #expect(throws: SQLEncodingError.self) {
            try database.read { db in try Reminder.where { $0.notes.contains("a\0b") }.fetchAll(db) }
        }
        #expect(
            error?.description
                == #"Cannot encode LIKE pattern value "%a\0b%": SQLite reads a pattern only up to its first NUL character, so it would match more than the text says: compare with instr(…) > 0 or == instead"#
        )
        let found = try database.read { db in
            try Reminder.where { $0.notes.instr("a\0b") > 0 }.select(\.title).fetchAll(db)
        }
        #expect(found == ["nul"])
    }

    @Test func hostileValuesAreBoundOrEscapedEverywhere() throws {
        let hostile = "'; DROP TABLE \"reminders\"; -- \0 🎉"
        // A LIKE pattern cannot hold the NUL (patternsWithNULAreRefused).
        let pattern = hostile.replacingOccurrences(of: "\0", with: "")
        let query = Reminder.where { $0.title.eq(hostile) || $0.notes.contains(pattern) }.select(\.id)
        assertBothForms(query) {
            #"""
            SELECT "id" FROM "reminders" WHERE (("title" = ?) OR ("notes" LIKE ? ESCAPE '\'))
            """#
        } results: {
            """
            (no rows)
            """
        }
        try database.write { db in
            try Reminder.insert { Reminder.Draft(title: hostile, notes: hostile, remindersListID: 1) }.execute(db)
        }
        assertBothForms(query) {
            #"""
            SELECT "id" FROM "reminders" WHERE (("title" = ?) OR ("notes" LIKE ? ESCAPE '\'))
            """#
        } results: {
            """
            ┌───┐
            │ 7 │
            └───┘
            """
        }
        let stored = try database.read { db in try Reminder.find(7).select(\.title).fetchOne(db) }
        assertQuery(Reminder.find(7).select(\.title), in: database) {
            """
            SELECT "title" FROM "reminders" WHERE ("id" = ?)
            """
        } results: {
            #"""
            ┌───────────────────────────────────────────┐
            │ #"'; DROP TABLE "reminders"; -- \u{0} 🎉"# │
            └───────────────────────────────────────────┘
            """#
        }
        #expect(stored == hostile)
    }

    @Test func hostileIdentifiersAreQuoted() throws {
        #expect(WeirdTable.tableName == "we\"ird -- table")
        let query = WeirdTable.where { $0.value.eq("x") }
        try database.write { db in
            try db.execute(
                #"CREATE TABLE "we""ird -- table" ("id" INTEGER PRIMARY KEY, "col""umn; DROP" TEXT NOT NULL)"#)
            try WeirdTable.insert([WeirdTable(id: 1, value: "x")]).execute(db)
        }
        assertQuery(query, in: database) {
            """
            SELECT "id", "col""umn; DROP" FROM "we""ird -- table" WHERE ("col""umn; DROP" = ?)
            """
        } results: {
            """
            ┌──────────────┐
            │ WeirdTable(  │
            │   id: 1,     │
            │   value: "x" │
            │ )            │
            └──────────────┘
            """
        }
    }

    @Test func rawSQLBindsValuesAndQuotesColumns() throws {
        let cutoff = "2000-01-01"
        let query = Reminder.where { #sql("date(\($0.dueAt)) > \(cutoff)") }.select(\.id)
        assertBothForms(query) {
            """
            SELECT "id" FROM "reminders" WHERE (date("dueAt") > ?)
            """
        } results: {
            """
            ┌───┐
            │ 1 │
            │ 2 │
            │ 3 │
            │ 4 │
            │ 6 │
            └───┘
            """
        }
        let tableName = Reminder.select { _ in #sql("(SELECT count(*) FROM \(RemindersList.self))", as: Int.self) }
            .limit(1)
        assertBothForms(tableName) {
            """
            SELECT (SELECT count(*) FROM "remindersLists") FROM "reminders" LIMIT ?
            """
        } results: {
            """
            ┌───┐
            │ 3 │
            └───┘
            """
        }
    }

    @Test func orderingLimitOffsetDistinct() throws {
        let query = Reminder.order { ($0.priority.desc(nulls: .last), $0.title.asc()) }.limit(3, offset: 1).select(
            \.title)
        assertBothForms(query) {
            """
            SELECT "title" FROM "reminders" ORDER BY "priority" DESC NULLS LAST, "title" ASC LIMIT ? OFFSET ?
            """
        } results: {
            """
            ┌─────────────┐
            │ "Report"    │
            │ "Groceries" │
            │ "Archived"  │
            └─────────────┘
            """
        }
        assertBothForms(Reminder.distinct().select(\.remindersListID).order(by: \.remindersListID)) {
            """
            SELECT DISTINCT "remindersListID" FROM "reminders" ORDER BY "remindersListID"
            """
        } results: {
            """
            ┌───┐
            │ 1 │
            │ 2 │
            │ 3 │
            └───┘
            """
        }
    }

    @Test func compoundSelects() throws {
        let high = Reminder.where { $0.priority.eq(Priority.high) }.select(\.id)
        let listOne = Reminder.where { $0.remindersListID.eq(1) }.select(\.id)
        assertBothForms(high.union(listOne).order(by: \.id)) {
            """
            SELECT "id" FROM "reminders" WHERE ("priority" = ?) UNION SELECT "id" FROM "reminders" WHERE ("remindersListID" = ?) ORDER BY "id"
            """
        } results: {
            """
            ┌───┐
            │ 1 │
            │ 2 │
            │ 3 │
            │ 4 │
            └───┘
            """
        }
        assertBothForms(high.intersect(listOne)) {
            """
            SELECT "id" FROM "reminders" WHERE ("priority" = ?) INTERSECT SELECT "id" FROM "reminders" WHERE ("remindersListID" = ?)
            """
        } results: {
            """
            ┌───┐
            │ 3 │
            └───┘
            """
        }
        assertBothForms(listOne.except(high)) {
            """
            SELECT "id" FROM "reminders" WHERE ("remindersListID" = ?) EXCEPT SELECT "id" FROM "reminders" WHERE ("priority" = ?)
            """
        } results: {
            """
            ┌───┐
            │ 1 │
            │ 2 │
            └───┘
            """
        }
        assertSQL(high.unionAll(listOne)) {
            """
            SELECT "id" FROM "reminders" WHERE ("priority" = ?) UNION ALL SELECT "id" FROM "reminders" WHERE ("remindersListID" = ?)
            """
        }
    }

    @Test func havingAndGroups() throws {
        let query = Reminder.group(by: \.remindersListID).having { $0.id.count().gt(1) }.select {
            ($0.remindersListID, $0.id.count())
        }
        assertQuery(query, in: database) {
            """
            SELECT "remindersListID", count("id") FROM "reminders" GROUP BY "remindersListID" HAVING (count("id") > ?)
            """
        } results: {
            """
            ┌───┬───┐
            │ 1 │ 3 │
            │ 2 │ 2 │
            └───┴───┘
            """
        }
    }

    /// A second `having` adds a condition, joined with `AND`, as a second `where` does.
    @Test func havingClausesChainWithAnd() throws {
        let query = Reminder.group(by: \.remindersListID).having { $0.id.count().gt(1) }
            .having { $0.id.count().lt(3) }
            .select { ($0.remindersListID, $0.id.count()) }
        assertQuery(query, in: database) {
            """
            SELECT "remindersListID", count("id") FROM "reminders" GROUP BY "remindersListID" HAVING (count("id") > ?) AND (count("id") < ?)
            """
        } results: {
            """
            ┌───┬───┐
            │ 2 │ 2 │
            └───┴───┘
            """
        }
    }
}
