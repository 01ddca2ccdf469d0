import CSQLite
import Codd
import Foundation
import Testing

/// A row of three columns for the batch tests.
@Table("imports")
struct ImportedRow: Equatable {
    let id: Int
    var title = ""
    var score = 0.0
}

/// Multi-row inserts over the connection's parameter limit run as several INSERTs of
/// consecutive rows, inside a savepoint: every row is written, in order, or none.
@Suite("multi-row inserts split at the parameter limit")
struct InsertBatchTests {
    let database: Database

    init() throws {
        database = try Database.inMemory()
        try database.write { db in
            try db.execute(
                #"CREATE TABLE "imports" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL UNIQUE, "score" REAL NOT NULL) STRICT"#
            )
        }
    }

    static func rows(_ range: Range<Int>) -> [ImportedRow] {
        range.map { ImportedRow(id: $0, title: "row \($0) it's -- 🎉", score: Double($0) / 3) }
    }

    /// The INSERT statements `body` runs on `db`.
    static func inserts(on db: Connection, _ body: () throws -> Void) rethrows -> [String] {
        let log = StatementLog()
        try log.record(on: db, body)
        return log.sql.filter { $0.hasPrefix("INSERT") }
    }

    @Test func rowsOverSQLitesDefaultLimit() throws {
        // SQLite's default build allows 32,766 parameters; Debian's allows 250,000. The
        // connection reads what its build allows.
        let (built, reported) = try database.read { db in
            (db.maximumParameterCount, Int(sqlite3_limit(db.unsafeSQLiteHandle, SQLITE_LIMIT_VARIABLE_NUMBER, -1)))
        }
        #expect(built == reported)
        let rows = Self.rows(1..<10_001)
        let statements = try database.write { db in
            db.maximumParameterCount = 32_766
            return try Self.inserts(on: db) { try ImportedRow.insert(rows).execute(db) }
        }
        // 30,000 parameters fit one statement; 20,000 more rows (60,000) take two.
        #expect(statements.count == 1)
        let more = Self.rows(10_001..<30_001)
        let split = try database.write { db in
            db.maximumParameterCount = 32_766
            return try Self.inserts(on: db) { try ImportedRow.insert(more).execute(db) }
        }
        #expect(split.count == 2)
        #expect(try database.read { db in try ImportedRow.order(by: \.id).fetchAll(db) } == rows + more)
    }

    @Test func aLoweredLimitSplitsInsideTheCallersTransaction() throws {
        let rows = Self.rows(1..<1_001)
        let statements = try database.write { db in
            db.maximumParameterCount = 100
            #expect(db.maximumParameterCount == 100)
            return try Self.inserts(on: db) { try ImportedRow.insert(rows).execute(db) }
        }
        // 33 rows of 3 parameters a statement.
        #expect(statements.count == 31)
        #expect(statements.allSatisfy { $0.components(separatedBy: "(?, ?, ?)").count - 1 <= 33 })
        #expect(try database.read { db in try ImportedRow.order(by: \.id).fetchAll(db) } == rows)

        // The caller's transaction rolls every part back.
        struct Abandoned: Error {}
        #expect(throws: Abandoned.self) {
            try database.write { db in
                db.maximumParameterCount = 100
                try ImportedRow.insert(Self.rows(2_000..<3_000)).execute(db)
                throw Abandoned()
            }
        }
        let count = try database.read { db in try ImportedRow.select { $0.count() }.fetchOne(db) }
        #expect(count == 1_000)
    }

    @Test func aFailingPartLeavesNoRowOfTheInsert() throws {
        // Row 900 repeats row 1's unique title: the 28th part fails after 27 succeeded.
        var rows = Self.rows(1..<1_001)
        rows[899].title = rows[0].title
        try database.withConnection { db in
            db.maximumParameterCount = 100
            #expect(throws: SQLiteError.self) { try ImportedRow.insert(rows).execute(db) }
            #expect(!db.isInsideTransaction)
        }
        let count = try database.read { db in try ImportedRow.select { $0.count() }.fetchOne(db) }
        #expect(count == 0)
    }

    @Test func returningCollectsEveryPartsRowsInOrder() throws {
        let rows = Self.rows(1..<501)
        let returned = try database.write { db in
            db.maximumParameterCount = 50
            return try ImportedRow.insert(rows).returning { $0.id }.fetchAll(db)
        }
        #expect(returned == Array(1..<501))
    }

    @Test func anUpsertSplitsWithItsConflictClause() throws {
        try database.write { db in try ImportedRow.insert(Self.rows(1..<201)).execute(db) }
        var changed = Self.rows(1..<401)
        for index in changed.indices { changed[index].score = -1 }
        let upsert = ImportedRow.insert(changed).onConflict({ $0.id }, doUpdate: { $0.score = $1.score })
        try database.write { db in
            db.maximumParameterCount = 64
            try upsert.execute(db)
        }
        let scores = try database.read { db in try ImportedRow.select(\.score).fetchAll(db) }
        #expect(scores.count == 400)
        #expect(scores.allSatisfy { $0 == -1 })
    }

    @Test func oneRowOverTheLimitIsSQLitesTypedError() throws {
        try database.withConnection { db in
            db.maximumParameterCount = 2
            let error = #expect(throws: SQLiteError.self) { try ImportedRow.insert(Self.rows(1..<2)).execute(db) }
            #expect(error?.message.contains("too many SQL variables") == true)
            // Never above SQLite's own ceiling; never below one.
            db.maximumParameterCount = 0
            #expect(db.maximumParameterCount == 1)
            db.maximumParameterCount = .max
            #expect(db.maximumParameterCount >= 32_766)
        }
    }
}
