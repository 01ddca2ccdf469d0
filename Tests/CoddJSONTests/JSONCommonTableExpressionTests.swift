import Codd
import CoddQueryAssertions
import Foundation
import Testing

/// A CTE's row with a JSON column, as `Document`'s.
@Table @Selection
struct TaggedDocument: Equatable {
    let id: Int
    @Column(as: [String].JSONRepresentation.self) var tags: [String]
}

/// A JSON column of a CTE binds its text and decodes its value as the table's column does.
@Suite("JSON in common table expressions")
struct JSONCommonTableExpressionTests {
    let hostileTags = ["it's \"quoted\"", "-- comment", "emoji 🎉", "nul\u{0}byte"]

    func makeDatabase() throws -> Database {
        let database = try Database.inMemory()
        try database.write { db in
            try db.execute(
                #"CREATE TABLE "documents" ("id" INTEGER PRIMARY KEY, "settings" TEXT, "tags" TEXT NOT NULL)"#)
            try db.execute(#"INSERT INTO "documents" VALUES (1, NULL, '["a","b"]'), (2, NULL, '[]')"#)
        }
        return database
    }

    /// Selected from the table into the CTE: the JSON text decodes as the array.
    @Test func aCTEJSONColumnDecodes() throws {
        let query = With {
            Document.select { TaggedDocument.Columns(id: $0.id, tags: $0.tags) }
        } query: {
            TaggedDocument.order(by: \.id)
        }
        assertQuery(query, in: try makeDatabase()) {
            """
            WITH "taggedDocuments" AS (SELECT "documents"."id" AS "id", "documents"."tags" AS "tags" FROM "documents") SELECT "taggedDocuments"."id", "taggedDocuments"."tags" FROM "taggedDocuments" ORDER BY "taggedDocuments"."id"
            """
        } results: {
            """
            ┌─────────────────┐
            │ TaggedDocument( │
            │   id: 1,        │
            │   tags: [       │
            │     [0]: "a",   │
            │     [1]: "b"    │
            │   ]             │
            │ )               │
            ├─────────────────┤
            │ TaggedDocument( │
            │   id: 2,        │
            │   tags: []      │
            │ )               │
            └─────────────────┘
            """
        }
    }

    /// A row value binds its JSON as text (quotes, `--`, emoji and NUL escaped by the
    /// encoder), compares with the table's JSON column and reads back equal.
    @Test func aSeedRowBindsItsJSONText() throws {
        let database = try makeDatabase()
        let seed = TaggedDocument(id: 9, tags: hostileTags)
        try database.write {
            try Document.insert([Document(id: 3, settings: JSONColumnTests.settings, tags: hostileTags)]).execute($0)
        }
        let query = With {
            seed
        } query: {
            Document.join(TaggedDocument.all) { $0.tags.eq($1.tags) }.select { document, tagged in
                (document.id, tagged.tags)
            }
        }
        let bindings = try query.fragment.bindings
        let expected: [SQLValue] = [
            .integer(9), .text(#"["it's \"quoted\"","-- comment","emoji 🎉","nul\u0000byte"]"#),
        ]
        #expect(bindings == expected)
        let rows = try database.read { try query.fetchAll($0) }
        #expect(rows.count == 1)
        #expect(rows.first?.0 == 3)
        #expect(rows.first?.1 == hostileTags)
    }
}
