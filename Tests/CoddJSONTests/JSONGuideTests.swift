import Codd
import CoddTesting
import Foundation
import Testing

// The Swift blocks of docs/Codecs.md's JSON section, verbatim, run against SQLite.

struct NoteStyle: Codable, Equatable, Sendable {
    var color: String
    var editedAt: Date
    var editor: UUID
}

@Table("notes")
struct Note: Codable, Equatable {
    let id: Int
    var title = ""
    @Column(as: [String].JSONRepresentation.self)
    var tags: [String] = []
    @Column(as: NoteStyle.JSONRepresentation.self)
    var style: NoteStyle
    var listID: Int
}

@Table("noteLists")
struct NoteList: Codable, Equatable {
    let id: Int
    var title = ""
}

@Selection
struct ListWithNotes: Equatable {
    let list: NoteList
    @Column(as: [Note].JSONRepresentation.self)
    let notes: [Note]
}

@Suite("docs/Codecs.md: JSON")
struct JSONGuideTests {
    let style = NoteStyle(
        color: "yellow", editedAt: date(1_714_555_800_000),
        editor: UUID(uuidString: "8C2B6F0E-1A2B-4C3D-8E9F-0A1B2C3D4E5F")!
    )

    @Test func epochDates() throws {
        let style = self.style
        enum EpochDates: JSONCodingOptions {
            static var representations: [any SQLCustomType.Type] { [Date.UnixTimeRepresentation.self] }
        }
        let epochStyle = JSONDocument<NoteStyle, EpochDates>.self
        let text = try JSONDocumentEncoder(representations: EpochDates.representations).encode(style)
        // {"color":"yellow","editedAt":1714555800,"editor":"8c2b6f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f"}
        #expect(text == #"{"color":"yellow","editedAt":1714555800,"editor":"8c2b6f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f"}"#)
        try RoundTripCheck(epochStyle).run(values: [style])
    }

    /// The guide's wrong-shape error, read directly and through an aggregate.
    @Test func aWrongShapeIsTheGuidesError() throws {
        let database = try Database.inMemory()
        try database.write { db in
            try db.execute(
                """
                CREATE TABLE "notes" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "tags" TEXT NOT NULL,
                  "style" TEXT NOT NULL, "listID" INTEGER NOT NULL);
                INSERT INTO "notes" VALUES (1, 'Codd', '[]',
                  '{"color":[1,2],"editedAt":"2024-05-01 09:30:00.000","editor":"8c2b6f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f"}', 1);
                """)
        }
        let direct = #expect(throws: SQLDecodingError.self) { try database.read { db in try Note.all.fetchAll(db) } }
        // The statement follows the message.
        #expect(
            direct?.description.hasPrefix(
                #"Cannot decode String from column "notes"."style" (index 3) at JSON path $.color: expected TEXT, found TEXT [1,2]: a JSON array, not a string"#
            ) == true)
        let aggregated = #expect(throws: SQLDecodingError.self) {
            try database.read { db in try Note.select { $0.jsonGroupArray() }.fetchAll(db) }
        }
        #expect(aggregated?.jsonPath == "$[0].style.color")
        #expect(aggregated?.reason == .invalidValue("a JSON array, not a string"))
    }

    @Test func associationsInOneQuery() throws {
        let database = try Database.inMemory()
        try database.write { db in
            try db.execute(
                """
                CREATE TABLE "noteLists" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL);
                CREATE TABLE "notes" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "tags" TEXT NOT NULL,
                  "style" TEXT NOT NULL, "listID" INTEGER NOT NULL);
                INSERT INTO "noteLists" VALUES (1, 'Ideas'), (2, 'Empty');
                """)
            try Note.insert([
                Note(id: 1, title: "Codd", tags: ["db", "swift"], style: style, listID: 1),
                Note(id: 2, title: "JSON", tags: [], style: style, listID: 1),
            ]).execute(db)
        }
        let query =
            NoteList
            .group(by: \.id)
            .leftJoin(Note.all) { $0.id.eq($1.listID) }
            .select { ListWithNotes.Columns(list: $0, notes: $1.jsonGroupArray()) }
        let lists = try database.read { try query.fetchAll($0) }
        #expect(
            try query.fragment.sql == """
                SELECT "noteLists"."id", "noteLists"."title", \
                json_group_array(json_object('id', "notes"."id", 'title', "notes"."title", \
                'tags', iif("notes"."tags" IS NULL, NULL, iif(json_valid("notes"."tags"), json("notes"."tags"), json_object('codd.malformedJSON', "notes"."tags"))), \
                'style', iif("notes"."style" IS NULL, NULL, iif(json_valid("notes"."style"), json("notes"."style"), json_object('codd.malformedJSON', "notes"."style"))), 'listID', "notes"."listID")) \
                FILTER (WHERE "notes"."id" IS NOT NULL) AS "notes" \
                FROM "noteLists" LEFT JOIN "notes" ON "noteLists"."id" = "notes"."listID" \
                GROUP BY "noteLists"."id"
                """)
        #expect(
            lists == [
                ListWithNotes(
                    list: NoteList(id: 1, title: "Ideas"),
                    notes: [
                        Note(id: 1, title: "Codd", tags: ["db", "swift"], style: style, listID: 1),
                        Note(id: 2, title: "JSON", tags: [], style: style, listID: 1),
                    ]),
                ListWithNotes(list: NoteList(id: 2, title: "Empty"), notes: []),
            ])
        // The date inside the JSON column is SQLite's own format.
        let julian = try database.read { db in
            try db.fetchOne(String.self, #"SELECT datetime("style" ->> '$.editedAt') FROM "notes" WHERE "id" = 1"#)
        }
        #expect(julian == "2024-05-01 09:30:00")
    }
}
