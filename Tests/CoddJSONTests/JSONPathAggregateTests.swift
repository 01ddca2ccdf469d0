import Codd
import Foundation
import Testing

/// `min` and `max` of a document's members over a group: the SQL exactly, and each member
/// picked in its own order (a `Decimal` as a number, where text order would pick '9.75'
/// over '10.5'), read back with the document's options. (`max()` on a path did not
/// compile: `.max` was taken for a member named "max".)
@Suite("JSON path aggregates")
struct JSONPathAggregateTests {
    @Test func minAndMaxPickInTheMembersOrder() throws {
        let database = try JSONPathTests.database()
        let numbers = Account.select {
            ($0.settings.profile.balance.max(), $0.settings.profile.balance.min(), $0.settings.fontSize.max())
        }
        #expect(
            try numbers.fragment.sql == """
                SELECT iif(max(("settings" ->> '$.profile.balance') COLLATE "codd_decimal") IS NULL, NULL, json_quote(max(("settings" ->> '$.profile.balance') COLLATE "codd_decimal"))), \
                iif(min(("settings" ->> '$.profile.balance') COLLATE "codd_decimal") IS NULL, NULL, json_quote(min(("settings" ->> '$.profile.balance') COLLATE "codd_decimal"))), \
                iif(max("settings" ->> '$.font_size') IS NULL, NULL, json_quote(max("settings" ->> '$.font_size'))) FROM "accounts"
                """)
        let texts = Account.select {
            ($0.settings.theme.min(), $0.settings.profile.birthday.max(), $0.settings.nickname.max())
        }
        #expect(
            try texts.fragment.sql == """
                SELECT iif(min("settings" ->> '$.theme') IS NULL, NULL, json_quote(min("settings" ->> '$.theme'))), \
                iif(strftime('%Y-%m-%d %H:%M:%f', max(julianday("settings" ->> '$.profile.birthday'))) IS NULL, NULL, \
                json_quote(strftime('%Y-%m-%d %H:%M:%f', max(julianday("settings" ->> '$.profile.birthday'))))), \
                iif(max("settings" ->> '$.nickname') IS NULL, NULL, json_quote(max("settings" ->> '$.nickname'))) FROM "accounts"
                """)
        let (alice, bob) = (JSONPathTests.alice, JSONPathTests.bob)
        let number = try #require(database.read { db in try numbers.fetchOne(db) })
        #expect(number.0 == Swift.max(alice.profile.balance, bob.profile.balance))
        #expect(number.0 == Decimal(string: "10.5"))
        #expect(number.1 == Decimal(string: "9.75"))
        #expect(number.2 == 14)
        let text = try #require(database.read { db in try texts.fetchOne(db) })
        #expect(text.0 == "dark")
        #expect(text.1 == bob.profile.birthday)
        #expect(text.2 == "Al")
    }

    /// A `Double` member keeps all its digits (`json_quote` prints 15: 0.30000000000000004
    /// would read 0.3), and a group with none is NULL in SQL, as on PostgreSQL.
    @Test func aREALMemberKeepsItsDigits() throws {
        let database = try Database.inMemory()
        try database.write { db in
            try db.execute(#"CREATE TABLE "readings" ("id" INTEGER PRIMARY KEY, "sample" TEXT NOT NULL)"#)
            try Reading.insert([
                Reading(id: 1, sample: Sample(value: 0.1 + 0.2)), Reading(id: 2, sample: Sample(value: -1.5e-300)),
            ]).execute(db)
        }
        let query = Reading.select { ($0.sample.value.max(), $0.sample.value.min()) }
        #expect(
            try query.fragment.sql == """
                SELECT iif(max("sample" ->> '$.value') IS NULL, NULL, \
                iif(abs(max("sample" ->> '$.value')) < 9e999, json(printf('%!.18g', max("sample" ->> '$.value'))), \
                printf('%!.18g', max("sample" ->> '$.value')))), \
                iif(min("sample" ->> '$.value') IS NULL, NULL, \
                iif(abs(min("sample" ->> '$.value')) < 9e999, json(printf('%!.18g', min("sample" ->> '$.value'))), \
                printf('%!.18g', min("sample" ->> '$.value')))) FROM "readings"
                """)
        let extremes = try #require(database.read { db in try query.fetchOne(db) })
        #expect(extremes.0 == 0.1 + 0.2)
        #expect(extremes.1 == -1.5e-300)
        // No row: SQL NULL, not the JSON text 'null'.
        let none = Reading.where { $0.id.eq(9) }.select { $0.sample.value.max() }
        let raw = try database.read { db in try db.fetchAll(String?.self, SQLFragment(sql: none.description)) }
        #expect(raw == [nil])
        #expect(try database.read { db in try none.fetchOne(db) } == .some(nil))
    }

    /// A document whose dates are numbers (its options), a filter, and a group with no row.
    @Test func numericMembersFiltersAndEmptyGroups() throws {
        let database = try JSONPathTests.database()
        let latest = EpochAccount.select { $0.settings.profile.birthday.max() }
        #expect(
            try latest.fragment.sql
                == #"SELECT iif(max("settings" ->> '$.profile.birthday') IS NULL, NULL, json_quote(max("settings" ->> '$.profile.birthday'))) FROM "epochAccounts""#
        )
        #expect(try database.read { db in try latest.fetchOne(db) } == JSONPathTests.bob.profile.birthday)

        let filtered = Account.select { $0.settings.fontSize.max(filter: $0.settings.theme.eq("light")) }
        #expect(try database.read { db in try filtered.fetchOne(db) } == 9)

        let none = Account.where { $0.id.eq(99) }.select { $0.settings.profile.balance.max() }
        #expect(try database.read { db in try none.fetchOne(db) } == .some(nil))
    }
}

@JSONPaths
struct Sample: Codable, Equatable, Sendable {
    var value: Double
}

@Table("readings")
struct Reading: Equatable {
    let id: Int
    @Column(as: Sample.JSONRepresentation.self) var sample: Sample
}
