import Codd
import CoddQueryAssertions
import CustomDump
import Foundation
import Testing

/// SQLite's core scalar functions, typed: each checked against SQLite itself (the same call
/// written as SQL and run by hand gives the same values).
@Suite("core scalar functions")
struct CoreFunctionTests {
    let database: Database

    init() throws {
        database = try makeRemindersDatabase()
    }

    @Test func functionsOfOneValue() throws {
        let query = Reminder.where { $0.id < 3 }.order(by: \.id).select {
            ($0.priority.nullif(.high), $0.title.typeof(), $0.priority.quote(), $0.title.hex())
        }
        assertQuery(query, in: database) {
            """
            SELECT nullif("priority", ?), typeof("title"), quote("priority"), hex("title") FROM "reminders" WHERE ("id" < ?) ORDER BY "id"
            """
        } results: {
            """
            ┌─────────┬────────┬────────┬──────────────────────┐
            │ .medium │ "text" │ "2"    │ "47726F636572696573" │
            │ nil     │ "text" │ "NULL" │ "43616C6C206D6F6D"   │
            └─────────┴────────┴────────┴──────────────────────┘
            """
        }
        let more = Reminder.where { $0.id < 3 }.order(by: \.id).select {
            ($0.title.unicode(), $0.priority.ifnull(.low), ($0.id - 2).sign(), $0.title.octetLength())
        }
        assertSQL(more) {
            """
            SELECT unicode("title"), ifnull("priority", ?), sign("id" - ?), octet_length("title") FROM "reminders" WHERE ("id" < ?) ORDER BY "id"
            """
        }
    }

    @Test func againstSQLitesOwnResults() throws {
        try expectSameAsSQLite(
            in: database,
            Reminder.order(by: \.id).select { ($0.notes.nullif(""), $0.priority.typeof(), $0.notes.quote()) },
            #"SELECT nullif("notes", ''), typeof("priority"), quote("notes") FROM "reminders" ORDER BY "id""#
        )
        try expectSameAsSQLite(
            in: database,
            Reminder.order(by: \.id).select { ($0.title.hex(), $0.title.unicode(), $0.id.max(3), $0.id.min(3, 2)) },
            #"SELECT hex("title"), unicode("title"), max("id", 3), min("id", 3, 2) FROM "reminders" ORDER BY "id""#
        )
        try expectSameAsSQLite(
            in: database,
            Reminder.order(by: \.id).select {
                ($0.priority.ifnull(.low), ($0.id - 3).sign(), $0.title.likely(), $0.id.unlikely())
            },
            #"SELECT ifnull("priority", 1), sign("id" - 3), likely("title"), unlikely("id") FROM "reminders" ORDER BY "id""#
        )
    }

    /// `contains` is SQL's `LIKE`: on SQLite it matches ASCII letters in either case and no
    /// other letter; `instr` matches case (docs/Queries.md, "Strings, arithmetic, functions").
    @Test func likeMatchesASCIICaseOnlyAndInstrMatchesCase() throws {
        func check(_ db: Connection) throws {
            #expect(try Reminder.where { $0.title.contains("report") }.select(\.title).fetchAll(db) == ["Report"])
            #expect(try Reminder.where { $0.title.hasPrefix("REP") }.select(\.title).fetchAll(db) == ["Report"])
            #expect(try Reminder.where { $0.title.instr("report") > 0 }.select(\.title).fetchAll(db) == [])
            #expect(try Reminder.where { $0.title.instr("Re") > 0 }.select(\.title).fetchAll(db) == ["Report"])
            let accented = Reminder.where { $0.id.eq(1) }.select { _ in
                (SQLBound("ÉTÉ").contains("é"), SQLBound("ÉTÉ").contains("t"))
            }
            let row = try #require(try accented.fetchOne(db))
            #expect(!row.0)
            #expect(row.1)
        }
        try database.read(check)
    }

