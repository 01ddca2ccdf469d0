import Codd
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

    /// Runs `query` in its parameter form and its literal form and checks both give `rows`.
    func expectBothForms<S: SQLSelectStatement>(_ query: S, give rows: [S.Row.Fetched]) throws where S.Row.Fetched: Equatable {
        let viaParameters = try database.read { db in try db.fetchAll(S.Row.self, query.fragment) }.map(\.fetched)
        let literal = try query.fragment(mode: .inlineLiterals)
        #expect(literal.bindings.isEmpty)
        let viaLiterals = try database.read { db in try db.fetchAll(S.Row.self, literal) }.map(\.fetched)
        #expect(viaParameters == rows)
        #expect(viaLiterals == rows, "literal form: \(literal.sql)")
    }

    @Test func equalityAndNullSemantics() throws {
        #expect(Reminder.where { $0.priority == nil }.select(\.id).parameterSQL == #"SELECT "id" FROM "reminders" WHERE ("priority" IS NULL)"#)
        #expect(Reminder.where { $0.priority != nil }.select(\.id).parameterSQL == #"SELECT "id" FROM "reminders" WHERE ("priority" IS NOT NULL)"#)
        #expect(Reminder.where { $0.priority.eq(.high) }.select(\.id).parameterSQL == #"SELECT "id" FROM "reminders" WHERE ("priority" = ?)"#)
        #expect(Reminder.where { $0.priority.is(nil) }.select(\.id).parameterSQL == #"SELECT "id" FROM "reminders" WHERE ("priority" IS NULL)"#)
        #expect(Reminder.where { $0.title.neq("x") }.select(\.id).parameterSQL == #"SELECT "id" FROM "reminders" WHERE ("title" <> ?)"#)
        try expectBothForms(Reminder.where { $0.priority == nil }.select(\.id), give: [2, 6])
        try expectBothForms(Reminder.where { $0.priority.eq(Priority.high) }.select(\.id), give: [3, 4])
        // A nil in a variable behaves like the literal.
        let none: Priority? = nil
        try expectBothForms(Reminder.where { $0.priority.eq(none) }.select(\.id), give: [2, 6])
    }

    @Test func comparisonsAndRanges() throws {
        let query = Reminder.where { $0.id.gte(2) && $0.id.lt(5) }.select(\.id)
        #expect(query.parameterSQL == #"SELECT "id" FROM "reminders" WHERE (("id" >= ?) AND ("id" < ?))"#)
        try expectBothForms(query, give: [2, 3, 4])
        try expectBothForms(Reminder.where { $0.id.between(2, and: 3) }.select(\.id), give: [2, 3])
        try expectBothForms(Reminder.where { $0.priority > Priority.low }.select(\.id), give: [1, 3, 4])
        try expectBothForms(Reminder.where { $0.id.in([1, 4, 99]) }.select(\.id), give: [1, 4])
        try expectBothForms(Reminder.where { $0.id.in([Int]()) }.select(\.id), give: [])
    }

    @Test func logic() throws {
        let query = Reminder.where { !$0.isCompleted || $0.id.eq(2) }.where { $0.id.lte(3) }.select(\.id)
        #expect(query.parameterSQL == #"SELECT "id" FROM "reminders" WHERE ((NOT "isCompleted") OR ("id" = ?)) AND ("id" <= ?)"#)
        try expectBothForms(query, give: [1, 2, 3])
        try expectBothForms(Reminder.where { ($0.id.eq(1) || $0.id.eq(2)).not() }.select(\.id), give: [3, 4, 5, 6])
    }

    @Test func subqueriesAndExists() throws {
        let query = Reminder.where { $0.remindersListID.in(RemindersList.where { $0.title.eq("Work") }.select(\.id)) }.select(\.id)
        // A second table appears, so every column is qualified.
        #expect(query.parameterSQL == """
            SELECT "reminders"."id" FROM "reminders" WHERE ("reminders"."remindersListID" IN \
            (SELECT "remindersLists"."id" FROM "remindersLists" WHERE ("remindersLists"."title" = ?)))
            """)
        try expectBothForms(query, give: [4, 5])
        let lists = RemindersList.where { list in
            Reminder.where { $0.remindersListID.eq(list.id) && $0.priority.eq(Priority.high) }.exists()
        }.select(\.title)
        try expectBothForms(lists, give: ["Personal", "Work"])
        try expectBothForms(RemindersList.where { list in !Reminder.where { $0.remindersListID.eq(list.id) }.exists() }.select(\.id), give: [])
    }

    @Test func arithmeticAndCoalesce() throws {
        let query = RemindersList.select { ($0.position.max() ?? -1) + 1 }
        #expect(query.parameterSQL == #"SELECT coalesce(max("position"), ?) + ? FROM "remindersLists""#)
        try expectBothForms(query, give: [4])
        try expectBothForms(Reminder.where { $0.id.eq(4) }.select { $0.id * 10 - 1 }, give: [39])
        try expectBothForms(Reminder.where { $0.id.eq(4) }.select { ($0.priority ?? Priority.low) }, give: [.high])
        try expectBothForms(Reminder.where { $0.id.eq(5) }.select { -$0.id }, give: [-5])
    }

    @Test func stringsEscapeLikePatterns() throws {
        let query = Reminder.where { $0.notes.contains("50%") }.select(\.id)
        #expect(query.parameterSQL == #"SELECT "id" FROM "reminders" WHERE ("notes" LIKE ? ESCAPE '\')"#)
        #expect(query.description == #"SELECT "id" FROM "reminders" WHERE ("notes" LIKE '%50\%%' ESCAPE '\')"#)
        try expectBothForms(query, give: [4])
        // "_" matches only itself: "done_now" yes, "doneXnow" would not.
        try expectBothForms(Reminder.where { $0.notes.contains("e_n") }.select(\.id), give: [4])
        try expectBothForms(Reminder.where { $0.notes.contains("e%n") }.select(\.id), give: [])
        try expectBothForms(Reminder.where { $0.title.hasPrefix("Pass") }.select(\.id), give: [3])
        try expectBothForms(Reminder.where { $0.title.hasSuffix("ies") }.select(\.id), give: [1])
        try expectBothForms(Reminder.where { $0.title.like("C%") }.select(\.id), give: [2])
        // GLOB is case-sensitive: "Old thing" has no lowercase "o".
        try expectBothForms(Reminder.where { $0.title.glob("*o*") }.select(\.id), give: [1, 2, 3, 4])
    }

    @Test func stringFunctions() throws {
        let query = Reminder.where { $0.id.eq(1) }.select {
            ($0.title.upper(), $0.title.length(), $0.title.replace("o", "0"), $0.title.substr(1, 3))
        }
        #expect(query.parameterSQL == #"SELECT upper("title"), length("title"), replace("title", ?, ?), substr("title", ?, ?) FROM "reminders" WHERE ("id" = ?)"#)
        let row = try database.read { db in try query.fetchOne(db) }
        #expect(row?.0 == "GROCERIES")
        #expect(row?.1 == 9)
        #expect(row?.2 == "Gr0ceries")
        #expect(row?.3 == "Gro")
        try expectBothForms(Reminder.where { $0.id.eq(1) }.select { $0.title + " (Urgent!)" }, give: ["Groceries (Urgent!)"])
        try expectBothForms(Reminder.where { $0.id.eq(1) }.select { $0.title.lower().instr("cer") }, give: [4])
        try expectBothForms(Reminder.where { $0.id.eq(1) }.select { $0.title.trim("Gs") }, give: ["rocerie"])
    }

    @Test func aggregates() throws {
        let query = Reminder.select {
            ($0.id.count(distinct: true), $0.id.sum(), $0.id.avg(), $0.priority.max())
        }
        #expect(query.parameterSQL == #"SELECT count(DISTINCT "id"), sum("id"), avg("id"), max("priority") FROM "reminders""#)
        let row = try database.read { db in try query.fetchAll(db).first }
        #expect(row?.0 == 6)
        #expect(row?.1 == 21)
        #expect(row?.2 == 3.5)
        #expect(row?.3 == .high)
        try expectBothForms(Reminder.select { $0.id.total() }, give: [21.0])
        try expectBothForms(Reminder.where { $0.id.gt(100) }.select { $0.priority.max() }, give: [nil])
        try expectBothForms(Reminder.select { $0.count(filter: $0.isCompleted) }, give: [1])
        try expectBothForms(Reminder.select { $0.id.max(filter: $0.remindersListID.eq(1)) }, give: [3])
        try expectBothForms(Reminder.select { $0.id.min(filter: $0.id.gt(100)) }, give: [nil])
        let ordered = Reminder.where { $0.id.lte(3) }.select { $0.title.groupConcat(separator: "|", order: [$0.title.desc()]) }
        #expect(ordered.parameterSQL == #"SELECT group_concat("title", ? ORDER BY "title" DESC) FROM "reminders" WHERE ("id" <= ?)"#)
        if database.sqliteVersion >= SQLiteVersion(3, 44) {
            try expectBothForms(ordered, give: ["Passport|Groceries|Call mom"])
        } else {
            // ORDER BY inside an aggregate call arrived in SQLite 3.44: a typed error, not
            // SQLite's "syntax error".
            let error = #expect(throws: SQLUnsupportedFeatureError.self) { try database.read { db in try ordered.fetchAll(db) } }
            #expect(error?.requirement == .orderedAggregate)
            #expect(error?.description.hasPrefix("ORDER BY inside an aggregate call") == true)
            #expect(error?.description.contains("needs SQLite 3.44; this is SQLite 3.") == true)
        }
        try expectBothForms(Reminder.select { $0.remindersListID.count(distinct: true) }, give: [3])
    }

    @Test func caseExpressions() throws {
        let query = Reminder.where { $0.id.lte(3) }.select {
            SQLCase()
                .when($0.priority.eq(Priority.high), then: "!!!")
                .when($0.priority.eq(Priority.medium), then: "!!")
                .else("")
        }
        #expect(query.parameterSQL == #"SELECT CASE WHEN ("priority" = ?) THEN ? WHEN ("priority" = ?) THEN ? ELSE ? END FROM "reminders" WHERE ("id" <= ?)"#)
        try expectBothForms(query, give: ["!!", "", "!!!"])
    }

    @Test func hostileValuesAreBoundOrEscapedEverywhere() throws {
        let hostile = "'; DROP TABLE \"reminders\"; -- \0 🎉"
        let query = Reminder.where { $0.title.eq(hostile) || $0.notes.contains(hostile) }.select(\.id)
        #expect(query.parameterSQL == #"SELECT "id" FROM "reminders" WHERE (("title" = ?) OR ("notes" LIKE ? ESCAPE '\'))"#)
        try expectBothForms(query, give: [])
        try database.write { db in
            try Reminder.insert { Reminder.Draft(title: hostile, notes: hostile, remindersListID: 1) }.execute(db)
        }
        try expectBothForms(query, give: [7])
        let stored = try database.read { db in try Reminder.find(7).select(\.title).fetchOne(db) }
        #expect(stored == hostile)
    }

    @Test func hostileIdentifiersAreQuoted() throws {
        #expect(WeirdTable.tableName == "we\"ird -- table")
        let query = WeirdTable.where { $0.value.eq("x") }
        #expect(query.parameterSQL == #"SELECT "id", "col""umn; DROP" FROM "we""ird -- table" WHERE ("col""umn; DROP" = ?)"#)
        try database.write { db in
            try db.execute(#"CREATE TABLE "we""ird -- table" ("id" INTEGER PRIMARY KEY, "col""umn; DROP" TEXT NOT NULL)"#)
            try WeirdTable.insert([WeirdTable(id: 1, value: "x")]).execute(db)
        }
        let rows = try database.read { db in try query.fetchAll(db) }
        #expect(rows.map(\.id) == [1])
    }

    @Test func rawSQLBindsValuesAndQuotesColumns() throws {
        let cutoff = "2000-01-01"
        let query = Reminder.where { #sql("date(\($0.dueAt)) > \(cutoff)") }.select(\.id)
        #expect(query.parameterSQL == #"SELECT "id" FROM "reminders" WHERE (date("dueAt") > ?)"#)
        try expectBothForms(query, give: [1, 2, 3, 4, 6])
        let tableName = Reminder.select { _ in #sql("(SELECT count(*) FROM \(RemindersList.self))", as: Int.self) }.limit(1)
        #expect(tableName.parameterSQL == #"SELECT (SELECT count(*) FROM "remindersLists") FROM "reminders" LIMIT ?"#)
        try expectBothForms(tableName, give: [3])
    }

    @Test func orderingLimitOffsetDistinct() throws {
        let query = Reminder.order { ($0.priority.desc(nulls: .last), $0.title.asc()) }.limit(3, offset: 1).select(\.title)
        #expect(query.parameterSQL == #"SELECT "title" FROM "reminders" ORDER BY "priority" DESC NULLS LAST, "title" ASC LIMIT ? OFFSET ?"#)
        try expectBothForms(query, give: ["Report", "Groceries", "Archived"])
        try expectBothForms(Reminder.distinct().select(\.remindersListID).order(by: \.remindersListID), give: [1, 2, 3])
    }

    @Test func compoundSelects() throws {
        let high = Reminder.where { $0.priority.eq(Priority.high) }.select(\.id)
        let listOne = Reminder.where { $0.remindersListID.eq(1) }.select(\.id)
        try expectBothForms(high.union(listOne).order(by: \.id), give: [1, 2, 3, 4])
        try expectBothForms(high.intersect(listOne), give: [3])
        try expectBothForms(listOne.except(high), give: [1, 2])
        #expect(high.unionAll(listOne).parameterSQL == #"SELECT "id" FROM "reminders" WHERE ("priority" = ?) UNION ALL SELECT "id" FROM "reminders" WHERE ("remindersListID" = ?)"#)
    }

    @Test func havingAndGroups() throws {
        let query = Reminder.group(by: \.remindersListID).having { $0.id.count().gt(1) }.select { ($0.remindersListID, $0.id.count()) }
        #expect(query.parameterSQL == #"SELECT "remindersListID", count("id") FROM "reminders" GROUP BY "remindersListID" HAVING (count("id") > ?)"#)
        let rows = try database.read { db in try query.fetchAll(db) }
        #expect(rows.map(\.0) == [1, 2])
        #expect(rows.map(\.1) == [3, 2])
    }
}
