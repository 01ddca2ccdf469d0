import Codd
import CoddTesting
import CoddDocSupport
import Foundation
import Testing

/// The Decimal codec against a real SQLite: what it stores, how columns compare and order
/// through the `codd_decimal` collation, and what it refuses.
@Suite("Decimal: columns")
struct DecimalColumnTests {
    static func database() throws -> Database {
        let database = try Database.inMemory()
        try database.write { db in
            try db.execute(
                #"CREATE TABLE "invoices" ("id" INTEGER PRIMARY KEY, "amount" TEXT NOT NULL, "discount" TEXT)"#)
        }
        return database
    }

    static func d(_ text: String) -> Decimal {
        Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? .nan
    }

    /// Text that is not a decimal number, written by other software, where it is compared
    /// and where it is read (docs/Codecs.md): after every number in `>` and `ORDER BY`, the
    /// typed error when read, directly or through `max`; a REAL written into the TEXT column
    /// is stored as text of 15 digits and reads as that decimal.
    @Test func textThatIsNotANumberComparesAfterEveryNumberAndFailsToRead() throws {
        let database = try Self.database()
        try database.write { db in
            try Invoice.insert([
                Invoice(id: 1, amount: Self.d("9"), discount: nil),
                Invoice(id: 2, amount: Self.d("100.5"), discount: nil),
            ]).execute(db)
            try db.execute(#"INSERT INTO "invoices" ("id", "amount") VALUES (3, 'twelve'), (4, 0.1 + 0.2)"#)
        }
        let large = Invoice.where { $0.amount > Self.d("100") }.order(by: \.id).select(\.id)
        #expect(try database.read { db in try large.fetchAll(db) } == [2, 3])
        let ordered = Invoice.order(by: \.amount).select(\.id)
        #expect(try database.read { db in try ordered.fetchAll(db) } == [4, 1, 2, 3])
        let stored = try database.read { db in
            try db.fetchOne(String.self, #"SELECT "amount" FROM "invoices" WHERE "id" = 4"#)
        }
        #expect(stored == "0.3")
        #expect(try database.read { db in try Invoice.find(4).fetchOne(db) }?.amount == Self.d("0.3"))
        let direct = #expect(throws: SQLDecodingError.self) {
            try database.read { db in try Invoice.find(3).fetchOne(db) }
        }
        #expect(direct?.valuePreview == "'twelve'")
        let largest = #expect(throws: SQLDecodingError.self) {
            try database.read { db in try Invoice.select { $0.amount.max() }.fetchOne(db) }
        }
        #expect(largest?.reason == direct?.reason)
    }

    @Test func storesCanonicalText() throws {
        let database = try Self.database()
        try database.write { db in
            try Invoice.insert([
                Invoice(id: 1, amount: Self.d("1.10"), discount: nil),
                Invoice(id: 2, amount: Self.d("-0.050"), discount: Self.d("1e3")),
            ]).execute(db)
        }
        let stored = try database.read { db in
            try db.fetchAll((String, String?).self, #"SELECT "amount", "discount" FROM "invoices" ORDER BY "id""#)
        }
        let amounts: [String] = ["1.1", "-0.05"]
        #expect(stored.map(\.0) == amounts)
        #expect(stored.map(\.1) == [nil, "1000"])
        let back = try database.read { db in try Invoice.order(by: \.id).fetchAll(db) }
        #expect(
            back == [
                Invoice(id: 1, amount: Self.d("1.1"), discount: nil),
                Invoice(id: 2, amount: Self.d("-0.05"), discount: 1000),
            ])
    }

    /// `9 < 10 < 100`, `-0.5 < 0`, `1.10 == 1.1`: in SQL, with the exact SQL asserted.
    @Test func comparesNumerically() throws {
        let database = try Self.database()
        try database.write { db in
            // Raw text, as other software writes it: not canonical.
            for (id, text) in [(1, "100"), (2, "9"), (3, "10"), (4, "-0.5"), (5, "0"), (6, "1.10"), (7, "1.1e0")] {
                try db.execute(#"INSERT INTO "invoices" ("id", "amount") VALUES (?, ?)"#, id, text)
            }
        }
        let ordered = Invoice.order(by: \.amount).select(\.id)
        #expect(try ordered.fragment.sql == #"SELECT "id" FROM "invoices" ORDER BY "amount" COLLATE "codd_decimal""#)
        let ids = try database.read { db in try ordered.fetchAll(db) }
        #expect(ids == [4, 5, 6, 7, 2, 3, 1])  // -0.5, 0, 1.10 = 1.1e0 (ties by rowid), 9, 10, 100

        let below = Invoice.where { $0.amount < Self.d("10") }.order(by: \.id).select(\.id)
        #expect(
            try below.fragment.sql
                == #"SELECT "id" FROM "invoices" WHERE ("amount" COLLATE "codd_decimal" < ? COLLATE "codd_decimal") ORDER BY "id""#
        )
        #expect(try below.fragment.bindings == [.text("10")])
        #expect(try database.read { db in try below.fetchAll(db) } == [2, 4, 5, 6, 7])

        let equal = Invoice.where { $0.amount == Self.d("1.1") }.order(by: \.id).select(\.id)
        #expect(try database.read { db in try equal.fetchAll(db) } == [6, 7])
        let negative = Invoice.where { $0.amount.lt(0) }.select(\.id)
        #expect(try database.read { db in try negative.fetchAll(db) } == [4])
        let between = Invoice.where { $0.amount.between(Self.d("1"), and: Self.d("10")) }.order(by: \.id).select(\.id)
        #expect(try database.read { db in try between.fetchAll(db) } == [2, 3, 6, 7])
        let listed = Invoice.where { $0.amount.in([Self.d("100.00"), Self.d("0")]) }.order(by: \.id).select(\.id)
        #expect(try database.read { db in try listed.fetchAll(db) } == [1, 5])
        // The two rendered forms mean the same.
        #expect(
            try database.read { db in try db.fetchAll(Int.self, SQLFragment(sql: below.description)) } == [
                2, 4, 5, 6, 7,
            ])
    }

