#if PostgreSQL
import Codd
import CoddPostgres
import Foundation
import Testing

@Table("pgLedger")
struct LedgerEntry: Equatable {
    let id: Int
    var amount: Decimal
}

@JSONPaths
struct PGProfile: Codable, Equatable, Sendable {
    var birthday: Date
    var id: UUID
    var balance: Decimal
    var city: String?
}

@JSONPaths
struct PGSettings: Codable, Equatable, Sendable {
    var theme: String
    var fontSize: Int
    var profile: PGProfile
    var tags: [String]
}

@Table("pgAccounts")
struct PGAccount: Equatable {
    let id: Int
    @Column(as: PGSettings.JSONRepresentation.self) var settings: PGSettings
}

/// Issue #29 on a real PostgreSQL server: Decimal as `numeric`, JSON paths as `->` / `->>`
/// on `jsonb` cast to each member's type, `contains` as `@>`, partial updates as
/// `jsonb_set` / `#-`, and what PostgreSQL lacks refused before anything runs.
extension PostgreSQLTests {
    @Suite("Codec depth") struct CodecDepthCases {
        static func decimal(_ text: String) -> Decimal {
            Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? .nan
        }

        @Test func decimalsAreNumeric() async throws {
            let values = [
                "100", "9", "10", "-0.5", "0", "1.10", "12345678901234567890123456789012345678",
                "-0.00000000000000000000000000000000000001",
            ]
            func check(_ database: PGDatabase) async throws {
                try await database.write { db in
                    try await db.execute(#"DROP TABLE IF EXISTS "pgLedger""#)
                    try await db.execute(
                        #"CREATE TABLE "pgLedger" ("id" bigint PRIMARY KEY, "amount" numeric NOT NULL)"#)
                    try await LedgerEntry.insert(
                        values.enumerated().map { LedgerEntry(id: $0.offset, amount: Self.decimal($0.element)) }
                    ).execute(db)
                }
                let ordered = LedgerEntry.order(by: \.amount).select(\.amount)
                #expect(
                    try ordered.fragment(mode: .parameters, dialect: .postgreSQL).sql
                        == #"SELECT "amount" FROM "pgLedger" ORDER BY "amount""#)
                let amounts = try await database.read { db in try await ordered.fetchAll(db) }
                #expect(amounts == values.map(Self.decimal).sorted())
                let small = LedgerEntry.where { $0.amount < Self.decimal("10") }.order(by: \.id).select(\.id)
                #expect(
                    try small.fragment(mode: .parameters, dialect: .postgreSQL).sql
                        == #"SELECT "id" FROM "pgLedger" WHERE ("amount" < $1::numeric) ORDER BY "id""#)
                #expect(try await database.read { db in try await small.fetchAll(db) } == [1, 3, 4, 5, 7])
                let equal = LedgerEntry.where { $0.amount == Self.decimal("1.1") }.select(\.id)
                #expect(try await database.read { db in try await equal.fetchAll(db) } == [5])
                // Exact arithmetic on the server, read back exactly.
                let sum = try await database.read { db in
                    try await db.fetchOne(Decimal.self, #"SELECT sum("amount") FROM "pgLedger" WHERE "id" < 6"#)
                }
                #expect(sum == Self.decimal("119.6"))
                // More digits than Decimal holds: refused, never rounded.
                let error = await #expect(throws: SQLDecodingError.self) {
                    try await database.read { db in
                        try await db.fetchOne(
                            Decimal.self, "SELECT 1.00000000000000000000000000000000000000001::numeric")
                    }
                }
                #expect(
                    error?.reason
                        == .invalidValue("more significant digits than Decimal holds (38): reading it would round"))
                // PostgreSQL's binary numeric both ways, for every scale and weight: values of
                // 1 to 38 digits, from 10^-60 to 10^60, read back as bound and ordered as Swift orders them.
                var samples: [Decimal] = []
                for exponent in stride(from: -60, through: 60, by: 7) {
                    for digits in [
                        "1", "10001", "123456789", "99999999999999999999", "12345678901234567890123456789012345678",
                    ] {
                        samples.append(Self.decimal("\(digits)e\(exponent)"))
                        samples.append(Self.decimal("-\(digits)e\(exponent)"))
                    }
                }
                try await database.write { db in
                    try await db.execute(#"DELETE FROM "pgLedger""#)
                    try await LedgerEntry.insert(
                        samples.enumerated().map { LedgerEntry(id: $0.offset, amount: $0.element) }
                    ).execute(db)
                }
                let back = try await database.read { db in
                    try await LedgerEntry.order(by: \.id).select(\.amount).fetchAll(db)
                }
                #expect(back == samples)
                #expect(try await database.read { db in try await ordered.fetchAll(db) } == samples.sorted())
                let nan = await #expect(throws: SQLDecodingError.self) {
                    try await database.read { db in try await db.fetchOne(Decimal.self, "SELECT 'NaN'::numeric") }
                }
                #expect(nan != nil)
            }
            try await PGTestServer.withDatabase(check)
        }

        static let alice = PGSettings(
            theme: "dark", fontSize: 14,
            profile: PGProfile(
                birthday: date(631_152_000_000), id: UUID(uuidString: "0D6C9B4C-1A2B-4C3D-8E9F-0A1B2C3D4E5F")!,
                balance: decimal("10.50"), city: "Paris"),
            tags: ["admin", "urgent"]
        )
        static let bob = PGSettings(
            theme: "light", fontSize: 9,
            profile: PGProfile(
                birthday: date(946_684_800_000), id: UUID(uuidString: "00000000-0000-4000-8000-000000000002")!,
                balance: decimal("9.75"), city: nil),
            tags: []
        )

        static func accounts(_ db: PGConnection) async throws {
            try await db.execute(#"DROP TABLE IF EXISTS "pgAccounts""#)
            try await db.execute(#"CREATE TABLE "pgAccounts" ("id" bigint PRIMARY KEY, "settings" jsonb NOT NULL)"#)
            try await PGAccount.insert([PGAccount(id: 1, settings: alice), PGAccount(id: 2, settings: bob)]).execute(db)
        }

        @Test func jsonPathsOnJSONB() async throws {
            func check(_ database: PGDatabase) async throws {
                try await database.write { db in try await Self.accounts(db) }
                func ids(_ query: some SQLSelectStatement<Int>) async throws -> [Int] {
                    try await database.read { db in try await query.fetchAll(db) }
                }
                let dark = PGAccount.where { $0.settings.theme == "dark" }.select(\.id)
                #expect(
                    try dark.fragment(mode: .parameters, dialect: .postgreSQL).sql
                        == #"SELECT "id" FROM "pgAccounts" WHERE (("settings" ->> 'theme') = $1)"#)
                #expect(try await ids(dark) == [1])
                let large = PGAccount.where { $0.settings.fontSize > 10 }.select(\.id)
                #expect(
                    try large.fragment(mode: .parameters, dialect: .postgreSQL).sql
                        == #"SELECT "id" FROM "pgAccounts" WHERE ((("settings" ->> 'fontSize')::bigint) > $1)"#)
                #expect(try await ids(large) == [1])
                let young = PGAccount.where { $0.settings.profile.birthday > date(900_000_000_000) }.select(\.id)
                #expect(
                    try young.fragment(mode: .parameters, dialect: .postgreSQL).sql == """
                        SELECT "id" FROM "pgAccounts" WHERE (("settings" -> 'profile' ->> 'birthday')::timestamptz > $1::timestamptz)
                        """)
                #expect(try await ids(young) == [2])
                let rich = PGAccount.where { $0.settings.profile.balance > Decimal(10) }.select(\.id)
                #expect(try await ids(rich) == [1])
                #expect(
                    try await ids(PGAccount.where { $0.settings.profile.id == Self.bob.profile.id }.select(\.id)) == [2]
                )
                #expect(try await ids(PGAccount.where { $0.settings.profile.city == nil }.select(\.id)) == [2])
                let ordered = PGAccount.order { $0.settings.profile.balance.desc() }.select(\.id)
                #expect(try await ids(ordered) == [1, 2])
                // min and max of members, each in its own type, read back as the member.
                let extremes = PGAccount.select {
                    ($0.settings.profile.balance.max(), $0.settings.profile.birthday.min(), $0.settings.theme.max())
                }
                #expect(
                    try extremes.fragment(mode: .parameters, dialect: .postgreSQL).sql == """
                        SELECT to_jsonb(max(("settings" -> 'profile' ->> 'balance')::numeric)), \
                        to_jsonb(min(("settings" -> 'profile' ->> 'birthday')::timestamptz)), \
                        to_jsonb(max("settings" ->> 'theme')) FROM "pgAccounts"
                        """)
                let extreme = try await database.read { db in try await extremes.fetchOne(db) }
                #expect(extreme?.0 == Self.decimal("10.5"))
                #expect(extreme?.1 == Self.alice.profile.birthday)
                #expect(extreme?.2 == "light")
                let selected = try await database.read { db in
                    try await PGAccount.order(by: \.id).select { ($0.settings.theme, $0.settings.profile) }.fetchAll(db)
                }
                #expect(selected.map(\.0) == ["dark", "light"])
                #expect(selected.map(\.1) == [Self.alice.profile, Self.bob.profile])
                let admins = PGAccount.where { $0.settings.tags.contains("admin") }.select(\.id)
                #expect(
                    try admins.fragment(mode: .parameters, dialect: .postgreSQL).sql
                        == #"SELECT "id" FROM "pgAccounts" WHERE (("settings" -> 'tags') @> $1::jsonb)"#)
                #expect(try await ids(admins) == [1])
            }
            try await PGTestServer.withDatabase(check)
        }

