import Codd
import Foundation
import Testing

@JSONPaths
struct AccountProfile: Codable, Equatable, Sendable {
    var birthday: Date
    var city: String?
    var id: UUID
    var balance: Decimal
}

enum Theme: String, Codable, Sendable {
    case light, dark
}

@JSONPaths
struct AccountSettings: Codable, Equatable, Sendable {
    var theme: String
    var mode: Theme
    var fontSize: Int
    var nickname: String?
    var profile: AccountProfile
    var tags: [String]
    var limits: [String: Int]

    enum CodingKeys: String, CodingKey {
        case theme, mode, fontSize = "font_size", nickname, profile, tags, limits
    }
}

@Table("accounts")
struct Account: Equatable {
    let id: Int
    @Column(as: AccountSettings.JSONRepresentation.self) var settings: AccountSettings
}

enum UnixDates: JSONCodingOptions {
    static var representations: [any SQLCustomType.Type] { [Date.UnixTimeRepresentation.self] }
}

/// An enum and a tagged value declared as CustomTypes.md declares them: `SQLEquatable` and
/// `RawRepresentable` both.
enum BoardMood: String, Codable, Sendable, SQLCustomType, SQLEquatable {
    case happy, sad
}

struct BoardTag: RawRepresentable, Hashable, Codable, Sendable, SQLCustomType, SQLEquatable {
    var rawValue: String
}

@JSONPaths
struct BoardCard: Codable, Equatable, Sendable {
    var mood: BoardMood
    var tag: BoardTag?
}

@Table("boards")
struct Board: Equatable {
    let id: Int
    @Column(as: BoardCard.JSONRepresentation.self) var card: BoardCard
}

@Table("epochAccounts")
struct EpochAccount: Equatable {
    let id: Int
    @Column(as: JSONDocument<AccountSettings, UnixDates>.self) var settings: AccountSettings
}

/// Typed paths into JSON columns, against a real SQLite: the SQL they render, exactly, and
/// the rows they find; each member compared in its codec's JSON form.
@Suite("JSON paths")
struct JSONPathTests {
    static let alice = AccountSettings(
        theme: "dark", mode: .dark, fontSize: 14, nickname: "Al",
        profile: AccountProfile(
            birthday: date(631_152_000_000), city: "Paris", id: uuid(1), balance: Decimal(string: "10.50")!),
        tags: ["admin", "urgent"], limits: ["max": 5]
    )
    static let bob = AccountSettings(
        theme: "light", mode: .light, fontSize: 9, nickname: nil,
        profile: AccountProfile(
            birthday: date(946_684_800_000), city: nil, id: uuid(2), balance: Decimal(string: "9.75")!),
        tags: [], limits: ["max": 2, "min": 1]
    )

    static func uuid(_ n: UInt8) -> UUID {
        UUID(uuid: (n, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, n))
    }

