import CSQLite
import Codd
import Foundation
import GRDB

// GRDB's own performance suite, ported: fetch N rows of 10 INTEGER columns, and insert
// M such rows in one transaction. Raw C is the floor; Codd and GRDB run on the same file.

@Table("ten_ints")
struct TenInts: Equatable {
    var i0: Int, i1: Int, i2: Int, i3: Int, i4: Int, i5: Int, i6: Int, i7: Int, i8: Int, i9: Int

    static func make(_ n: Int) -> TenInts {
        TenInts(
            i0: n, i1: n + 1, i2: n + 2, i3: n + 3, i4: n + 4, i5: n + 5, i6: n + 6, i7: n + 7, i8: n + 8, i9: n + 9)
    }

    var sum: Int { i0 &+ i1 &+ i2 &+ i3 &+ i4 &+ i5 &+ i6 &+ i7 &+ i8 &+ i9 }
}

/// GRDB's side: a hand-written `FetchableRecord`, as GRDB's suite writes it.
struct GRDBTenInts: FetchableRecord {
    var value: TenInts
    init(row: GRDB.Row) {
        value = TenInts(
            i0: row[0], i1: row[1], i2: row[2], i3: row[3], i4: row[4], i5: row[5], i6: row[6], i7: row[7], i8: row[8],
            i9: row[9])
    }
}

enum GRDBSuiteWorkload {
    static let create = """
        DROP TABLE IF EXISTS "ten_ints";
        CREATE TABLE "ten_ints" ("i0" INTEGER NOT NULL, "i1" INTEGER NOT NULL, "i2" INTEGER NOT NULL, "i3" INTEGER NOT NULL,
          "i4" INTEGER NOT NULL, "i5" INTEGER NOT NULL, "i6" INTEGER NOT NULL, "i7" INTEGER NOT NULL, "i8" INTEGER NOT NULL,
          "i9" INTEGER NOT NULL);
        """
    static let select = #"SELECT "i0", "i1", "i2", "i3", "i4", "i5", "i6", "i7", "i8", "i9" FROM "ten_ints""#
    static let insert = #"INSERT INTO "ten_ints" VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"#

    static func workloads(codd: CoddSide, grdb: GRDBSide, fetchRows: Int, insertRows: Int) throws -> [Workload] {
        let database = codd.database
        // An empty table and a written-back WAL: each insert contender's untimed set-up.
        func reset() throws {
            try database.write { db in try db.execute(create) }
            try codd.checkpoint()
        }

        func rawInsert(_ count: Int) throws -> Int {
            return try database.write { db in
                var statement: OpaquePointer?
                sqlite3_prepare_v2(db.unsafeSQLiteHandle, insert, -1, &statement, nil)
                defer { sqlite3_finalize(statement) }
                for n in 0..<count {
                    sqlite3_reset(statement)
                    for column in 0..<10 { sqlite3_bind_int64(statement, Int32(column + 1), Int64(n + column)) }
                    guard sqlite3_step(statement) == SQLITE_DONE else { throw BenchmarkError("raw insert failed") }
                }
                return count
            }
        }
        func coddInsert(_ count: Int) throws -> Int {
            return try database.write { db in
                for n in 0..<count {
                    try db.execute(insert, n, n + 1, n + 2, n + 3, n + 4, n + 5, n + 6, n + 7, n + 8, n + 9)
                }
                return count
            }
        }
        func grdbInsert(_ count: Int) throws -> Int {
            return try grdb.queue.write { db in
                let statement = try db.cachedStatement(sql: insert)
                for n in 0..<count {
                    try statement.execute(arguments: [n, n + 1, n + 2, n + 3, n + 4, n + 5, n + 6, n + 7, n + 8, n + 9])
                }
                return count
            }
        }

        func rawFetch() throws -> Int {
            try database.read { db in
                var statement: OpaquePointer?
                sqlite3_prepare_v2(db.unsafeSQLiteHandle, select, -1, &statement, nil)
                defer { sqlite3_finalize(statement) }
                var values: [TenInts] = []
                while sqlite3_step(statement) == SQLITE_ROW {
                    func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(statement, column)) }
                    values.append(
                        TenInts(
                            i0: int(0), i1: int(1), i2: int(2), i3: int(3), i4: int(4), i5: int(5), i6: int(6),
                            i7: int(7), i8: int(8), i9: int(9)))
                }
                return values.reduce(0) { $0 &+ $1.sum }
            }
        }
        /// The floor for a read that knows each value's storage class: SQLite has no call
        /// that returns an integer and its storage class together, so a checked read makes
        /// three calls a column (`sqlite3_column_value`, `sqlite3_value_type`,
        /// `sqlite3_value_int64`) where the unchecked floor makes one.
        ///
        /// Written out beside `rawFetch` rather than sharing its loop through a closure:
        /// the shared loop cost the unchecked floor 136 instructions a row (2,583 → 2,719),
        /// and a floor must stay the floor.
        func rawCheckedFetch() throws -> Int {
            try database.read { db in
                var statement: OpaquePointer?
                sqlite3_prepare_v2(db.unsafeSQLiteHandle, select, -1, &statement, nil)
                defer { sqlite3_finalize(statement) }
                var values: [TenInts] = []
                while sqlite3_step(statement) == SQLITE_ROW {
                    func int(_ column: Int32) throws -> Int {
                        guard let value = sqlite3_column_value(statement, column),
                            sqlite3_value_type(value) == SQLITE_INTEGER
                        else {
                            throw BenchmarkError("column \(column) is not an INTEGER")
                        }
                        return Int(sqlite3_value_int64(value))
                    }
                    values.append(
                        TenInts(
                            i0: try int(0), i1: try int(1), i2: try int(2), i3: try int(3), i4: try int(4),
                            i5: try int(5), i6: try int(6), i7: try int(7), i8: try int(8), i9: try int(9)
                        ))
                }
                return values.reduce(0) { $0 &+ $1.sum }
            }
        }
        func coddFetch() throws -> Int {
            try database.read { db in try TenInts.all.fetchAll(db).reduce(0) { $0 &+ $1.sum } }
        }
        func grdbFetch() throws -> Int {
            try grdb.queue.read { db in try GRDBTenInts.fetchAll(db, sql: select).reduce(0) { $0 &+ $1.value.sum } }
        }

        // The fetch table holds `fetchRows` rows; the insert workload rebuilds it with
        // `insertRows`, so insert runs last and the fetch table is filled again first.
        try reset()
        _ = try rawInsert(fetchRows)
        let fetch = Workload(
            name: "GRDB suite: fetch \(fetchRows) rows × 10 INTEGER", rows: fetchRows,
            floor: "raw C", grdb: "GRDB FetchableRecord",
            contenders: [
                Contender(name: "raw C") { try rawFetch() },
                Contender(name: "Codd @Table") { try coddFetch() },
                Contender(name: "GRDB FetchableRecord") { try grdbFetch() },
                Contender(name: "raw C, storage class checked") { try rawCheckedFetch() },
            ]
        )
        let inserting = Workload(
            name: "GRDB suite: insert \(insertRows) rows × 10 INTEGER", rows: insertRows,
            floor: "raw C", grdb: "GRDB cached statement",
            contenders: [
                Contender(name: "raw C", setUp: reset) { try rawInsert(insertRows) },
                Contender(name: "Codd", setUp: reset) { try coddInsert(insertRows) },
                Contender(name: "GRDB cached statement", setUp: reset) { try grdbInsert(insertRows) },
            ]
        )
        return [fetch, inserting]
    }
}