    @Test func functionsOfNoColumn() throws {
        let query = Tag.where { $0.id.eq(1) }.select { _ in
            (
                SQLFunctions.char(72, 105), SQLFunctions.printf("%05.1f|%s", 3.14159, "x"), SQLFunctions.zeroBlob(2),
                SQLFunctions.sqliteVersion()
            )
        }
        let rows = try database.read { db in try query.fetchAll(db) }
        #expect(rows.count == 1)
        #expect(rows[0].0 == "Hi")
        #expect(rows[0].1 == "003.1|x")
        #expect(rows[0].2 == Data([0, 0]))
        #expect(rows[0].3 == SQLiteVersion.runtime.description)
        assertSQL(query) {
            """
            SELECT char(?, ?), printf(?, ?, ?), zeroblob(?), sqlite_version() FROM "tags" WHERE ("id" = ?)
            """
        }
        let random = Tag.select { _ in (SQLFunctions.random(), SQLFunctions.randomBlob(4)) }
        let randoms = try database.read { db in try random.fetchAll(db) }
        #expect(randoms.count == 3 && randoms.allSatisfy { $0.1.count == 4 })
        let state = try database.write { db in
            try Tag.insert { Tag(id: 9, name: "nine") }.execute(db)
            return try Tag.where { $0.id.eq(9) }.select { _ in
                (
                    SQLFunctions.changes(), SQLFunctions.lastInsertRowID(), SQLFunctions.totalChanges(),
                    SQLFunctions.compileOptionUsed("THREADSAFE")
                )
            }.fetchOne(db)
        }
        #expect(state?.0 == 1 && state?.1 == 9 && state?.2 ?? 0 >= 1 && state?.3 == true)
        let option = try database.read { db in
            try Tag.where { $0.id.eq(1) }.select { _ in SQLFunctions.compileOption(at: 100_000) }.fetchOne(db)
        }
        #expect(option == .some(nil))
    }

    @Test func likelihoodTakesALiteralProbability() throws {
        let query = Reminder.where { $0.isCompleted.likelihood(0.25) }.select(\.id)
        assertQuery(query, in: database) {
            """
            SELECT "id" FROM "reminders" WHERE (likelihood("isCompleted", 0.25))
            """
        } results: {
            """
            ┌───┐
            │ 2 │
            └───┘
            """
        }
        #expect(throws: SQLEncodingError.self) { try Reminder.where { $0.isCompleted.likelihood(1.5) }.fragment }
    }

    @Test func iifAndJSONArrayLength() throws {
        let query = Reminder.where { $0.id < 3 }.order(by: \.id).select {
            (SQLFunctions.iif($0.isCompleted, then: "done", else: $0.title), SQLBound("[1, 2, [3]]").jsonArrayLength())
        }
        assertQuery(query, in: database) {
            """
            SELECT iif("isCompleted", ?, "title"), json_array_length(?) FROM "reminders" WHERE ("id" < ?) ORDER BY "id"
            """
        } results: {
            """
            ┌─────────────┬───┐
            │ "Groceries" │ 3 │
            │ "done"      │ 3 │
            └─────────────┴───┘
            """
        }
        let paths = Tag.where { $0.id.eq(1) }.select { _ in
            (
                SQLBound(#"{"tags": ["a", "b"]}"#).jsonArrayLength(atPath: "$.tags"),
                SQLBound("{}").jsonArrayLength(atPath: "$.none")
            )
        }
        assertQuery(paths, in: database) {
            """
            SELECT json_array_length(?, ?), json_array_length(?, ?) FROM "tags" WHERE ("id" = ?)
            """
        } results: {
            """
            ┌───┬─────┐
            │ 2 │ nil │
            └───┴─────┘
            """
        }
        let malformed = Tag.select { _ in SQLBound("[1, ").jsonArrayLength() }
        let error = #expect(throws: SQLiteError.self) { try database.read { db in try malformed.fetchAll(db) } }
        #expect(error?.message.contains("malformed JSON") == true)
    }

    /// Functions newer than SQLite 3.40 (Debian 12's) need the version they arrived in: an
    /// older SQLite gives a typed error naming it, not a syntax error.
    @Test func newerFunctionsNeedTheirVersion() throws {
        let query = Reminder.where { $0.id.eq(1) }.select {
            (
                SQLFunctions.concat($0.title, "-", $0.id), SQLFunctions.concat(separator: ", ", $0.title, $0.notes),
                $0.title.octetLength()
            )
        }
        assertSQL(query) {
            """
            SELECT concat("title", ?, "id"), concat_ws(?, "title", "notes"), octet_length("title") FROM "reminders" WHERE ("id" = ?)
            """
        }
        let fragment = try query.fragment
        #expect(fragment.requirement == SQLFeatureRequirement("concat() and concat_ws()", sqlite: 3, 44))
        if SQLiteVersion.runtime < SQLiteVersion(3, 44) {
            #expect(throws: SQLUnsupportedFeatureError.self) { try database.read { db in try query.fetchAll(db) } }
        } else {
            let rows = try database.read { db in try query.fetchAll(db) }
            #expect(rows.map(\.0) == ["Groceries-1"])
            #expect(rows.map(\.1) == ["Groceries, Milk"])
            #expect(rows.map(\.2) == [9])
        }
        let unhex = Tag.where { $0.id.eq(1) }.select { $0.name.unhex() }
        #expect(try unhex.fragment.requirement == SQLFeatureRequirement("unhex()", sqlite: 3, 41))
    }
}