    static func database() throws -> Database {
        let database = try Database.inMemory()
        try database.write { db in
            try db.execute(#"CREATE TABLE "accounts" ("id" INTEGER PRIMARY KEY, "settings" TEXT NOT NULL)"#)
            try db.execute(#"CREATE TABLE "epochAccounts" ("id" INTEGER PRIMARY KEY, "settings" TEXT NOT NULL)"#)
            try Account.insert([Account(id: 1, settings: alice), Account(id: 2, settings: bob)]).execute(db)
            try EpochAccount.insert([EpochAccount(id: 1, settings: alice), EpochAccount(id: 2, settings: bob)]).execute(
                db)
        }
        return database
    }

    /// Both rendered forms find the same rows.
    static func ids(_ query: some SQLSelectStatement<Int>, _ database: Database) throws -> [Int] {
        let rows = try database.read { db in try query.fetchAll(db) }
        let inline = try database.read { db in try db.fetchAll(Int.self, SQLFragment(sql: query.description)) }
        #expect(rows == inline)
        return rows
    }

    @Test func aStringMember() throws {
        let database = try Self.database()
        let query = Account.where { $0.settings.theme == "dark" }.select(\.id)
        #expect(try query.fragment.sql == #"SELECT "id" FROM "accounts" WHERE (("settings" ->> '$.theme') = ?)"#)
        #expect(try query.fragment.bindings == [.text("dark")])
        #expect(query.description == #"SELECT "id" FROM "accounts" WHERE (("settings" ->> '$.theme') = 'dark')"#)
        #expect(try Self.ids(query, database) == [1])
        // An enum by its raw value; a renamed key (CodingKeys).
        #expect(try Self.ids(Account.where { $0.settings.mode == .light }.select(\.id), database) == [2])
        let large = Account.where { $0.settings.fontSize > 10 }.select(\.id)
        #expect(try large.fragment.sql == #"SELECT "id" FROM "accounts" WHERE (("settings" ->> '$.font_size') > ?)"#)
        #expect(try Self.ids(large, database) == [1])
    }

    /// `==` and `!=` on a member that is `SQLEquatable` and `RawRepresentable` (were
    /// ambiguous between the two families of operators).
    @Test func anEnumOrTaggedMemberDeclaredSQLEquatableCompares() throws {
        let database = try Database.inMemory()
        try database.write { db in
            try db.execute(#"CREATE TABLE "boards" ("id" INTEGER PRIMARY KEY, "card" TEXT NOT NULL)"#)
            try Board.insert([
                Board(id: 1, card: BoardCard(mood: .happy, tag: BoardTag(rawValue: "x"))),
                Board(id: 2, card: BoardCard(mood: .sad, tag: nil)),
            ]).execute(db)
        }
        let sad = Board.where { $0.card.mood == .sad }.select(\.id)
        #expect(try sad.fragment.sql == #"SELECT "id" FROM "boards" WHERE (("card" ->> '$.mood') = ?)"#)
        #expect(try Self.ids(sad, database) == [2])
        #expect(try Self.ids(Board.where { $0.card.mood != BoardMood.sad }.select(\.id), database) == [1])
        #expect(try Self.ids(Board.where { $0.card.tag == BoardTag(rawValue: "x") }.select(\.id), database) == [1])
        #expect(try Self.ids(Board.where { $0.card.tag != BoardTag(rawValue: "x") }.select(\.id), database).isEmpty)
    }

    /// A string holding a NUL byte stores and reads back whole, but SQLite's JSON functions
    /// end it at the NUL: a path or `contains` compares its prefix (docs/Codecs.md, "A NUL in
    /// a string"). What SQLite 3.40 does, shown so that a change in it is seen.
    @Test func aNULInAStringIsItsPrefixToSQLitesJSONFunctions() throws {
        let database = try Self.database()
        var carol = Self.bob
        carol.theme = "red\u{0}blue"
        carol.tags = ["admin\u{0}-not-really"]
        try database.write { db in try Account.insert { Account(id: 3, settings: carol) }.execute(db) }
        #expect(try database.read { db in try Account.find(3).fetchOne(db) }?.settings == carol)
        #expect(try Self.ids(Account.where { $0.settings.theme == "red" }.select(\.id), database) == [3])
        #expect(try Self.ids(Account.where { $0.settings.tags.contains("admin") }.select(\.id), database) == [1, 3])
        #expect(
            try Self.ids(Account.where { $0.settings.tags.contains("admin\u{0}-not-really") }.select(\.id), database)
                == [])
    }

    /// A date inside JSON compares as an instant, through `julianday` as its column would:
    /// text another program wrote with an offset compares by its instant, not its text.
    @Test func aDateComparesAsAnInstant() throws {
        let database = try Self.database()
        try database.write { db in
            // 1990-01-01 02:00 at +02:00 is 1990-01-01 00:00 UTC, Alice's birthday; as text it
            // sorts after 1990-01-01 01:00.
            try db.execute(
                #"UPDATE "accounts" SET "settings" = json_set("settings", '$.profile.birthday', '1990-01-01T02:00:00+02:00') WHERE "id" = 1"#
            )
        }
        let cutoff = date(631_155_600_000)  // 1990-01-01 01:00 UTC
        let query = Account.where { $0.settings.profile.birthday < cutoff }.select(\.id)
        #expect(
            try query.fragment.sql == """
                SELECT "id" FROM "accounts" WHERE (julianday("settings" ->> '$.profile.birthday') < julianday(?))
                """)
        #expect(try query.fragment.bindings == [.text("1990-01-01 01:00:00.000")])
        #expect(try Self.ids(query, database) == [1])
        let ordered = Account.order { $0.settings.profile.birthday.desc() }.select(\.id)
        #expect(
            try ordered.fragment.sql
                == #"SELECT "id" FROM "accounts" ORDER BY julianday("settings" ->> '$.profile.birthday') DESC"#)
        #expect(try Self.ids(ordered, database) == [2, 1])
    }

    /// The document's options choose the JSON form: dates stored as unix seconds compare
    /// through `julianday(x, 'unixepoch')`, the compared date bound as seconds.
    @Test func theDocumentsOptionsChooseTheForm() throws {
        let database = try Self.database()
        let stored = try database.read { db in
            try db.fetchOne(
                Int.self, #"SELECT "settings" ->> '$.profile.birthday' FROM "epochAccounts" WHERE "id" = 1"#)
        }
        #expect(stored == 631_152_000)
        let query = EpochAccount.where { $0.settings.profile.birthday < date(900_000_000_000) }.select(\.id)
        #expect(
            try query.fragment.sql == """
                SELECT "id" FROM "epochAccounts" WHERE (julianday("settings" ->> '$.profile.birthday', 'unixepoch') < julianday(?, 'unixepoch'))
                """)
        #expect(try query.fragment.bindings == [.integer(900_000_000)])
        #expect(try Self.ids(query, database) == [1])
        let birthdays = try database.read { db in
            try EpochAccount.order(by: \.id).select { $0.settings.profile.birthday }.fetchAll(db)
        }
        #expect(birthdays == [date(631_152_000_000), date(946_684_800_000)])
    }

    /// A UUID compares in its JSON form (lowercase text); a decimal through `codd_decimal`.
    @Test func uuidsAndDecimals() throws {
        let database = try Self.database()
        let byID = Account.where { $0.settings.profile.id == Self.uuid(2) }.select(\.id)
        #expect(try byID.fragment.bindings == [.text("02000000-0000-4000-8000-000000000002")])
        #expect(try Self.ids(byID, database) == [2])
        let rich = Account.where { $0.settings.profile.balance > Decimal(10) }.select(\.id)
        #expect(
            try rich.fragment.sql == """
                SELECT "id" FROM "accounts" WHERE (("settings" ->> '$.profile.balance') COLLATE "codd_decimal" > ? COLLATE "codd_decimal")
                """)
        #expect(try Self.ids(rich, database) == [1])  // 10.5 > 10, 9.75 < 10 (as text '9.75' > '10')
        let byBalance = Account.order { $0.settings.profile.balance }.select(\.id)
        #expect(try Self.ids(byBalance, database) == [2, 1])
    }

