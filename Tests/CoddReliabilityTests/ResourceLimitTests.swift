import CSQLite
import Codd
import Foundation
import Testing

/// Values and statements past SQLite's limits fail with a typed error and leave the
/// connection usable; big results stream with flat memory.
///
/// Limits are lowered with `sqlite3_limit` on the connection's handle, from
/// `Configuration.prepareDatabase` (Codd has no option of its own for them).
@Suite("Resource limits", .serialized)
struct ResourceLimitTests {
    /// A database whose longest string or blob is `length` bytes and longest SQL `sqlLength`.
    static func limitedDatabase(length: Int32, sqlLength: Int32 = 1_000_000) throws -> Database {
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            sqlite3_limit(db.unsafeSQLiteHandle, SQLITE_LIMIT_LENGTH, length)
            sqlite3_limit(db.unsafeSQLiteHandle, SQLITE_LIMIT_SQL_LENGTH, sqlLength)
        }
        return try Database.inMemory(configuration: configuration)
    }

    @Test func aBoundValueOverTheLengthLimitIsTooBig() throws {
        let database = try Self.limitedDatabase(length: 100_000)
        try database.write { db in
            try db.execute(#"CREATE TABLE "t" ("v")"#)
        }
        for value in [String(repeating: "x", count: 100_001), String(repeating: "é", count: 50_001)] {
            let error = #expect(throws: SQLiteError.self) {
                try database.write { db in try db.execute(#"INSERT INTO "t" VALUES (?)"#, value) }
            }
            #expect(error?.code == .tooBig, "\(String(describing: error))")
        }
        let blob = #expect(throws: SQLiteError.self) {
            try database.write { db in try db.execute(#"INSERT INTO "t" VALUES (?)"#, Data(count: 100_001)) }
        }
        #expect(blob?.code == .tooBig)
        // A result over the limit, made by SQLite itself.
        let result = #expect(throws: SQLiteError.self) {
            try database.read { db in try db.fetchOne(Data.self, "SELECT zeroblob(100001)") }
        }
        #expect(result?.code == .tooBig)
        // Under the limit (which bounds the whole row, header included), and after the
        // errors, the connection works.
        try database.write { db in try db.execute(#"INSERT INTO "t" VALUES (?)"#, String(repeating: "x", count: 99_000))
        }
        #expect(try database.read { try $0.fetchOne(Int.self, #"SELECT length("v") FROM "t""#) } == 99_000)
    }

    @Test func sqlOverTheSQLLengthLimitIsTooBig() throws {
        let database = try Self.limitedDatabase(length: 1_000_000, sqlLength: 10_000)
        let sql = "SELECT '" + String(repeating: "a", count: 10_000) + "'"
        let error = #expect(throws: SQLiteError.self) { try database.read { try $0.fetchOne(String.self, sql) } }
        #expect(error?.code == .tooBig, "\(String(describing: error))")
        #expect(try database.read { try $0.fetchOne(Int.self, "SELECT 1") } == 1)
    }

    /// SQLite's default limit is 1,000,000,000 bytes: a string of 1 GiB (1,073,741,824
    /// bytes) is refused at bind time, before SQLite copies it, so the test costs the one
    /// GiB the string itself takes (a 24 GiB CI machine; about a second).
    @Test func aOneGigabyteStringIsRefusedWithATypedError() throws {
        let database = try Database.inMemory()
        // Filled with memset: String(repeating:count:) takes seconds for a GiB.
        let huge = String(unsafeUninitializedCapacity: 1 << 30) { buffer in
            buffer.initialize(repeating: UInt8(ascii: "x"))
            return buffer.count
        }
        #expect(huge.utf8.count == 1 << 30)
        let error = #expect(throws: SQLiteError.self) {
            try database.read { try $0.fetchOne(Int.self, "SELECT length(?)", huge) }
        }
        #expect(error?.code == .tooBig, "\(String(describing: error))")
        #expect(try database.read { try $0.fetchOne(Int.self, "SELECT length(?)", "ok") } == 2)
    }

    /// A million rows of 100-character text through a cursor: memory at the end is what it
    /// was a tenth of the way in (fetchAll would hold some 150 MB). Resident memory is
    /// process-wide: other suites running in parallel add noise, hence the generous bound;
    /// under a sanitizer (quarantined frees) it is only printed.
    @Test func aMillionRowCursorRunsInFlatMemory() throws {
        let database = try Database.inMemory()
        let sql = """
            WITH RECURSIVE "n"("i") AS (SELECT 1 UNION ALL SELECT "i" + 1 FROM "n" WHERE "i" < 1000000)
            SELECT "i", printf('%0100d', "i") FROM "n"
            """
        var count = 0
        var sum = 0
        var residentAtTenth = 0
        var peakGrowth = 0
        try database.read { db in
            try db.cursor((Int, String).self, sql).forEach { i, text in
                count += 1
                sum &+= i
                if text.utf8.count != 100 { Issue.record("row \(i): \(text.utf8.count) characters") }
                if count % 100_000 == 0, let resident = ProcessMemory.resident {
                    if count == 100_000 { residentAtTenth = resident }
                    peakGrowth = max(peakGrowth, resident - residentAtTenth)
                }
            }
        }
        #expect(count == 1_000_000)
        #expect(sum == 500_000_500_000)
        // The control: the measure sees 64 MiB held, so a flat reading above means flat.
        let before = ProcessMemory.resident ?? 0
        let held = [UInt8](repeating: 1, count: 64 << 20)
        let control = (ProcessMemory.resident ?? 0) - before
        print(
            "million-row cursor: resident memory grew \(peakGrowth / 1024) KiB after the first 100,000 rows (\(residentAtTenth >> 20) MiB then); holding 64 MiB shows as \(control >> 20) MiB"
        )
        if !ProcessMemory.isSanitized && ProcessMemory.resident != nil {
            #expect(peakGrowth < 48 << 20, "resident memory grew \(peakGrowth) bytes while reading")
            #expect(
                control >= 32 << 20 && held.count == 64 << 20, "the measure does not see 64 MiB held: \(control) bytes")
        }
    }

    /// 10,000 different statements through the cache: it never holds more than its
    /// capacity, and memory stays flat.
    @Test(arguments: [256, 16, 0])
    func tenThousandDistinctStatementsKeepTheCacheBounded(capacity: Int) throws {
        var configuration = Configuration()
        configuration.statementCacheCapacity = capacity
        let database = try Database.inMemory(configuration: configuration)
        var residentAfterWarmUp = 0
        var peakGrowth = 0
        var largestCache = 0
        try database.withConnection { db in
            for i in 0..<10_000 {
                let value = try db.fetchOne(Int.self, "SELECT \(i) + ?", 1)
                #expect(value == i + 1)
                largestCache = max(largestCache, db.cachedStatementCount)
                if i % 1000 == 999, let resident = ProcessMemory.resident {
                    if i == 999 { residentAfterWarmUp = resident }
                    peakGrowth = max(peakGrowth, resident - residentAfterWarmUp)
                }
            }
        }
        #expect(largestCache <= capacity)
        print(
            "10,000 statements, cache capacity \(capacity): at most \(largestCache) cached, resident memory grew \(peakGrowth / 1024) KiB"
        )
        if !ProcessMemory.isSanitized && ProcessMemory.resident != nil {
            #expect(peakGrowth < 32 << 20, "resident memory grew \(peakGrowth) bytes")
        }
    }
}
