import Codd
import Foundation
import Testing

/// Partial updates of a JSON document in `update { … }`, against SQLite's own JSON
/// functions: the SQL, exactly, and the document each leaves.
@Suite("JSON partial updates")
struct JSONPathUpdateTests {
    static func settings(_ database: Database, _ id: Int = 1) throws -> AccountSettings? {
        try database.read { db in try Account.find(id).fetchOne(db)?.settings }
    }

    @Test func setCreatesOrOverwrites() throws {
        let database = try JSONPathTests.database()
        let newBirthday = date(700_000_000_000)
        let query = Account.find(1).update {
            $0.settings.set(\.theme, to: "solarized")
            $0.settings.set(\.profile.birthday, to: newBirthday)
            $0.settings.set(\.nickname, to: "Alice")
        }
        #expect(
            try query.fragment.sql == """
                UPDATE "accounts" SET "settings" = json_set("settings", '$.theme', json(?), '$.profile.birthday', json(?), '$.nickname', json(?)) \
                WHERE ("id" = ?)
                """)
        #expect(
            try query.fragment.bindings == [
                .text(#""solarized""#), .text(#""1992-03-07 20:26:40.000""#), .text(#""Alice""#), .integer(1),
            ])
        try database.write { db in try query.execute(db) }
        var expected = JSONPathTests.alice
        expected.theme = "solarized"
        expected.profile.birthday = newBirthday
        expected.nickname = "Alice"
        #expect(try Self.settings(database) == expected)
        // Bob had no nickname: json_set creates it.
        try database.write { db in try Account.find(2).update { $0.settings.set(\.nickname, to: "B") }.execute(db) }
        #expect(try Self.settings(database, 2)?.nickname == "B")
    }

    @Test func insertOnlyWhereMissingReplaceOnlyWherePresent() throws {
        let database = try JSONPathTests.database()
        try database.write { db in
            try db.execute(#"UPDATE "accounts" SET "settings" = json_remove("settings", '$.nickname')"#)
            try Account.update {
                $0.settings.insert(\.nickname, "new")
                $0.settings.insert(\.theme, "ignored")
            }.execute(db)
        }
        #expect(try Self.settings(database)?.nickname == "new")
        #expect(try Self.settings(database)?.theme == "dark")
        try database.write { db in
            try db.execute(#"UPDATE "accounts" SET "settings" = json_remove("settings", '$.nickname') WHERE "id" = 2"#)
            let query = Account.update { $0.settings.replace(\.nickname, with: "replaced") }
            #expect(
                try query.fragment.sql
                    == #"UPDATE "accounts" SET "settings" = json_replace("settings", '$.nickname', json(?))"#)
            try query.execute(db)
        }
        #expect(try Self.settings(database, 1)?.nickname == "replaced")
        let bob = try database.read { db in
            try db.fetchOne(
                Bool.self, #"SELECT json_type("settings", '$.nickname') IS NULL FROM "accounts" WHERE "id" = 2"#)
        }
        #expect(bob == true)
    }

    @Test func removeAppendAndPatch() throws {
        let database = try JSONPathTests.database()
        let query = Account.find(1).update {
            $0.settings.remove(\.nickname)
            $0.settings.remove(\.limits)
        }
        #expect(
            try query.fragment.sql
                == #"UPDATE "accounts" SET "settings" = json_remove("settings", '$.nickname', '$.limits') WHERE ("id" = ?)"#
        )
        try database.write { db in try query.execute(db) }
        let removed = try database.read { db in
            try db.fetchOne(String.self, #"SELECT "settings" FROM "accounts" WHERE "id" = 1"#)
        }
        #expect(removed?.contains("nickname") == false)
        #expect(removed?.contains("limits") == false)

        try database.write { db in
            try db.execute(
                #"CREATE TABLE "notes" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "tags" TEXT NOT NULL, "style" TEXT NOT NULL, "listID" INTEGER NOT NULL)"#
            )
            try Note.insert {
                Note(
                    id: 1, title: "n", tags: ["a"],
                    style: NoteStyle(color: "red", editedAt: date(0), editor: JSONPathTests.uuid(3)), listID: 1)
            }.execute(db)
            let append = Note.find(1).update {
                $0.tags.append("b")
                $0.tags.append("c's")
            }
            #expect(
                try append.fragment.sql
                    == #"UPDATE "notes" SET "tags" = json_insert("tags", '$[#]', json(?), '$[#]', json(?)) WHERE ("id" = ?)"#
            )
            try append.execute(db)
        }
        #expect(try database.read { db in try Note.find(1).fetchOne(db)?.tags } == ["a", "b", "c's"])

        struct Patch: Encodable, Sendable {
            var theme: String?
            var font_size: Int?
        }
        let patch = Account.find(2).update { $0.settings.patch(with: Patch(theme: "sepia", font_size: 20)) }
        #expect(
            try patch.fragment.sql
                == #"UPDATE "accounts" SET "settings" = json_patch("settings", json(?)) WHERE ("id" = ?)"#)
        try database.write { db in try patch.execute(db) }
        #expect(try Self.settings(database, 2)?.theme == "sepia")
        #expect(try Self.settings(database, 2)?.fontSize == 20)
        // A null member removes it (RFC 7396).
        try database.write { db in
            try Account.find(2).update { $0.settings.patch(with: ["limits": Optional<Int>.none]) }.execute(db)
        }
        let limits = try database.read { db in
            try db.fetchOne(
                Bool.self, #"SELECT json_type("settings", '$.limits') IS NULL FROM "accounts" WHERE "id" = 2"#)
        }
        #expect(limits == true)
    }

    /// A key SQLite's path syntax cannot hold is refused by a change, never another path.
    @Test func aHostileKeyIsRefused() throws {
        let query = Account.update { $0.settings.set(\.limits["quo\"te"], to: 1) }
        let error = #expect(throws: SQLEncodingError.self) { try query.fragment }
        #expect(error?.reason.hasPrefix("a key holding a quote, a backslash or a control character") == true)
        let safe = Account.update { $0.settings.set(\.limits["it's 🙂.x"], to: 1) }
        #expect(
            try safe.fragment.sql
                == #"UPDATE "accounts" SET "settings" = json_set("settings", '$.limits."it''s 🙂.x"', json(?))"#)
    }
}