    /// A missing member, or `null`, is NULL: `== nil` finds it, a comparison never matches it.
    @Test func aMissingMemberIsNull() throws {
        let database = try Self.database()
        try database.write { db in
            try db.execute(
                #"INSERT INTO "accounts" VALUES (3, json_remove(json_remove((SELECT "settings" FROM "accounts" WHERE "id" = 2), '$.nickname'), '$.profile.city'))"#
            )
        }
        let unnamed = Account.where { $0.settings.nickname == nil }.order(by: \.id).select(\.id)
        #expect(
            try unnamed.fragment.sql
                == #"SELECT "id" FROM "accounts" WHERE (("settings" ->> '$.nickname') IS NULL) ORDER BY "id""#)
        #expect(try Self.ids(unnamed, database) == [2, 3])
        #expect(try Self.ids(Account.where { $0.settings.nickname != nil }.select(\.id), database) == [1])
        #expect(try Self.ids(Account.where { $0.settings.nickname.neq("Al") }.select(\.id), database) == [])
        let cities = try database.read { db in
            try Account.order(by: \.id).select { $0.settings.profile.city }.fetchAll(db)
        }
        #expect(cities == ["Paris", nil, nil])
    }

    /// Selected, a member decodes from its JSON: a string, a nested struct with its date,
    /// UUID and decimal, an array, a dictionary.
    @Test func selectingMembers() throws {
        let database = try Self.database()
        let query = Account.order(by: \.id).select {
            ($0.settings.theme, $0.settings.profile, $0.settings.tags, $0.settings.limits)
        }
        #expect(
            try query.fragment.sql == """
                SELECT "settings" -> '$.theme', "settings" -> '$.profile', "settings" -> '$.tags', "settings" -> '$.limits' FROM "accounts" ORDER BY "id"
                """)
        let rows = try database.read { db in try query.fetchAll(db) }
        #expect(rows.map(\.0) == ["dark", "light"])
        #expect(rows.map(\.1) == [Self.alice.profile, Self.bob.profile])
        #expect(rows.map(\.2) == [["admin", "urgent"], []])
        #expect(rows.map(\.3) == [["max": 5], ["max": 2, "min": 1]])
    }

    @Test func elementsAndKeys() throws {
        let database = try Self.database()
        let first = Account.where { $0.settings.tags[0] == "admin" }.select(\.id)
        #expect(try first.fragment.sql == #"SELECT "id" FROM "accounts" WHERE (("settings" ->> '$.tags[0]') = ?)"#)
        #expect(try Self.ids(first, database) == [1])
        let last = Account.select { $0.settings.tags[-1] }
        #expect(try last.fragment.sql == #"SELECT "settings" -> '$.tags[#-1]' FROM "accounts""#)
        #expect(try database.read { db in try last.fetchAll(db) } == ["urgent", nil])
        let capped = Account.where { $0.settings.limits["max"] >= 5 }.select(\.id)
        #expect(try capped.fragment.sql == #"SELECT "id" FROM "accounts" WHERE (("settings" ->> '$.limits.max') >= ?)"#)
        #expect(try Self.ids(capped, database) == [1])
    }

    /// Hostile keys render safely: quoted in the path where SQLite's syntax allows it, else
    /// looked up through `json_each` with the key bound; never spliced into SQL.
    @Test func hostileKeys() throws {
        let keys = ["we'ird", "a.b", "$", "[0]", "🙂", "sp ace", "-- x", "quo\"te", "back\\slash", "new\nline", ""]
        let database = try Database.inMemory()
        try database.write { db in
            try db.execute(#"CREATE TABLE "accounts" ("id" INTEGER PRIMARY KEY, "settings" TEXT NOT NULL)"#)
            var limits: [String: Int] = [:]
            for (index, key) in keys.enumerated() { limits[key] = index + 100 }
            var settings = Self.bob
            settings.limits = limits
            try Account.insert { Account(id: 1, settings: settings) }.execute(db)
        }
        for (index, key) in keys.enumerated() {
            let query = Account.select { $0.settings.limits[key] }
            let value = try database.read { db in try query.fetchOne(db) }
            #expect(value == .some(index + 100), "key \(key.debugDescription): \(query.description)")
            let found = Account.where { $0.settings.limits[key] == index + 100 }.select(\.id)
            #expect(try Self.ids(found, database) == [1], "key \(key.debugDescription)")
        }
        #expect(
            try Account.where { $0.settings.limits["a.b"] == 1 }.select(\.id).fragment.sql
                == #"SELECT "id" FROM "accounts" WHERE (("settings" ->> '$.limits."a.b"') = ?)"#)
        #expect(
            Account.where { $0.settings.limits["we'ird"] == 1 }.select(\.id).description
                == #"SELECT "id" FROM "accounts" WHERE (("settings" ->> '$.limits."we''ird"') = 1)"#)
        let quoted = Account.where { $0.settings.limits["quo\"te"] == 1 }.select(\.id)
        #expect(
            try quoted.fragment.sql == """
                SELECT "id" FROM "accounts" WHERE (((SELECT "codd_member"."value" FROM json_each("settings", '$.limits') AS "codd_member" \
                WHERE "codd_member"."key" = ?)) = ?)
                """)
        #expect(try quoted.fragment.bindings == [.text("quo\"te"), .integer(1)])
        // SQLite's JSON functions end a key at a NUL byte (3.40 reads "nul\u0000l" as "nul"):
        // such a key is refused, never another key read.
        let nul = Account.where { $0.settings.limits["nul\u{0}l"] == 1 }.select(\.id)
        let error = #expect(throws: SQLEncodingError.self) { try nul.fragment }
        #expect(error?.reason == "SQLite's JSON functions end a key at a NUL byte, so no path can name this one")
    }
}
