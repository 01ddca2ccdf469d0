import Codd
import CoddFTS5Query
import CoddGRDB
import Foundation
import GRDB
import Testing

/// Codd's codecs (UUID, Date, JSON) and FTS5 search through the bridge, unchanged.
@Suite("Codecs and FTS5 on GRDB connections")
struct CodecAndSearchTests {
    @Test func uuidDateAndJSONRoundTrip() throws {
        let pool = try makePool()
        let id = UUID(uuidString: "01234567-89AB-CDEF-FEDC-BA9876543210") ?? UUID()
        let createdAt = Date(timeIntervalSince1970: 1_710_493_507.089)
        let item = Item(id: id, createdAt: createdAt, tags: ["a", "b\"c", "🙂"])
        try pool.write { db in try Item.insert { item }.execute(db) }
        // Stored as Codd's codecs store them, which GRDB reads as text.
        let stored = try pool.read { db in
            try Row.fetchOne(db, sql: #"SELECT "id", "createdAt", "tags" FROM "items""#)
        }
        #expect(stored?[0] == "01234567-89ab-cdef-fedc-ba9876543210")
        #expect(stored?[1] == "2024-03-15 09:05:07.089")
        #expect(stored?[2] == #"["a","b\"c","🙂"]"#)
        // A UUID compared with the key binds as the column stores it.
        let back = try pool.read { db in try Item.where { $0.id == id }.fetchOne(db) }
        #expect(back?.id == id)
        #expect(back?.tags == item.tags)
        #expect(back.map { abs($0.createdAt.timeIntervalSince(createdAt)) < 0.001 } == true)
        let recent = try pool.read { db in
            try Item.where { $0.createdAt > Date(timeIntervalSince1970: 1_700_000_000) }.select(\.id).fetchAll(db)
        }
        #expect(recent == [id])
    }

    @Test func fts5Match() throws {
        let queue = try makeQueue()
        try queue.write { db in
            try ReminderText.createTable().execute(db)
            try ReminderText.insert([
                ReminderText(rowid: 1, title: "Take out trash", notes: "Tuesday"),
                ReminderText(rowid: 2, title: "Buy milk", notes: #"oat "barista" -- 2 L 🥛"#),
            ]).execute(db)
        }
        let search = ReminderText.where { $0.match(FTS5Pattern(matchingAllTokensIn: "trash") ?? .nothing) }.select(
            \.rowid)
        #expect(try search.fragment.sql == #"SELECT "rowid" FROM "reminderTexts" WHERE ("reminderTexts" MATCH ?)"#)
        #expect(try queue.read { db in try search.fetchAll(db) } == [1])
        // User text with FTS5 syntax, quotes and SQL comment markers is only ever a pattern.
        let hostile = FTS5Pattern(matchingAllTokensIn: #"barista" OR -- "#) ?? .nothing
        #expect(
            try queue.read { db in try ReminderText.where { $0.match(hostile) }.select(\.rowid).fetchAll(db) } == [])
        let milk = FTS5Pattern(matchingAllTokensIn: #""barista""#) ?? .nothing
        #expect(
            try queue.read { db in try ReminderText.where { $0.match(milk) }.select(\.title).fetchAll(db) } == [
                "Buy milk"
            ])
    }
}

@Table @Selection
struct ReminderText: CoddFTS5Query.FTS5 {
    let rowid: Int
    let title: String
    let notes: String
}
