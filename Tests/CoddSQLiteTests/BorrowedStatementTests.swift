import CSQLite
@_spi(CoddBridge) import CoddSQLite
import Codd
import Testing

/// `Statement(borrowing:sql:)`, the SPI bridges use (Integrations/CoddGRDB): Codd binds and
/// decodes on a `sqlite3_stmt` another library prepared, and never finalizes it.
@Suite("Borrowed statements")
struct BorrowedStatementTests {
    @Test func bindsAndDecodesOnAStatementItDoesNotOwn() throws {
        let database = try makeDatabase(column: "TEXT")
        try database.write { db in
            let sql = #"INSERT INTO "values" ("v") VALUES (?) RETURNING "id", "v""#
            var handle: OpaquePointer?
            #expect(sqlite3_prepare_v2(db.unsafeSQLiteHandle, sql, -1, &handle, nil) == SQLITE_OK)
            guard let handle else { return }
            defer { #expect(sqlite3_finalize(handle) == SQLITE_OK) }
            for text in ["it's -- \"quoted\"", "nul\u{0}byte 🙂"] {
                // A fresh borrower per run, dropped before the owner finalizes.
                let statement = Statement(borrowing: handle, sql: sql)
                statement.reset()
                try statement.bind(text)
                let row = try statement.decodeFirst((Int, String).self)
                #expect(row?.1 == text)
                statement.reset()
            }
            #expect(
                try db.fetchAll(String.self, #"SELECT "v" FROM "values" ORDER BY "id""#) == [
                    "it's -- \"quoted\"", "nul\u{0}byte 🙂",
                ])
        }
    }

    @Test func checksParametersAndColumnsAsItsOwnStatementsDo() throws {
        let database = try makeDatabase()
        try database.read { db in
            let sql = "SELECT ?, ?"
            var handle: OpaquePointer?
            #expect(sqlite3_prepare_v2(db.unsafeSQLiteHandle, sql, -1, &handle, nil) == SQLITE_OK)
            guard let handle else { return }
            defer { sqlite3_finalize(handle) }
            let statement = Statement(borrowing: handle, sql: sql)
            #expect(statement.parameterCount == 2 && statement.columnCount == 2)
            let error = #expect(throws: SQLiteError.self) { try statement.bind(1) }
            #expect(error?.code == .misuse)
            #expect(error?.sql == sql)
        }
    }
}
