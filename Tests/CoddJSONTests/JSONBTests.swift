import Codd
import Foundation
import Testing

@Table("binaryAccounts")
struct BinaryAccount: Equatable {
    let id: Int
    @Column(as: AccountSettings.JSONBRepresentation.self) var settings: AccountSettings
}

/// SQLite's JSONB, against the bytes SQLite 3.54 makes (Fixtures/jsonb.json, written by
/// scripts/make-jsonb-fixtures.py through Python's apsw, which carries its own SQLite): Codd
/// reads SQLite's JSONB as SQLite reads it back, and writes the same bytes. On the running
/// SQLite, JSONB is used where it is 3.45 or newer, and refused with a typed error naming
/// the version where it is not.
@Suite("JSONB")
struct JSONBTests {
    struct Fixture: Decodable {
        var source: String
        var json: String
        var jsonb: String
        var sqliteJSON: String
    }

    struct Fixtures: Decodable {
        var sqlite: String
        var fixtures: [Fixture]
    }

    static let fixtures: Fixtures = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Fixtures/jsonb.json")
        guard let data = try? Data(contentsOf: url), let fixtures = try? JSONDecoder().decode(Fixtures.self, from: data)
        else {
            return Fixtures(sqlite: "missing", fixtures: [])
        }
        return fixtures
    }()

    static func bytes(hex: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        return bytes
    }

    @Test func readsSQLitesJSONBAsSQLiteDoes() throws {
        #expect(Self.fixtures.fixtures.count == 45, "Fixtures/jsonb.json")
        for fixture in Self.fixtures.fixtures {
            let jsonb = Self.bytes(hex: fixture.jsonb)
            let json = try jsonb.withUnsafeBytes { try SQLiteJSONB.json(fromJSONB: $0) }
            #expect(
                String(decoding: json, as: UTF8.self) == fixture.sqliteJSON,
                "\(fixture.source): \(fixture.json.prefix(60))")
        }
    }

    @Test func writesTheBytesSQLiteWrites() throws {
        for fixture in Self.fixtures.fixtures where fixture.source == "jsonb(?)" {
            var text = fixture.json
            let jsonb = try text.withUTF8 { try SQLiteJSONB.jsonb(fromJSON: UnsafeRawBufferPointer($0)) }
            #expect(jsonb == Self.bytes(hex: fixture.jsonb), "\(fixture.json.prefix(60))")
        }
    }

    @Test func malformedJSONBIsATypedError() throws {
        let cases: [([UInt8], String)] = [
            ([], "not SQLite's JSONB at byte 1: the JSONB ends before an element"),
            ([0x37, 0x61], "not SQLite's JSONB at byte 1: an element of 3 bytes runs past the end"),
            ([0xC7], "not SQLite's JSONB at byte 1: the JSONB ends inside a header"),
            ([0x0D], "not SQLite's JSONB at byte 1: a reserved element type 13"),
            (
                [0x14, 0x31],
                "not SQLite's JSONB at byte 1: a JSON5 value (SQLite keeps them from JSON5 input): Codd reads JSON"
            ),
            ([0x2C, 0x13, 0x31], "not SQLite's JSONB at byte 2: an object key that is not text"),
            ([0x10, 0x41], "not SQLite's JSONB at byte 1: a null, true or false with a payload"),
            ([0x00, 0x00], "not SQLite's JSONB at byte 2: bytes after the JSONB value"),
        ]
        for (bytes, message) in cases {
            let error = #expect(throws: SQLiteJSONBError.self) {
                try bytes.withUnsafeBytes { try SQLiteJSONB.json(fromJSONB: $0) }
            }
            #expect(error?.description == message)
        }
        // Nesting: SQLite's limit of 1000 levels is read and written; one more is an error,
        // never a stack overflow.
        func nested(_ levels: Int) -> [UInt8] {
            var bytes: [UInt8] = []
            for _ in 0..<levels {
                // An array's header (type 11): its size in the high four bits, or in the
                // next one or two bytes (size codes 12 and 13), big-endian.
                let size = bytes.count
                let header: [UInt8] =
                    size <= 11
                    ? [UInt8(size) << 4 | 0x0B]
                    : size <= 0xFF ? [0xCB, UInt8(size)] : [0xDB, UInt8(size >> 8), UInt8(size & 0xFF)]
                bytes = header + bytes
            }
            return bytes
        }
        let deepest = try nested(1001).withUnsafeBytes { try SQLiteJSONB.json(fromJSONB: $0) }
        #expect(
            String(decoding: deepest, as: UTF8.self) == String(repeating: "[", count: 1001)
                + String(repeating: "]", count: 1001))
        let tooDeep = #expect(throws: SQLiteJSONBError.self) {
            try nested(1002).withUnsafeBytes { try SQLiteJSONB.json(fromJSONB: $0) }
        }
        #expect(tooDeep?.reason == "nested deeper than 1000 levels")
        var deepText = String(repeating: "[", count: 1001) + String(repeating: "]", count: 1001)
        #expect(try deepText.withUTF8 { try SQLiteJSONB.jsonb(fromJSON: UnsafeRawBufferPointer($0)) } == nested(1001))
        var tooDeepText = String(repeating: "[", count: 1002) + String(repeating: "]", count: 1002)
        let tooDeepWrite = #expect(throws: SQLiteJSONBError.self) {
            try tooDeepText.withUTF8 { try SQLiteJSONB.jsonb(fromJSON: UnsafeRawBufferPointer($0)) }
        }
        #expect(tooDeepWrite?.reason == "nested deeper than 1000 levels")
        // A JSONB column holding bytes that are not JSONB: the column's typed error.
        let database = try Database.inMemory()
        try database.write { db in
            try db.execute(#"CREATE TABLE "binaryAccounts" ("id" INTEGER PRIMARY KEY, "settings" BLOB NOT NULL)"#)
            try db.execute(#"INSERT INTO "binaryAccounts" VALUES (1, X'0D')"#)
        }
        let error = #expect(throws: SQLDecodingError.self) {
            try database.read { db in try BinaryAccount.find(1).fetchOne(db) }
        }
        #expect(error?.reason == .invalidValue("not SQLite's JSONB at byte 1: a reserved element type 13"))
    }

    /// JSONB that another program (SQLite 3.45 or later) wrote reads on any SQLite: Codd
    /// decodes it, no SQLite function is involved.
    @Test func readsJSONBOnAnySQLite() throws {
        let database = try Database.inMemory()
        var text = try JSONDocumentEncoder().encode(JSONPathTests.alice)
        let jsonb = try text.withUTF8 { try SQLiteJSONB.jsonb(fromJSON: UnsafeRawBufferPointer($0)) }
        try database.write { db in
            try db.execute(#"CREATE TABLE "binaryAccounts" ("id" INTEGER PRIMARY KEY, "settings" BLOB NOT NULL)"#)
            try db.execute(#"INSERT INTO "binaryAccounts" VALUES (1, ?)"#, Data(jsonb))
        }
        let account = try database.read { db in try BinaryAccount.find(1).fetchOne(db) }
        #expect(account?.settings == JSONPathTests.alice)
    }

    /// On SQLite 3.45 and later a JSONB column stores, queries and changes; before, every
    /// use is `SQLUnsupportedFeatureError` naming both versions, and nothing runs.
    @Test func jsonbColumnsNeedSQLite345() throws {
        let database = try Database.inMemory()
        try database.write { db in
            try db.execute(#"CREATE TABLE "binaryAccounts" ("id" INTEGER PRIMARY KEY, "settings" BLOB NOT NULL)"#)
        }
        let insert = BinaryAccount.insert { BinaryAccount(id: 1, settings: JSONPathTests.alice) }
        // docs/Codecs.md, JSONB:
        let dark = BinaryAccount.where { $0.settings.theme == "dark" }.select(\.id)
        // SELECT "id" FROM "binaryAccounts" WHERE (("settings" ->> '$.theme') = ?)
        let change = BinaryAccount.find(1).update { $0.settings.set(\.theme, to: "light") }
        // UPDATE "binaryAccounts" SET "settings" = jsonb(json_set("settings", '$.theme', json(?))) WHERE ("id" = ?)
        #expect(try dark.fragment.sql == #"SELECT "id" FROM "binaryAccounts" WHERE (("settings" ->> '$.theme') = ?)"#)
        #expect(try dark.fragment.requirement == .jsonb)
        #expect(try insert.fragment.requirement == .jsonb)
        #expect(
            try change.fragment.sql
                == #"UPDATE "binaryAccounts" SET "settings" = jsonb(json_set("settings", '$.theme', json(?))) WHERE ("id" = ?)"#
        )
        #expect(try change.fragment.requirement == .jsonb)
        let tagged = BinaryAccount.where { $0.settings.tags.contains("admin") }.select(\.id)
        let eachTag = BinaryAccount.join(each: { $0.settings.tags }).select { _, tag in tag.value }
        #expect(try eachTag.fragment.requirement == .jsonb)
        let tree = BinaryAccount.join(tree: { $0.settings }, as: String.self).where { _, node in node.type == "text" }
            .select { _, node in node.fullkey }
        #expect(try tree.fragment.requirement == .jsonb)
        let byFontSize = BinaryAccount.order { $0.settings.fontSize.desc() }.select(\.id)
        #expect(try byFontSize.fragment.requirement == .jsonb)
        // Reading the column whole needs no SQLite function: no requirement.
        #expect(try BinaryAccount.all.fragment.requirement == nil)

        if SQLiteVersion.runtime >= SQLiteVersion(3, 45) {
            try database.write { db in try insert.execute(db) }
            #expect(try database.read { db in try dark.fetchAll(db) } == [1])
            #expect(try database.read { db in try tagged.fetchAll(db) } == [1])
            #expect(try database.read { db in try eachTag.fetchAll(db) } == ["admin", "urgent"])
            #expect(try database.read { db in try tree.fetchAll(db) }.contains("$.profile.city"))
            #expect(try database.read { db in try byFontSize.fetchAll(db) } == [1])
            try database.write { db in try change.execute(db) }
            let stored = try database.read { db in
                try db.fetchOne(String.self, #"SELECT typeof("settings") FROM "binaryAccounts""#)
            }
            #expect(stored == "blob")
            #expect(try database.read { db in try BinaryAccount.find(1).fetchOne(db) }?.settings.theme == "light")
        } else {
            let running = SQLiteVersion.runtime
            for statement in [
                { try database.write { db in try insert.execute(db) } },
                { _ = try database.read { db in try dark.fetchAll(db) } },
                { _ = try database.read { db in try tagged.fetchAll(db) } },
                { try database.write { db in try change.execute(db) } },
                { _ = try database.read { db in try eachTag.fetchAll(db) } },
                { _ = try database.read { db in try tree.fetchAll(db) } },
                { _ = try database.read { db in try byFontSize.fetchAll(db) } },
            ] {
                let error = #expect(throws: SQLUnsupportedFeatureError.self) { try statement() }
                #expect(
                    error?.description.hasPrefix(
                        "JSONB (SQLite's binary JSON) needs SQLite 3.45; this is SQLite \(running)") == true)
            }
            // Raw SQL binding a JSONB value: the same error, from the binding.
            let raw = #expect(throws: SQLUnsupportedFeatureError.self) {
                try database.write { db in
                    try db.execute(
                        #"INSERT INTO "binaryAccounts" VALUES (1, ?)"#,
                        AccountSettings.JSONBRepresentation(represented: JSONPathTests.alice))
                }
            }
            #expect(raw?.requirement == .jsonb)
            #expect(
                try database.read { db in try db.fetchOne(Int.self, #"SELECT count(*) FROM "binaryAccounts""#) } == 0)
        }
    }
}
