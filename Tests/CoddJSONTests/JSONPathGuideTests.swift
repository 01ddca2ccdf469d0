import Codd
import Foundation
import Testing

// The Swift blocks of docs/Codecs.md's JSON paths, partial updates and json_each sections,
// verbatim, run against SQLite.

@JSONPaths
struct Preferences: Codable, Equatable, Sendable {
    var theme: String
    var fontSize: Int
    var birthday: Date?
    var tags: [String]
}

@Table
struct Member: Equatable {
    let id: Int
    @Column(as: Preferences.JSONRepresentation.self) var preferences: Preferences
}

@Suite("docs/Codecs.md: JSON paths")
struct JSONPathGuideTests {
    static func database() throws -> Database {
        let database = try Database.inMemory()
        try database.write { db in
            try db.execute(#"CREATE TABLE "members" ("id" INTEGER PRIMARY KEY, "preferences" TEXT NOT NULL)"#)
            try Member.insert([
                Member(
                    id: 1, preferences: Preferences(theme: "dark", fontSize: 12, birthday: date(0), tags: ["urgent"])),
                Member(id: 2, preferences: Preferences(theme: "light", fontSize: 16, birthday: nil, tags: [])),
                Member(
                    id: 3,
                    preferences: Preferences(
                        theme: "dark", fontSize: 14, birthday: date(1_000_000_000_000), tags: ["home", "urgent"])),
            ]).execute(db)
        }
        return database
    }

    @Test func paths() throws {
        let database = try Self.database()
        let cutoff = date(500_000_000_000)
        let dark = Member.where { $0.preferences.theme == "dark" }.select(\.id)
        // SELECT "id" FROM "members" WHERE (("preferences" ->> '$.theme') = ?)
        let born = Member.where { $0.preferences.birthday < cutoff }.order { $0.preferences.fontSize.desc() }.select(
            \.id)
        // SELECT "id" FROM "members" WHERE (julianday("preferences" ->> '$.birthday') < julianday(?))
        // ORDER BY ("preferences" ->> '$.fontSize') DESC
        let themes = Member.order(by: \.id).select { $0.preferences.theme }
        // SELECT "preferences" -> '$.theme' FROM "members" ORDER BY "id"

        #expect(try dark.fragment.sql == #"SELECT "id" FROM "members" WHERE (("preferences" ->> '$.theme') = ?)"#)
        #expect(
            try born.fragment.sql == """
                SELECT "id" FROM "members" WHERE (julianday("preferences" ->> '$.birthday') < julianday(?)) \
                ORDER BY ("preferences" ->> '$.fontSize') DESC
                """)
        #expect(try themes.fragment.sql == #"SELECT "preferences" -> '$.theme' FROM "members" ORDER BY "id""#)
        #expect(try database.read { db in try dark.fetchAll(db) } == [1, 3])
        #expect(try database.read { db in try born.fetchAll(db) } == [1])
        #expect(try database.read { db in try themes.fetchAll(db) } == ["dark", "light", "dark"])
        let noBirthday = try database.read { db in
            try Member.where { $0.preferences.birthday == nil }.select(\.id).fetchAll(db)
        }
        #expect(noBirthday == [2])
    }

    @Test func changingPart() throws {
        let database = try Self.database()
        let update = Member.find(1).update {
            $0.preferences.set(\.theme, to: "light")
            $0.preferences.remove(\.birthday)
        }
        // UPDATE "members" SET "preferences" = json_remove(json_set("preferences", '$.theme', json(?)), '$.birthday')
        // WHERE ("id" = ?)
        try database.write { db in try update.execute(db) }

        #expect(
            try update.fragment.sql == """
                UPDATE "members" SET "preferences" = json_remove(json_set("preferences", '$.theme', json(?)), '$.birthday') WHERE ("id" = ?)
                """)
        let member = try database.read { db in try Member.find(1).fetchOne(db) }
        #expect(member?.preferences == Preferences(theme: "light", fontSize: 12, birthday: nil, tags: ["urgent"]))
    }

    @Test func arraysAsRows() throws {
        let database = try Self.database()
        let urgent = Member.where { $0.preferences.tags.contains("urgent") }.select(\.id)
        // SELECT "id" FROM "members"
        // WHERE (EXISTS (SELECT 1 FROM json_each("preferences" -> '$.tags') AS "codd_element" WHERE "codd_element"."value" = ?))
        let tagged = Member.join(each: { $0.preferences.tags }).select { member, tag in (member.id, tag.value) }
        // SELECT "members"."id", json_quote("json_each"."value") FROM "members" JOIN json_each("members"."preferences" -> '$.tags')
        let chosen = Member.where { $0.id.in(JSONEach.elements(of: [1, 3]).select { $0.value.stored }) }.select(\.id)
        // SELECT "members"."id" FROM "members"
        // WHERE ("members"."id" IN (SELECT "json_each"."value" FROM json_each(?)))      bound '[1,3]'

        #expect(
            try urgent.fragment.sql == """
                SELECT "id" FROM "members" \
                WHERE (EXISTS (SELECT 1 FROM json_each("preferences" -> '$.tags') AS "codd_element" WHERE "codd_element"."value" = ?))
                """)
        #expect(
            try tagged.fragment.sql == """
                SELECT "members"."id", json_quote("json_each"."value") FROM "members" JOIN json_each("members"."preferences" -> '$.tags')
                """)
        #expect(
            try chosen.fragment.sql == """
                SELECT "members"."id" FROM "members" WHERE ("members"."id" IN (SELECT "json_each"."value" FROM json_each(?)))
                """)
        #expect(try chosen.fragment.bindings == [.text("[1,3]")])
        #expect(try database.read { db in try urgent.fetchAll(db) } == [1, 3])
        let rows = try database.read { db in try tagged.fetchAll(db) }
        #expect(rows.map(\.0) == [1, 3, 3])
        #expect(rows.map(\.1) == ["urgent", "home", "urgent"])
        #expect(try database.read { db in try chosen.fetchAll(db) } == [1, 3])
    }
}