    /// `max` and `min` pick by number, not by text ('9' > '100' as text), and return the
    /// stored value.
    @Test func minAndMaxPickByNumber() throws {
        let database = try Self.database()
        try database.write { db in
            try db.execute(
                #"INSERT INTO "invoices" ("id", "amount") VALUES (1, '9'), (2, '100'), (3, '-20'), (4, '-3')"#)
        }
        let query = Invoice.select { ($0.amount.min(), $0.amount.max()) }
        #expect(
            try query.fragment.sql
                == #"SELECT min("amount" COLLATE "codd_decimal"), max("amount" COLLATE "codd_decimal") FROM "invoices""#
        )
        let extremes = try database.read { db in try query.fetchOne(db) }
        #expect(extremes?.0 == -20)
        #expect(extremes?.1 == 100)
    }

    /// The same of an optional column, of a column on the outer side of a `LEFT JOIN` (both
    /// `Decimal?` in SQL), and of the scalar `max(a, b)` and `min(a, b)`: each picks by
    /// number. (Each rendered without the collation before: `max` of 9 and 100 was 9.)
    @Test func optionalOuterJoinedAndScalarMinAndMaxPickByNumber() throws {
        let database = try Self.database()
        try database.write { db in
            try db.execute(#"CREATE TABLE "payers" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL)"#)
            try db.execute(#"INSERT INTO "payers" VALUES (1, 'ann'), (2, 'bob')"#)
            try db.execute(
                #"INSERT INTO "invoices" ("id", "amount", "discount") VALUES (1, '9', '9'), (2, '100', '100'), (3, '-20', NULL), (4, '-3', '-3')"#
            )
        }
        let optional = Invoice.select { ($0.discount.min(), $0.discount.max(), $0.discount.max() ?? 0) }
        #expect(
            try optional.fragment.sql
                == #"SELECT min("discount" COLLATE "codd_decimal"), max("discount" COLLATE "codd_decimal"), coalesce(max("discount" COLLATE "codd_decimal"), ?) FROM "invoices""#
        )
        let optionalExtremes = try #require(try database.read { db in try optional.fetchOne(db) })
        #expect(optionalExtremes.0 == -3)
        #expect(optionalExtremes.1 == 100)
        #expect(optionalExtremes.2 == 100)

        // Each payer with the largest amount of the invoices whose id is its id or more:
        // payer 1 reads all four (100), payer 2 reads 2, 3 and 4 (100), and the outer side
        // is `Decimal?` there.
        let joined = Payer.group(by: \.id).leftJoin(Invoice.all) { $1.id.gte($0.id) }
            .order { payer, _ in payer.id }
            .select { ($0.name, $1.amount.max(), $1.amount.min()) }
        #expect(
            try joined.fragment.sql
                == #"SELECT "payers"."name", max("invoices"."amount" COLLATE "codd_decimal"), min("invoices"."amount" COLLATE "codd_decimal") FROM "payers" LEFT JOIN "invoices" ON "invoices"."id" >= "payers"."id" GROUP BY "payers"."id" ORDER BY "payers"."id""#
        )
        let perPayer = try database.read { db in try joined.fetchAll(db) }
        #expect(perPayer.map(\.0) == ["ann", "bob"])
        #expect(perPayer.map(\.1) == [100, 100])
        #expect(perPayer.map(\.2) == [-20, -20])

        let scalar = Invoice.order(by: \.id).select {
            ($0.amount.max(Self.d("50")), $0.amount.min(Self.d("50")), $0.amount.max($0.discount ?? 0))
        }
        #expect(
            try scalar.fragment.sql
                == #"SELECT max("amount" COLLATE "codd_decimal", ? COLLATE "codd_decimal"), min("amount" COLLATE "codd_decimal", ? COLLATE "codd_decimal"), max("amount" COLLATE "codd_decimal", coalesce("discount", ?) COLLATE "codd_decimal") FROM "invoices" ORDER BY "id""#
        )
        let rows = try database.read { db in try scalar.fetchAll(db) }
        #expect(rows.map(\.0) == [50, 100, 50, 50])
        #expect(rows.map(\.1) == [9, 50, -20, -3])
        #expect(rows.map(\.2) == [9, 100, 0, -3])
    }

    /// The issue's property: 10,000 random values, in random textual forms, ordered by SQLite
    /// through the collation exactly as `Decimal` orders them, and equal where `Decimal`
    /// says they are equal.
    @Test func orderingPropertyOverTenThousandValues() throws {
        var generator = SplitMixGenerator(seed: 2_900)
        let values = (0..<10_000).map { _ in DecimalSamples.random(using: &generator) }
        let database = try Self.database()
        try database.write { db in
            for (index, value) in values.enumerated() {
                if index % 3 == 0 {
                    // A non-canonical text of the same value: trailing zeros, an exponent.
                    let canonical = try #require(DecimalText.canonicalText(value))
                    let text = canonical.contains(".") ? canonical + "000" : canonical + ".0e0"
                    try db.execute(#"INSERT INTO "invoices" ("id", "amount") VALUES (?, ?)"#, index, text)
                } else {
                    try Invoice.insert { Invoice(id: index, amount: value, discount: nil) }.execute(db)
                }
            }
        }
        let sorted = try database.read { db in try Invoice.order { ($0.amount, $0.id) }.fetchAll(db) }
        let expected = values.enumerated().sorted { ($0.element, $0.offset) < ($1.element, $1.offset) }
        #expect(sorted.map(\.id) == expected.map(\.offset))
        #expect(sorted.map(\.amount) == expected.map(\.element))
        // Equal values group together in SQL as in Swift.
        let groups = try database.read { db in
            try db.fetchOne(Int.self, #"SELECT count(DISTINCT "amount" COLLATE "codd_decimal") FROM "invoices""#)
        }
        #expect(groups == Set(values).count)
        // A comparison against each of a few pivots agrees with Swift's.
        for pivot in values.prefix(20) {
            let below = try database.read { db in try Invoice.where { $0.amount < pivot }.count().fetchOne(db) }
            let belowInSwift: Int = values.filter { (value: Decimal) in value < pivot }.count
            #expect(below == belowInSwift)
        }
    }

    @Test func roundTripCheck() throws {
        var generator = SplitMixGenerator(seed: 7)
        let samples =
            (0..<500).map { _ in DecimalSamples.random(using: &generator) }
            + [
                0, 1, -1, Self.d("0.1"), Self.d("12345678901234567890123456789012345678"),
                Decimal.greatestFiniteMagnitude,
                Decimal.leastNonzeroMagnitude, -Decimal.greatestFiniteMagnitude,
            ]
        try RoundTripCheck(Decimal.self).run(values: samples)
    }

    @Test func refusesWhatWouldRound() throws {
        let database = try Self.database()
        try database.write { db in
            try db.execute(
                #"INSERT INTO "invoices" ("id", "amount") VALUES (1, '1.0000000000000000000000000000000000000001')"#)
            // A NUMERIC column (NUMERIC, DECIMAL(10,2)) converts '1.10' to the REAL 1.1.
            try db.execute(
                #"CREATE TABLE "numericInvoices" ("id" INTEGER PRIMARY KEY, "amount" NUMERIC NOT NULL, "discount" TEXT)"#
            )
            try db.execute(#"INSERT INTO "numericInvoices" ("id", "amount") VALUES (2, '1.10')"#)
            try db.execute(#"INSERT INTO "invoices" ("id", "amount") VALUES (3, 'twelve')"#)
            try db.execute(#"INSERT INTO "invoices" ("id", "amount") VALUES (4, 42)"#)
            try db.execute(#"INSERT INTO "invoices" ("id", "amount") VALUES (5, CAST(X'31ED' AS TEXT))"#)
            try db.execute(#"INSERT INTO "invoices" ("id", "amount") VALUES (6, X'31')"#)
        }
        func error(_ id: Int) throws -> SQLDecodingError? {
            #expect(throws: SQLDecodingError.self) { try database.read { db in try Invoice.find(id).fetchOne(db) } }
        }
        #expect(
            try error(1)?.description.hasPrefix(
                #"Cannot decode Decimal from column "invoices"."amount" (index 1): expected TEXT, found TEXT '1.0000000000000000000000000000000000000001': more significant digits than Decimal holds (38): reading it would round"#
            ) == true)
        let real = #expect(throws: SQLDecodingError.self) {
            try database.read { db in try db.fetchOne(Decimal.self, #"SELECT "amount" FROM "numericInvoices""#) }
        }
        #expect(
            real?.reason
                == .invalidValue(
                    "a REAL is not an exact decimal: store decimals as TEXT (a NUMERIC or DECIMAL column converts '1.10' to REAL)"
                ))
        let infinity = #expect(throws: SQLDecodingError.self) {
            try database.read { db in try db.fetchOne(Decimal.self, "SELECT -9e999") }
        }
        #expect(infinity?.reason == .invalidValue("an infinity is not a decimal number"))
        #expect(
            try error(3)?.reason
                == .invalidValue(
                    "unexpected 't' at character 1 of a decimal number ([-]digits[.digits][e[-]digits])"
                ))
        // An INTEGER is exact.
        #expect(try database.read { db in try Invoice.find(4).fetchOne(db) }?.amount == 42)
        #expect(
            try error(5)?.reason
                == .invalidValue(
                    "unexpected byte 0xED at byte 2 of a decimal number ([-]digits[.digits][e[-]digits])"
                ))
        #expect(try error(6)?.reason == .storageMismatch)
        // NULL in a non-optional column.
        try database.write { db in
            try db.execute(#"INSERT INTO "invoices" ("id", "amount", "discount") VALUES (7, '1', NULL)"#)
        }
        #expect(try database.read { db in try Invoice.find(7).fetchOne(db) }?.discount == nil)
        #expect(throws: SQLDecodingError.self) {
            try database.read { db in
                try db.fetchOne(Decimal.self, #"SELECT "discount" FROM "invoices" WHERE "id" = 7"#)
            }
        }
    }

    @Test func bindingNaNIsAnError() throws {
        let database = try Self.database()
        let error = #expect(throws: SQLEncodingError.self) {
            try database.write { db in try Invoice.insert { Invoice(id: 1, amount: .nan, discount: nil) }.execute(db) }
        }
        #expect(error?.reason == "NaN is not a number a decimal column can hold")
    }

    /// Inside JSON a decimal is its canonical text; a JSON number reads exactly too.
    @Test func insideJSON() throws {
        struct Line: Codable, Equatable {
            var price: Decimal
        }
        let text = try JSONDocumentEncoder().encode(Line(price: Self.d("12.50")))
        #expect(text == #"{"price":"12.5"}"#)
        let database = try Database.inMemory()
        let read = try database.read { db in
            try db.fetchAll(
                JSONRepresentation<[Line]>.self,
                #"SELECT '[{"price":"12.5"},{"price":12.50},{"price":1e2},{"price":0.1000000000000000000000000000000000001}]'"#
            )
        }
        #expect(
            read.first?.represented == [
                Line(price: Self.d("12.5")), Line(price: Self.d("12.5")), Line(price: 100),
                Line(price: Self.d("0.1000000000000000000000000000000000001")),
            ])
        let refused = #expect(throws: SQLDecodingError.self) {
            try database.read { db in try db.fetchAll(JSONRepresentation<[Line]>.self, #"SELECT '[{"price":true}]'"#) }
        }
        #expect(refused?.jsonPath == "$[0].price")
    }

    /// `TEXT AS Decimal` in annotated SQL.
    @Test func codecIdentity() throws {
        let codec = try SQLCodecRegistry.standard.codec(for: "TEXT AS Decimal")
        #expect(ObjectIdentifier(codec.representation) == ObjectIdentifier(Decimal.self))
    }
}

@Table("payers")
struct Payer {
    let id: Int
    var name: String
}

/// An enum stored as its `Decimal` raw value: ordered, and picked by `max`, as the number.
enum Tier: Decimal, SQLCustomType, SQLComparable {
    case small = 9
    case large = 100
}

@Table("tiers")
struct TierRow: Equatable {
    let id: Int
    var tier: Tier
}

extension DecimalColumnTests {
    /// `max` of a column of such an enum picks 100 over 9 (as text, '9' > '100').
    @Test func anEnumOfDecimalRawValuesPicksByNumber() throws {
        let database = try Database.inMemory()
        try database.write { db in
            try db.execute(#"CREATE TABLE "tiers" ("id" INTEGER PRIMARY KEY, "tier" TEXT NOT NULL)"#)
            try TierRow.insert([TierRow(id: 1, tier: .small), TierRow(id: 2, tier: .large)]).execute(db)
        }
        let query = TierRow.select { ($0.tier.max(), $0.tier.min()) }
        #expect(
            try query.fragment.sql
                == #"SELECT max("tier" COLLATE "codd_decimal"), min("tier" COLLATE "codd_decimal") FROM "tiers""#)
        let extremes = try database.read { db in try query.fetchOne(db) }
        #expect(extremes?.0 == .large)
        #expect(extremes?.1 == .small)
    }
}
