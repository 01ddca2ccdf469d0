import Codd
import Foundation
import Testing

/// A bookmark keyed by a UUID stored as 16 bytes: its draft takes the key, a new UUID by
/// default.
@Table("uuidBookmarks")
struct UUIDBookmark: Equatable {
    @Column(as: UUID.BlobRepresentation.self) let id: UUID
    var title = ""
}

/// A tag keyed by its text: its draft requires the key.
@Table("textTags")
struct TextTag: Equatable {
    let id: String
    var color = "red"
}

/// A tagged integer key SQLite assigns: `rowID: true`, since the macro cannot see the type.
@Table("notes")
struct TaggedNote: Equatable {
    struct ID: RawRepresentable, SQLCustomType, SQLComparable, Hashable {
        var rawValue: Int
    }

    @Column(rowID: true) let id: ID
    var body = ""
}

/// Drafts: the key SQLite assigns is left out; any other key is a parameter, so leaving it
/// out is a compile error (Tests/CompileFail/DraftWithoutTextKey.swift), never SQLite's
/// `NOT NULL constraint failed`.
@Suite("drafts and their keys")
struct DraftKeyTests {
    let database: Database

    init() throws {
        database = try Database.inMemory()
        try database.write { db in
            try db.execute(
                """
                CREATE TABLE "uuidBookmarks" ("id" BLOB PRIMARY KEY NOT NULL, "title" TEXT NOT NULL) STRICT;
                CREATE TABLE "textTags" ("id" TEXT PRIMARY KEY NOT NULL, "color" TEXT NOT NULL) STRICT;
                CREATE TABLE "notes" ("id" INTEGER PRIMARY KEY, "body" TEXT NOT NULL) STRICT;
                """)
        }
    }

    @Test func aUUIDKeyedDraftGetsANewUUIDByDefault() throws {
        let chosen = UUID()
        let insert = UUIDBookmark.insert([
            UUIDBookmark.Draft(title: "Codd"), UUIDBookmark.Draft(id: chosen, title: "GRDB"),
        ])
        #expect(try insert.fragment.sql == #"INSERT INTO "uuidBookmarks" ("id", "title") VALUES (?, ?), (?, ?)"#)
        try database.write { db in try insert.execute(db) }
        let rows = try database.read { db in try UUIDBookmark.order(by: \.title).fetchAll(db) }
        #expect(rows.map(\.title) == ["Codd", "GRDB"])
        #expect(rows.last?.id == chosen)
        #expect(rows.first?.id != chosen)
        #expect(
            try database.read { db in try db.fetchOne(Int.self, #"SELECT min(length("id")) FROM "uuidBookmarks""#) }
                == 16)
    }

    @Test func aTextKeyedDraftTakesItsKey() throws {
        try database.write { db in
            try TextTag.insert { TextTag.Draft(id: "it's -- 🎉", color: "blue") }.execute(db)
        }
        #expect(try database.read { db in try TextTag.all.fetchAll(db) } == [TextTag(id: "it's -- 🎉", color: "blue")])
    }

    @Test func aRowIDMarkedKeyIsAssignedBySQLite() throws {
        let insert = TaggedNote.insert { TaggedNote.Draft(body: "first") }
        #expect(try insert.fragment.sql == #"INSERT INTO "notes" ("body") VALUES (?)"#)
        try database.write { db in
            try insert.execute(db)
            try TaggedNote.insert { TaggedNote.Draft(body: "second") }.execute(db)
        }
        #expect(try database.read { db in try TaggedNote.order(by: \.id).fetchAll(db) }.map(\.id.rawValue) == [1, 2])
    }
}
