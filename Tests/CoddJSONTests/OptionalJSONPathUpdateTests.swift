import Codd
import Foundation
import Testing

@Table("optionalAccounts")
struct OptionalAccount: Equatable {
    let id: Int
    @Column(as: AccountSettings.JSONRepresentation.self) var settings: AccountSettings?
    @Column(as: [String].JSONRepresentation.self) var tags: [String]?
}

@Table("binaryTagLists")
struct BinaryTagList: Equatable {
    let id: Int
    @Column(as: [String].JSONBRepresentation.self) var tags: [String]
    @Column(as: [String].JSONBRepresentation.self) var extra: [String]?
}

/// Partial changes of an optional JSON column, as of a non-optional one: the same SQL, the
/// document changed where there is one, NULL left NULL (`json_set(NULL, …)` is NULL).
/// (They did not compile: the changes were declared for non-optional document columns only.)
@Suite("JSON partial updates of an optional column")
struct OptionalJSONPathUpdateTests {
    static func database() throws -> Database {
        let database = try Database.inMemory()
        try database.write { db in
            try db.execute(#"CREATE TABLE "optionalAccounts" ("id" INTEGER PRIMARY KEY, "settings" TEXT, "tags" TEXT)"#)
            try OptionalAccount.insert([
                OptionalAccount(id: 1, settings: JSONPathTests.alice, tags: ["a"]),
                OptionalAccount(id: 2, settings: nil, tags: nil),
            ]).execute(db)
        }
        return database
    }

    @Test func changesApplyWhereThereIsADocumentAndLeaveNull() throws {
        let database = try Self.database()
        let query = OptionalAccount.update {
            $0.settings.set(\.theme, to: "it's -- 😀")
            $0.settings.remove(\.nickname)
            $0.tags.append("b")
        }
        #expect(
            try query.fragment.sql == """
                UPDATE "optionalAccounts" SET "settings" = json_remove(json_set("settings", '$.theme', json(?)), '$.nickname'), \
                "tags" = json_insert("tags", '$[#]', json(?))
                """)
        #expect(try query.fragment.bindings == [.text(#""it's -- 😀""#), .text(#""b""#)])
        try database.write { db in try query.execute(db) }
        let rows = try database.read { db in try OptionalAccount.order(by: \.id).fetchAll(db) }
        var expected = JSONPathTests.alice
        expected.theme = "it's -- 😀"
        expected.nickname = nil
        #expect(
            rows == [
                OptionalAccount(id: 1, settings: expected, tags: ["a", "b"]),
                OptionalAccount(id: 2, settings: nil, tags: nil),
            ])

