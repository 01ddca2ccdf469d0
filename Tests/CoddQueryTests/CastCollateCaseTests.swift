import CSQLite
import Codd
import CoddQueryAssertions
import Foundation
import Testing

/// CAST typed by the target's storage class, COLLATE on any expression, and CASE with a
/// subject beside the searched CASE.
@Suite("CAST, COLLATE, CASE")
struct CastCollateCaseTests {
    let database: Database

    init() throws {
        database = try makeRemindersDatabase()
    }

    @Test func castToEachStorageClass() throws {
        let query = Reminder.where { $0.id.eq(4) }.select {
            (
                $0.priority.cast(as: String.self), $0.notes.cast(as: Int.self), $0.title.cast(as: Data.self),
                $0.id.cast(as: Double.self)
            )
        }
        let typed: Select<SQLRow4<String?, Int, Data, Double>, SQLTables.One<SQLTables.Inner<Reminder>>> = query
        assertQuery(typed, in: database) {
            """
            SELECT CAST("priority" AS TEXT), CAST("notes" AS INTEGER), CAST("title" AS BLOB), CAST("id" AS REAL) FROM "reminders" WHERE ("id" = ?)
            """
        } results: {
            """
            ┌─────┬────┬───────────────┬─────┐
            │ "3" │ 50 │ Data(6 bytes) │ 4.0 │
            └─────┴────┴───────────────┴─────┘
            """
        }
        // NULL casts to NULL; text that is no number casts to 0, leniently, as SQLite does.
        assertQuery(
            Reminder.where { $0.id.eq(2) }.select { ($0.priority.cast(as: Int.self), $0.title.cast(as: Int.self)) },
            in: database
        ) {
            """
            SELECT CAST("priority" AS INTEGER), CAST("title" AS INTEGER) FROM "reminders" WHERE ("id" = ?)
            """
        } results: {
            """
            ┌─────┬───┐
            │ nil │ 0 │
            └─────┴───┘
            """
        }
    }

    @Test func collateInComparisonsAndOrdering() throws {
        let query = Reminder.where {
            $0.title.collate(.nocase).eq("GROCERIES") || $0.title.collate(.rtrim).eq("Report   ")
        }
        .order { $0.title.collate(.nocase).desc() }
        .select(\.id)
        assertQuery(query, in: database) {
            """
            SELECT "id" FROM "reminders" WHERE (("title" COLLATE "NOCASE" = ?) OR ("title" COLLATE "RTRIM" = ?)) ORDER BY "title" COLLATE "NOCASE" DESC
            """
        } results: {
            """
            ┌───┐
            │ 4 │
            │ 1 │
            └───┘
            """
        }
        let binary = Reminder.where { $0.title.collate(.binary).eq("groceries") }.select(\.id)
        assertQuery(binary, in: database) {
            """
            SELECT "id" FROM "reminders" WHERE ("title" COLLATE "BINARY" = ?)
            """
        } results: {
            """
            (no rows)
            """
        }
        // On any expression, and as an ORDER BY term of its own.
        let ordered = Tag.order { $0.name.upper().collate(.nocase) }.select { $0.name.collate(SQLCollation("NOCASE")) }
        assertQuery(ordered, in: database) {
            """
            SELECT "name" COLLATE "NOCASE" FROM "tags" ORDER BY upper("name") COLLATE "NOCASE"
            """
        } results: {
            """
            ┌───────────────┐
            │ "apple"       │
            │ "electronics" │
            │ "mobile"      │
            └───────────────┘
            """
        }
    }

