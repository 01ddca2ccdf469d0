import CSQLite
import Codd
import Foundation

/// The raw C floor and Codd, on Codd's connection to the benchmark database.
final class CoddSide {
    let database: Codd.Database
    let rows: Int

    init(path: String, rows: Int) throws {
        self.database = try Codd.Database(path: path)
        self.rows = rows
    }

    static let selectAll = #"SELECT "id", "uuid", "created", "score", "title", "tags" FROM "items""#

    func createAndFill() throws {
        try database.write { db in
            try db.execute(
                """
                DROP TABLE IF EXISTS "items";
                CREATE TABLE "items" ("id" INTEGER PRIMARY KEY, "uuid" TEXT NOT NULL, "created" TEXT NOT NULL,
                  "score" REAL NOT NULL, "title" TEXT NOT NULL, "tags" TEXT NOT NULL);
                """)
            for id in 1...rows {
                let item = Item.make(id)
                try db.execute(
                    #"INSERT INTO "items" VALUES (?, ?, ?, ?, ?, ?)"#,
                    id, item.uuid, item.created, item.score, item.title, StringArrayJSON(represented: item.tags)
                )
            }
        }
    }

    // MARK: Read

    /// The floor: step, and read every column as a primitive (text as pointer and length).
    func rawFloor() throws -> Int {
        try database.read { db in
            let handle = db.unsafeSQLiteHandle
            var statement: OpaquePointer?
            sqlite3_prepare_v2(handle, Self.selectAll, -1, &statement, nil)
            defer { sqlite3_finalize(statement) }
            var checksum = 0
            while sqlite3_step(statement) == SQLITE_ROW {
                checksum &+= Int(sqlite3_column_int64(statement, 0))
                _ = sqlite3_column_text(statement, 1); _ = sqlite3_column_bytes(statement, 1)
                _ = sqlite3_column_text(statement, 2); _ = sqlite3_column_bytes(statement, 2)
                checksum &+= Int(sqlite3_column_double(statement, 3)) & 0
                _ = sqlite3_column_text(statement, 4); checksum &+= Int(sqlite3_column_bytes(statement, 4))
                _ = sqlite3_column_text(statement, 5); _ = sqlite3_column_bytes(statement, 5)
            }
            return checksum
        }
    }

