import Codd
import Foundation
import Testing

@Table("labels")
struct Label: Equatable {
    let id: Int
    var name = ""
}

/// `json_each` and `json_tree` as typed tables, `contains` on a JSON array, and a Swift array
/// bound as one JSON parameter: the SQL, exactly, and the rows.
@Suite("JSON tables")
struct JSONTableTests {
    static func database() throws -> Database {
        let database = try JSONPathTests.database()
        try database.write { db in
            try db.execute(
                #"CREATE TABLE "notes" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "tags" TEXT NOT NULL, "style" TEXT NOT NULL, "listID" INTEGER NOT NULL)"#
            )
            try db.execute(#"CREATE TABLE "labels" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL)"#)
            let style = NoteStyle(color: "red", editedAt: date(0), editor: JSONPathTests.uuid(9))
            try Note.insert([
                Note(id: 1, title: "Launch", tags: ["urgent", "work"], style: style, listID: 1),
                Note(id: 2, title: "Groceries", tags: ["home"], style: style, listID: 1),
                Note(id: 3, title: "Empty", tags: [], style: style, listID: 1),
                Note(id: 4, title: "It's \"quoted\"", tags: ["it's", "urgent"], style: style, listID: 1),
            ]).execute(db)
        }
        return database
    }

    @Test func containsOnAJSONArrayColumn() throws {
        let database = try Self.database()
        let query = Note.where { $0.tags.contains("urgent") }.order(by: \.id).select(\.id)
        #expect(
            try query.fragment.sql == """
                SELECT "id" FROM "notes" WHERE (EXISTS (SELECT 1 FROM json_each("tags") AS "codd_element" WHERE "codd_element"."value" = ?)) ORDER BY "id"
                """)
        #expect(try database.read { db in try query.fetchAll(db) } == [1, 4])
        let quoted = try database.read { db in try Note.where { $0.tags.contains("it's") }.select(\.id).fetchAll(db) }
        #expect(quoted == [4])
        let notUrgent = try database.read { db in
            try Note.where { !$0.tags.contains("urgent") }.order(by: \.id).select(\.id).fetchAll(db)
        }
        #expect(notUrgent == [2, 3])
        // On a path into a document.
        let admins = Account.where { $0.settings.tags.contains("admin") }.select(\.id)
        #expect(
            try admins.fragment.sql == """
                SELECT "id" FROM "accounts" WHERE (EXISTS (SELECT 1 FROM json_each("settings" -> '$.tags') AS "codd_element" WHERE "codd_element"."value" = ?))
                """)
        #expect(try database.read { db in try admins.fetchAll(db) } == [1])
    }

    @Test func joinEachElement() throws {
        let database = try Self.database()
        // In two statements: the whole chain in one took 60 ms of type-checking.
        let urgent = Note.join(each: { $0.tags }).where { _, tag in tag.value == "urgent" }
        let query = urgent.order { note, _ in note.id }.select { note, tag in (note.title, tag.key, tag.value) }
        #expect(
            try query.fragment.sql == """
                SELECT "notes"."title", "json_each"."key", json_quote("json_each"."value") FROM "notes" JOIN json_each("notes"."tags") \
                WHERE ("json_each"."value" = ?) ORDER BY "notes"."id"
                """)
        let rows = try database.read { db in try query.fetchAll(db) }
        #expect(rows.map(\.0) == ["Launch", "It's \"quoted\""])
        #expect(rows.map(\.1) == [.index(0), .index(1)])
        #expect(rows.map(\.2) == ["urgent", "urgent"])
        // A left join keeps the note without tags.
        let all = Note.leftJoin(each: { $0.tags }).order { note, _ in note.id }.select { note, tag in
            (note.id, tag.fullkey)
        }
        #expect(
            try all.fragment.sql == """
                SELECT "notes"."id", "json_each"."fullkey" FROM "notes" LEFT JOIN json_each("notes"."tags") ON 1 ORDER BY "notes"."id"
                """)
        let all2 = try database.read { db in try all.fetchAll(db) }
        #expect(all2.map(\.0) == [1, 1, 2, 3, 4, 4])
        #expect(all2.map(\.1) == ["$[0]", "$[1]", "$[0]", nil, "$[0]", "$[1]"])
        // Whole rows of json_each decode.
        let rows2 = try database.read { db in try JSONEach.elements(of: ["a", "b"]).fetchAll(db) }
        #expect(rows2.map(\.value) == ["a", "b"])
        #expect(rows2.map(\.key) == [.index(0), .index(1)])
        #expect(rows2.map(\.fullkey) == ["$[0]", "$[1]"])
    }

    /// A Swift array bound as one parameter and read back as rows: one statement, one
    /// parameter, for any number of values.
    @Test func anArrayBoundAsOneParameter() throws {
        let database = try Self.database()
        let ids = Array(1...500).filter { $0 % 2 == 0 }
        let query = Note.where { $0.id.in(JSONEach.elements(of: ids).select { $0.value.stored }) }.order(by: \.id)
            .select(\.title)
        #expect(
            try query.fragment.sql == """
                SELECT "notes"."title" FROM "notes" WHERE ("notes"."id" IN (SELECT "json_each"."value" FROM json_each(?))) ORDER BY "notes"."id"
                """)
        #expect(try query.fragment.bindings.count == 1)
        #expect(try database.read { db in try query.fetchAll(db) } == ["Groceries", "It's \"quoted\""])
        // A bulk insert of an array: one statement.
        let names = ["alpha", "it's", "🙂", "quo\"te", "nul\u{0}byte"]
        let insert = Label.insert({ $0.name }, select: JSONEach.elements(of: names).select { $0.value.stored })
        #expect(
            try insert.fragment.sql == #"INSERT INTO "labels" ("name") SELECT "json_each"."value" FROM json_each(?)"#)
        try database.write { db in try insert.execute(db) }
        let stored = try database.read { db in try Label.order(by: \.id).select(\.name).fetchAll(db) }
        // SQLite's JSON functions end text at a NUL byte (see docs/Codecs.md).
        #expect(stored == ["alpha", "it's", "🙂", "quo\"te", "nul"])
        // Dates in an array compare as instants.
        let dates = JSONEach.elements(of: [date(0), date(86_400_000)]).where { $0.value > date(1) }.select { $0.value }
        #expect(
            try dates.fragment.sql
                == #"SELECT json_quote("value") FROM json_each(?) WHERE (julianday("value") > julianday(?))"#)
        #expect(try database.read { db in try dates.fetchAll(db) } == [date(86_400_000)])
    }

    @Test func jsonTreeWalksEveryValue() throws {
        let database = try Self.database()
        // In steps: one chain of five closures took 293 ms to type-check (the budget is 150).
        let walked = Account.join(tree: { $0.settings }, as: String.self)
        let texts = walked.where { _, node in node.type.eq("text") }.where { account, _ in account.id.eq(1) }
        let query = texts.order { _, node in node.id }.select { _, node in (node.fullkey, node.value) }
        #expect(
            try query.fragment.sql == """
                SELECT "json_tree"."fullkey", json_quote("json_tree"."value") FROM "accounts" JOIN json_tree("accounts"."settings") \
                WHERE ("json_tree"."type" = ?) AND ("accounts"."id" = ?) ORDER BY "json_tree"."id"
                """)
        let rows = try database.read { db in try query.fetchAll(db) }
        #expect(
            rows.map(\.0) == [
                "$.theme", "$.mode", "$.nickname", "$.profile.birthday", "$.profile.city", "$.profile.id",
                "$.profile.balance", "$.tags[0]", "$.tags[1]",
            ])
        #expect(rows.first?.1 == "dark")
    }
}
