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
                SELECT json_quote(max(("settings" ->> '$.profile.balance') COLLATE "codd_decimal")), \
                json_quote(min(("settings" ->> '$.profile.balance') COLLATE "codd_decimal")), \
                json_quote(max("settings" ->> '$.font_size')) FROM "accounts"
                """)
        let texts = Account.select {
            ($0.settings.theme.min(), $0.settings.profile.birthday.max(), $0.settings.nickname.max())
        }
        #expect(
            try texts.fragment.sql == """
                SELECT json_quote(min("settings" ->> '$.theme')), json_quote(max("settings" ->> '$.profile.birthday')), \
                json_quote(max("settings" ->> '$.nickname')) FROM "accounts"
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

    /// A document whose dates are numbers (its options), a filter, and a group with no row.
    @Test func numericMembersFiltersAndEmptyGroups() throws {
        let database = try JSONPathTests.database()
        let latest = EpochAccount.select { $0.settings.profile.birthday.max() }
        #expect(
            try latest.fragment.sql
                == #"SELECT json_quote(max("settings" ->> '$.profile.birthday')) FROM "epochAccounts""#)
        #expect(try database.read { db in try latest.fetchOne(db) } == JSONPathTests.bob.profile.birthday)

        let filtered = Account.select { $0.settings.fontSize.max(filter: $0.settings.theme.eq("light")) }
        #expect(try database.read { db in try filtered.fetchOne(db) } == 9)

        let none = Account.where { $0.id.eq(99) }.select { $0.settings.profile.balance.max() }
        #expect(try database.read { db in try none.fetchOne(db) } == .some(nil))
    }
}