        try database.write { db in
            try OptionalAccount.update {
                $0.settings.insert(\.nickname, "new")
                $0.settings.replace(\.fontSize, with: 20)
            }.execute(db)
            try OptionalAccount.update { $0.settings.patch(with: ["theme": "light"]) }.execute(db)
        }
        let settings = try database.read { db in try OptionalAccount.order(by: \.id).fetchAll(db).map(\.settings) }
        #expect(settings[0]?.nickname == "new")
        #expect(settings[0]?.fontSize == 20)
        #expect(settings[0]?.theme == "light")
        #expect(settings[1] == nil)
    }

    /// The document's paths read and compare on the optional column: NULL where it is.
    @Test func pathsReadOnTheOptionalColumn() throws {
        let database = try Self.database()
        let query = OptionalAccount.where { $0.settings.theme.eq("dark") }.select(\.id)
        #expect(
            try query.fragment.sql == #"SELECT "id" FROM "optionalAccounts" WHERE (("settings" ->> '$.theme') = ?)"#)
        #expect(try database.read { db in try query.fetchAll(db) } == [1])
        // `is(nil)` and `isNot(nil)`, as on a column: a NULL document, or a missing member.
        let noNickname = OptionalAccount.where { $0.settings.nickname.is(nil) }.select(\.id)
        #expect(
            try noNickname.fragment.sql
                == #"SELECT "id" FROM "optionalAccounts" WHERE (("settings" ->> '$.nickname') IS NULL)"#)
        #expect(try database.read { db in try noNickname.fetchAll(db) } == [2])
        let nickname = OptionalAccount.where { $0.settings.nickname.isNot(nil) }.select(\.id)
        #expect(try database.read { db in try nickname.fetchAll(db) } == [1])
        let first = OptionalAccount.order(by: \.id).select { $0.tags.json[0] }
        #expect(try database.read { db in try first.fetchAll(db) } == ["a", nil])
    }

    /// `join(each:)` and `leftJoin(each:)` take an optional JSON array column as they take a
    /// non-optional one (they did not compile): a NULL document has no elements, so the inner
    /// join leaves its row out and the left join keeps it with NULL element columns.
    @Test func eachElementOfAnOptionalArrayColumn() throws {
        let database = try Self.database()
        try database.write { db in
            try OptionalAccount.insert([OptionalAccount(id: 3, settings: nil, tags: ["it's", "--", "😀"])]).execute(db)
        }
        let inner = OptionalAccount.join(each: { $0.tags }).order { account, tag in (account.id, tag.id) }
            .select { account, tag in (account.id, tag.value) }
        #expect(
            try inner.fragment.sql == """
                SELECT "optionalAccounts"."id", json_quote("json_each"."value") FROM "optionalAccounts" \
                JOIN json_each("optionalAccounts"."tags") ORDER BY "optionalAccounts"."id", "json_each"."id"
                """)
        let innerRows = try database.read { db in try inner.fetchAll(db) }
        #expect(innerRows.map(\.0) == [1, 3, 3, 3])
        #expect(innerRows.map(\.1) == ["a", "it's", "--", "😀"])

        let outer = OptionalAccount.leftJoin(each: { $0.tags }).order { account, tag in (account.id, tag.id) }
            .select { account, tag in (account.id, tag.value) }
        #expect(
            try outer.fragment.sql == """
                SELECT "optionalAccounts"."id", json_quote("json_each"."value") FROM "optionalAccounts" \
                LEFT JOIN json_each("optionalAccounts"."tags") ON 1 ORDER BY "optionalAccounts"."id", "json_each"."id"
                """)
        let outerRows = try database.read { db in try outer.fetchAll(db) }
        #expect(outerRows.map(\.0) == [1, 2, 3, 3, 3])
        #expect(outerRows.map(\.1) == ["a", nil, "it's", "--", "😀"])

        // Aggregated per account, the missing element filtered out by its presence.
        let grouped = OptionalAccount.leftJoin(each: { $0.tags }).group { account, _ in account.id }
            .order { account, _ in account.id }
            .select { account, tag in (account.id, tag.value.jsonGroupArray(filter: tag.id.isNot(nil))) }
        let groupedRows = try database.read { db in try grouped.fetchAll(db) }
        #expect(groupedRows.map(\.0) == [1, 2, 3])
        #expect(groupedRows.map { $0.1.count } == [1, 0, 3])
    }

    /// `join(each:)` and `leftJoin(each:)` take a JSONB array column, optional or not: the
    /// same SQL, noting SQLite 3.45; on an older SQLite the statement is refused before it runs.
    @Test func eachElementOfAJSONBArrayColumn() throws {
        let inner = BinaryTagList.join(each: { $0.tags }).select { list, tag in (list.id, tag.value) }
        let outer = BinaryTagList.leftJoin(each: { $0.extra }).select { list, tag in (list.id, tag.value) }
        #expect(
            try inner.fragment.sql
                == #"SELECT "binaryTagLists"."id", json_quote("json_each"."value") FROM "binaryTagLists" JOIN json_each("binaryTagLists"."tags")"#
        )
        #expect(
            try outer.fragment.sql
                == #"SELECT "binaryTagLists"."id", json_quote("json_each"."value") FROM "binaryTagLists" LEFT JOIN json_each("binaryTagLists"."extra") ON 1"#
        )
        #expect(try inner.fragment.requirement == .jsonb)
        #expect(try outer.fragment.requirement == .jsonb)
        let database = try Database.inMemory()
        try database.write { db in
            try db.execute(#"CREATE TABLE "binaryTagLists" ("id" INTEGER PRIMARY KEY, "tags" BLOB, "extra" BLOB)"#)
        }
        if SQLiteVersion.runtime >= SQLiteVersion(3, 45) {
            try database.write { db in
                try BinaryTagList.insert([
                    BinaryTagList(id: 1, tags: ["it's", "😀"], extra: nil), BinaryTagList(id: 2, tags: [], extra: ["x"]),
                ]).execute(db)
            }
            let innerRows = try database.read { db in try inner.fetchAll(db) }
            #expect(innerRows.map(\.0) == [1, 1])
            #expect(innerRows.map(\.1) == ["it's", "😀"])
            let outerRows = try database.read { db in try outer.fetchAll(db) }
            #expect(outerRows.map(\.0) == [1, 2])
            #expect(outerRows.map(\.1) == [nil, "x"])
        } else {
            #expect(throws: SQLUnsupportedFeatureError.self) { try database.read { db in try inner.fetchAll(db) } }
            #expect(throws: SQLUnsupportedFeatureError.self) { try database.read { db in try outer.fetchAll(db) } }
        }
    }
}