        @Test func partialUpdatesOnJSONB() async throws {
            func check(_ database: PGDatabase) async throws {
                try await database.write { db in try await Self.accounts(db) }
                let update = PGAccount.find(2).update {
                    $0.settings.set(\.theme, to: "sepia")
                    $0.settings.set(\.profile.city, to: "Oslo")
                }
                #expect(
                    try update.fragment(mode: .parameters, dialect: .postgreSQL).sql == """
                        UPDATE "pgAccounts" SET "settings" = jsonb_set(jsonb_set("settings", '{"theme"}', $1::jsonb, true), '{"profile","city"}', $2::jsonb, true) WHERE ("id" = $3)
                        """)
                try await database.write { db in
                    try await update.execute(db)
                    try await PGAccount.update { $0.settings.replace(\.profile.city, with: "Rome") }.execute(db)
                    try await PGAccount.find(1).update { $0.settings.remove(\.profile.city) }.execute(db)
                    try await PGAccount.find(1).update { $0.settings.insert(\.profile.city, "Lyon") }.execute(db)
                    try await PGAccount.find(1).update { $0.settings.insert(\.theme, "ignored") }.execute(db)
                }
                let rows = try await database.read { db in try await PGAccount.order(by: \.id).fetchAll(db) }
                #expect(rows.map(\.settings.profile.city) == ["Lyon", "Rome"])
                #expect(rows.map(\.settings.theme) == ["dark", "sepia"])
                // What PostgreSQL has no equivalent for is refused before anything runs.
                let patch = PGAccount.update { $0.settings.patch(with: ["theme": "x"]) }
                #expect(throws: SQLDialectError.self) { try patch.fragment(mode: .parameters, dialect: .postgreSQL) }
                let each = PGAccount.join(each: { $0.settings.tags }).select { _, tag in tag.value }
                #expect(throws: SQLDialectError.self) { try each.fragment(mode: .parameters, dialect: .postgreSQL) }
                let collated = PGAccount.order {
                    $0.settings.theme.stored.collate(SQLCollation("test_pg", comparingUTF8: { _, _ in 0 }))
                }
                let error = await #expect(throws: SQLDialectError.self) {
                    try await database.read { db in try await collated.fetchAll(db) }
                }
                #expect(error?.feature.contains("test_pg") == true)
            }
            try await PGTestServer.withDatabase(check)
        }

        /// A `JSONBRepresentation` column is `jsonb` on PostgreSQL, as a `JSONRepresentation`
        /// is: bound as the document's text, paths and changes in PostgreSQL's operators,
        /// no SQLite version noted.
        @Test func jsonbRepresentationIsJSONB() async throws {
            func check(_ database: PGDatabase) async throws {
                try await database.write { db in
                    try await db.execute(#"DROP TABLE IF EXISTS "pgBinaryAccounts""#)
                    try await db.execute(
                        #"CREATE TABLE "pgBinaryAccounts" ("id" bigint PRIMARY KEY, "settings" jsonb NOT NULL)"#)
                    try await PGBinaryAccount.insert([
                        PGBinaryAccount(id: 1, settings: Self.alice), PGBinaryAccount(id: 2, settings: Self.bob),
                    ]).execute(db)
                }
                let dark = PGBinaryAccount.where { $0.settings.theme == "dark" }.select(\.id)
                let rendered = try dark.fragment(mode: .parameters, dialect: .postgreSQL)
                #expect(rendered.sql == #"SELECT "id" FROM "pgBinaryAccounts" WHERE (("settings" ->> 'theme') = $1)"#)
                #expect(rendered.requirement == nil)
                #expect(try await database.read { db in try await dark.fetchAll(db) } == [1])
                try await database.write { db in
                    try await PGBinaryAccount.find(2).update { $0.settings.set(\.theme, to: "sepia") }.execute(db)
                }
                let rows = try await database.read { db in try await PGBinaryAccount.order(by: \.id).fetchAll(db) }
                #expect(
                    rows.map(\.settings) == [
                        Self.alice,
                        PGSettings(
                            theme: "sepia", fontSize: Self.bob.fontSize, profile: Self.bob.profile, tags: Self.bob.tags),
                    ])
            }
            try await PGTestServer.withDatabase(check)
        }
    }
}

@Table("pgBinaryAccounts")
struct PGBinaryAccount: Equatable {
    let id: Int
    @Column(as: PGSettings.JSONBRepresentation.self) var settings: PGSettings
}
#endif