    /// Raw C with hand-written UUID, date and JSON-array codecs: every value decoded.
    func rawHandCodecs() throws -> [Item] {
        try database.read { db in
            let handle = db.unsafeSQLiteHandle
            var statement: OpaquePointer?
            sqlite3_prepare_v2(handle, Self.selectAll, -1, &statement, nil)
            defer { sqlite3_finalize(statement) }
            var items: [Item] = []
            items.reserveCapacity(rows)
            func bytes(_ column: Int32) -> UnsafeRawBufferPointer {
                let pointer = sqlite3_column_text(statement, column)
                return UnsafeRawBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(statement, column)))
            }
            while sqlite3_step(statement) == SQLITE_ROW {
                guard let uuid = HandCodecs.uuid(bytes(1)), let created = HandCodecs.date(bytes(2)),
                    let tags = HandCodecs.stringArray(bytes(5))
                else {
                    throw BenchmarkError("hand codecs failed to decode a row")
                }
                items.append(
                    Item(
                        id: Int(sqlite3_column_int64(statement, 0)), uuid: uuid, created: created,
                        score: sqlite3_column_double(statement, 3),
                        title: String(decoding: bytes(4), as: UTF8.self), tags: tags
                    ))
            }
            return items
        }
    }

    /// Codd: the typed query, rendered, cached and decoded straight from the statement.
    func codd() throws -> [CoddItem] {
        try database.read { db in try CoddItem.all.fetchAll(db) }
    }

    // MARK: Insert

    /// An empty "inserted" table, and the WAL written back: every insert contender's
    /// untimed set-up (GRDB's too: it shares the file).
    func resetInsertTable() throws {
        try database.write { db in
            try db.execute(
                """
                DROP TABLE IF EXISTS "inserted";
                CREATE TABLE "inserted" ("id" INTEGER PRIMARY KEY, "uuid" TEXT NOT NULL, "created" TEXT NOT NULL,
                  "score" REAL NOT NULL, "title" TEXT NOT NULL, "tags" TEXT NOT NULL);
                """)
        }
        try checkpoint()
    }

    /// Writes the WAL back into the database file and empties it, outside any transaction.
    func checkpoint() throws {
        try database.withConnection { db in
            var logFrames: Int32 = 0
            var checkpointed: Int32 = 0
            let code = sqlite3_wal_checkpoint_v2(
                db.unsafeSQLiteHandle, nil, SQLITE_CHECKPOINT_TRUNCATE, &logFrames, &checkpointed)
            guard code == SQLITE_OK else { throw BenchmarkError("checkpoint failed: \(code)") }
        }
    }

    /// Raw C: one reused statement, values formatted by hand, one transaction.
    func rawInsert(_ items: [Item], texts: [(uuid: String, created: String, tags: String)]) throws -> Int {
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        return try database.write { db in
            let handle = db.unsafeSQLiteHandle
            var statement: OpaquePointer?
            sqlite3_prepare_v2(handle, #"INSERT INTO "inserted" VALUES (?, ?, ?, ?, ?, ?)"#, -1, &statement, nil)
            defer { sqlite3_finalize(statement) }
            for (item, text) in zip(items, texts) {
                sqlite3_reset(statement)
                sqlite3_bind_int64(statement, 1, Int64(item.id))
                sqlite3_bind_text(statement, 2, text.uuid, -1, transient)
                sqlite3_bind_text(statement, 3, text.created, -1, transient)
                sqlite3_bind_double(statement, 4, item.score)
                sqlite3_bind_text(statement, 5, item.title, -1, transient)
                sqlite3_bind_text(statement, 6, text.tags, -1, transient)
                guard sqlite3_step(statement) == SQLITE_DONE else { throw BenchmarkError("raw insert failed") }
            }
            return items.count
        }
    }

    /// Codd: the driver's typed values, bound by each codec, on a cached statement.
    func coddInsert(_ items: [Item]) throws -> Int {
        return try database.write { db in
            for item in items {
                try db.execute(
                    #"INSERT INTO "inserted" VALUES (?, ?, ?, ?, ?, ?)"#,
                    item.id, item.uuid, item.created, item.score, item.title, StringArrayJSON(represented: item.tags)
                )
            }
            return items.count
        }
    }

    // MARK: Point query

    /// The point query the floor, the per-call and prepared DSL contenders and GRDB's
    /// `(id, title)` contender all run: two columns of one row.
    static let selectIDAndTitle = #"SELECT "id", "title" FROM "items" WHERE "id" = ?"#

    /// Raw C: one prepared statement, reset and rebound per key, reading `id` and `title`.
    func rawPointQueries(_ keys: [Int]) throws -> Int {
        try database.read { db in
            let handle = db.unsafeSQLiteHandle
            var statement: OpaquePointer?
            sqlite3_prepare_v2(handle, Self.selectIDAndTitle, -1, &statement, nil)
            defer { sqlite3_finalize(statement) }
            var checksum = 0
            for key in keys {
                sqlite3_reset(statement)
                sqlite3_bind_int64(statement, 1, Int64(key))
                guard sqlite3_step(statement) == SQLITE_ROW else { continue }
                let title = sqlite3_column_text(statement, 1)
                let length = Int(sqlite3_column_bytes(statement, 1))
                let titleString = String(decoding: UnsafeBufferPointer(start: title, count: length), as: UTF8.self)
                checksum &+= Int(sqlite3_column_int64(statement, 0)) &+ titleString.utf8.count
            }
            return checksum
        }
    }

    /// Codd's DSL prepared once with a named parameter: per key, only the cache lookup,
    /// the binding, the step and the decode. It reads what the raw contender reads (`id`
    /// and `title`), so the two do the same work.
    func coddPreparedPointQueries(_ keys: [Int]) throws -> Int {
        let key = SQLNamedBindingReference<Int>(name: "id")
        let byID = try CoddItem.where { $0.id.eq(key) }.select { ($0.id, $0.title) }.prepared()
        return try database.read { db in
            var checksum = 0
            for id in keys {
                if let (id, title) = try byID.fetchOne(db, key.bound(to: id)) { checksum &+= id &+ title.utf8.count }
            }
            return checksum
        }
    }

    /// Codd's DSL rendered per key, running the floor's query (`id`, `title`): the same
    /// work as the prepared contender's, plus building and rendering the statement.
    func coddRenderedPointQueries(_ keys: [Int]) throws -> Int {
        try database.read { db in
            var checksum = 0
            for key in keys {
                if let (id, title) = try CoddItem.where({ $0.id.eq(key) }).select({ ($0.id, $0.title) }).fetchOne(db) {
                    checksum &+= id &+ title.utf8.count
                }
            }
            return checksum
        }
    }

    /// Codd's DSL: build, render, cache lookup, execute and decode the whole row (UUID,
    /// date, JSON tags), per key; compare with GRDB's whole-row contender, not the floor.
    func coddPointQueries(_ keys: [Int]) throws -> Int {
        try database.read { db in
            var checksum = 0
            for key in keys {
                if let item = try CoddItem.find(key).fetchOne(db) { checksum &+= item.id &+ item.title.utf8.count }
            }
            return checksum
        }
    }
}

extension CoddSide {
    static var sqliteVersion: String { SQLiteVersion.runtime.description }

    /// The TEXT forms the raw insert binds, formatted before timing: the floor.
    static func texts(of item: Item) throws -> (uuid: String, created: String, tags: String) {
        var collector = SQLValueCollector()
        try item.created.bind(into: &collector)
        guard case .text(let created) = collector.values.first else { throw BenchmarkError("date did not format") }
        return (item.uuid.uuidString.lowercased(), created, item.tagsJSON)
    }
}
