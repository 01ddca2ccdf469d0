import Foundation
import GRDB

/// GRDB 7.10 on its own connection to the same database file.
final class GRDBSide {
    let queue: DatabaseQueue

    init(path: String) throws {
        queue = try DatabaseQueue(path: path)
    }

    static let selectAll = #"SELECT "id", "uuid", "created", "score", "title", "tags" FROM "items""#

    /// `Row` with GRDB's built-in UUID and Date conversions, and `JSONDecoder` for the tags.
    func rows() throws -> [Item] {
        let decoder = JSONDecoder()
        return try queue.read { db in
            try Row.fetchAll(db, sql: Self.selectAll).map { row in
                let tags: String = row[5]
                return Item(
                    id: row[0], uuid: row[1], created: row[2], score: row[3], title: row[4],
                    tags: try decoder.decode([String].self, from: Data(tags.utf8))
                )
            }
        }
    }

    /// A `FetchableRecord` with a hand-written `init(row:)`.
    struct Record: FetchableRecord {
        var item: Item
        static let decoder = JSONDecoder()
        init(row: Row) throws {
            let tags: String = row[5]
            item = Item(
                id: row[0], uuid: row[1], created: row[2], score: row[3], title: row[4],
                tags: try Self.decoder.decode([String].self, from: Data(tags.utf8))
            )
        }
    }

    func records() throws -> [Item] {
        try queue.read { db in try Record.fetchAll(db, sql: Self.selectAll).map(\.item) }
    }

    /// A `Codable` record: GRDB decodes every column, the JSON array included.
    struct CodableRecord: Codable, FetchableRecord, PersistableRecord {
        static let databaseTableName = "items"
        var id: Int
        var uuid: UUID
        var created: Date
        var score: Double
        var title: String
        var tags: [String]
        var item: Item { Item(id: id, uuid: uuid, created: created, score: score, title: title, tags: tags) }
    }

    func codableRecords() throws -> [Item] {
        try queue.read { db in try CodableRecord.fetchAll(db, sql: Self.selectAll).map(\.item) }
    }

    // MARK: Insert

    /// Typed values as statement arguments.
    /// Into an empty "inserted" table (`CoddSide.resetInsertTable`, the untimed set-up).
    func insertTyped(_ items: [Item]) throws -> Int {
        return try queue.write { db in
            let statement = try db.cachedStatement(sql: #"INSERT INTO "inserted" VALUES (?, ?, ?, ?, ?, ?)"#)
            for item in items {
                try statement.execute(arguments: [
                    item.id, item.uuid.uuidString.lowercased(), item.created, item.score, item.title, item.tagsJSON,
                ])
            }
            return items.count
        }
    }

    // MARK: Point query

    /// The floor's query (`id`, `title`) on a cached statement, read from GRDB's `Row`.
    func pointQueries(_ keys: [Int]) throws -> Int {
        try queue.read { db in
            var checksum = 0
            let statement = try db.cachedStatement(sql: CoddSide.selectIDAndTitle)
            for key in keys {
                if let row = try Row.fetchOne(statement, arguments: [key]) {
                    let id: Int = row[0]
                    let title: String = row[1]
                    checksum &+= id &+ title.utf8.count
                }
            }
            return checksum
        }
    }

    /// The whole row, decoded by a `FetchableRecord`, on a cached statement.
    func wholeRowPointQueries(_ keys: [Int]) throws -> Int {
        try queue.read { db in
            var checksum = 0
            let statement = try db.cachedStatement(sql: Self.selectAll + #" WHERE "id" = ?"#)
            for key in keys {
                if let record = try Record.fetchOne(statement, arguments: [key]) {
                    checksum &+= record.item.id &+ record.item.title.utf8.count
                }
            }
            return checksum
        }
    }
}