    @Test func aCollationTheConnectionRegisters() throws {
        // A user's collation, registered on the connection through SQLite's C API: byte
        // order reversed. COLLATE names it in a comparison and in ORDER BY.
        try database.write { db in
            let registered = sqlite3_create_collation_v2(
                db.unsafeSQLiteHandle, "REVERSE", SQLITE_UTF8, nil,
                { _, leftCount, left, rightCount, right in
                    let lhs = UnsafeRawBufferPointer(start: left, count: Int(leftCount))
                    let rhs = UnsafeRawBufferPointer(start: right, count: Int(rightCount))
                    return lhs.lexicographicallyPrecedes(rhs) ? 1 : (rhs.lexicographicallyPrecedes(lhs) ? -1 : 0)
                }, nil)
            #expect(registered == SQLITE_OK)
            let reverse = SQLCollation("REVERSE")
            // Reversed, only "apple" sorts after "b".
            assertQuery(Tag.where { $0.name.collate(reverse) > "b" }.select(\.name), in: db) {
                """
                SELECT "name" FROM "tags" WHERE ("name" COLLATE "REVERSE" > ?)
                """
            } results: {
                """
                ┌─────────┐
                │ "apple" │
                └─────────┘
                """
            }
            assertQuery(Tag.order { $0.name.collate(reverse) }.select(\.name), in: db) {
                """
                SELECT "name" FROM "tags" ORDER BY "name" COLLATE "REVERSE"
                """
            } results: {
                """
                ┌───────────────┐
                │ "mobile"      │
                │ "electronics" │
                │ "apple"       │
                └───────────────┘
                """
            }
        }
    }

    @Test func anUnregisteredCollationIsATypedError() throws {
        let query = Tag.order { $0.name.collate(SQLCollation("no such \"collation\"")) }
        assertSQL(query) {
            #"""
            SELECT "id", "name" FROM "tags" ORDER BY "name" COLLATE "no such ""collation"""
            """#
        }
        // The driver knows the collations a connection has: an unknown one is refused before
        // SQLite prepares the statement, naming it and the statement.
        let error = #expect(throws: SQLCollationError.self) { try database.read { db in try query.fetchAll(db) } }
        #expect(
            error
                == .unregistered(
                    name: "no such \"collation\"",
                    sql: #"SELECT "id", "name" FROM "tags" ORDER BY "name" COLLATE "no such ""collation""""#
                ))
    }

    @Test func caseWithASubject() throws {
        let query = Reminder.order(by: \.id).select {
            ($0.id, SQLCase($0.priority).when(.high, then: "!!!").when(.medium, then: "!!").else(""))
        }
        assertQuery(query, in: database) {
            """
            SELECT "id", CASE "priority" WHEN ? THEN ? WHEN ? THEN ? ELSE ? END FROM "reminders" ORDER BY "id"
            """
        } results: {
            """
            ┌───┬───────┐
            │ 1 │ "!!"  │
            │ 2 │ ""    │
            │ 3 │ "!!!" │
            │ 4 │ "!!!" │
            │ 5 │ ""    │
            │ 6 │ ""    │
            └───┴───────┘
            """
        }
        // Without ELSE the result is optional; a WHEN can be an expression of the subject's type.
        let open = Reminder.where { $0.id < 4 }.order(by: \.id).select {
            SQLCase($0.isCompleted).when(false, then: $0.title.upper())
        }
        let typed: Select<String?, SQLTables.One<SQLTables.Inner<Reminder>>> = open
        assertQuery(typed, in: database) {
            """
            SELECT CASE "isCompleted" WHEN ? THEN upper("title") END FROM "reminders" WHERE ("id" < ?) ORDER BY "id"
            """
        } results: {
            """
            ┌─────────────┐
            │ "GROCERIES" │
            │ nil         │
            │ "PASSPORT"  │
            └─────────────┘
            """
        }
        let searched = Reminder.where { $0.id < 3 }.order(by: \.id).select {
            SQLCase().when($0.priority.is(nil), then: "none").else($0.title)
        }
        assertQuery(searched, in: database) {
            """
            SELECT CASE WHEN ("priority" IS NULL) THEN ? ELSE "title" END FROM "reminders" WHERE ("id" < ?) ORDER BY "id"
            """
        } results: {
            """
            ┌─────────────┐
            │ "Groceries" │
            │ "none"      │
            └─────────────┘
            """
        }
        // A CASE with no WHEN is refused before SQLite sees it.
        #expect(throws: SQLEncodingError.self) { try Reminder.select { SQLCase($0.id) }.fragment }
    }
}
