import Codd
import Foundation
import Testing

@Table("pickedEvents")
private struct PickedEvent {
    let id: Int
    var at: Date
    @Column(as: Date.ISO8601Representation.self)
    var isoAt: Date
    @Column(as: Date.UnixTimeMillisecondsRepresentation.self)
    var millisecondsAt: Date
    var endedAt: Date?
}

/// A type whose wrap computes another value and which has no inverse: its `min` and `max`
/// cannot return one of its values, and say so.
private struct Cents: SQLCustomType, SQLComparable {
    var represented: Int
    init(represented: Int) { self.represented = represented }
    static var storage: SQLStorage { .text }
    init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        represented = Int(try reader.readText(at: index).split(separator: " ")[0]) ?? 0
    }
    func bind(into context: inout some SQLBindingContext) throws { try context.bindText("\(represented) EUR") }
    static func wrapSQL(into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void) rethrows {
        try builder.function("CAST") { builder in
            try builder.listItem { builder in
                try expression(&builder)
                builder.keyword("AS INTEGER")
            }
        }
    }
}

/// The same, with the inverse declared: `min` and `max` pick by the number and return text.
private struct InvertibleCents: SQLCustomType, SQLComparable {
    var represented: Int
    init(represented: Int) { self.represented = represented }
    static var storage: SQLStorage { .text }
    init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        represented = try Cents(reader: reader, at: index).represented
    }
    func bind(into context: inout some SQLBindingContext) throws {
        try Cents(represented: represented).bind(into: &context)
    }
    static func wrapSQL(into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void) rethrows {
        try Cents.wrapSQL(into: &builder, expression)
    }
    static func unwrapSQL(into builder: inout SQLBuilder, _ comparisonForm: (inout SQLBuilder) throws -> Void) throws {
        try builder.parenthesized { builder in
            try comparisonForm(&builder)
            builder.keyword("|| ' EUR'")
        }
    }
}

@Table("ledger")
private struct LedgerLine {
    let id: Int
    var amount: Decimal
}

@Table("prices")
private struct Price {
    let id: Int
    var amount: Cents
    var invertible: InvertibleCents
}

/// `min` and `max` pick by the type's order, as `<` and `ORDER BY` compare: a date stored
/// as text in several formats by its instant (the text order picked 08:45 over 08:30+00),
/// its result turned back into the stored form; SQLite's own `julianday` is the reference.
@Suite("min and max in the type's order")
struct DateMinMaxTests {
    static func database() throws -> Database {
        let database = try Database.inMemory()
        try database.write { db in
            try db.execute(
                #"CREATE TABLE "pickedEvents" ("id" INTEGER PRIMARY KEY, "at" TEXT NOT NULL, "isoAt" TEXT NOT NULL, "millisecondsAt" INTEGER NOT NULL, "endedAt" TEXT)"#
            )
            // Other software's formats: 09:00 UTC, 10:30+02:00 (08:30 UTC), 08:45 UTC.
            try db.execute(
                """
                INSERT INTO "pickedEvents" VALUES
                  (1, '2024-01-01 09:00:00Z', '2024-01-01T09:00:00Z', 1704099600000, NULL),
                  (2, '2024-01-01T10:30:00+02:00', '2024-01-01T10:30:00+02:00', 1704097800000, '2024-01-02 00:00:00'),
                  (3, '2024-01-01 08:45:00', '2024-01-01 08:45:00', 1704098700000, '2023-12-31T23:00:00-02:00')
                """)
        }
        return database
    }

    static func date(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text))
    }

    @Test func aggregatesPickByTheInstant() throws {
        let database = try Self.database()
        let query = PickedEvent.select { ($0.at.min(), $0.at.max(), $0.isoAt.max(), $0.millisecondsAt.max()) }
        #expect(
            try query.fragment.sql == """
                SELECT strftime('%Y-%m-%d %H:%M:%f', min(julianday("at"))), strftime('%Y-%m-%d %H:%M:%f', max(julianday("at"))), \
                strftime('%Y-%m-%dT%H:%M:%fZ', max(julianday("isoAt"))), max("millisecondsAt") FROM "pickedEvents"
                """)
        let row = try #require(try database.read { db in try query.fetchOne(db) })
        #expect(row.0 == (try Self.date("2024-01-01T08:30:00Z")))
        #expect(row.1 == (try Self.date("2024-01-01T09:00:00Z")))
        #expect(row.2 == (try Self.date("2024-01-01T09:00:00Z")))
        #expect(row.3 == (try Self.date("2024-01-01T09:00:00Z")))
        // SQLite's own order of the instants agrees; its plain min of the text does not.
        let reference = try database.read { db in
            try db.fetchOne(String.self, #"SELECT "at" FROM "pickedEvents" ORDER BY julianday("at") LIMIT 1"#)
        }
        #expect(reference == "2024-01-01T10:30:00+02:00")
        let textOrder = try database.read { db in try db.fetchOne(String.self, #"SELECT min("at") FROM "pickedEvents""#)
        }
        #expect(textOrder == "2024-01-01 08:45:00")
    }

    @Test func optionalColumnsFiltersAndEmptyGroups() throws {
        let database = try Self.database()
        let latest = PickedEvent.select { $0.endedAt.max() }
        #expect(
            try latest.fragment.sql
                == #"SELECT strftime('%Y-%m-%d %H:%M:%f', max(julianday("endedAt"))) FROM "pickedEvents""#)
        // 23:00-02:00 on the 31st is 01:00 UTC on the 1st, before 00:00 on the 2nd.
        #expect(try database.read { db in try latest.fetchOne(db) } == .some(try Self.date("2024-01-02T00:00:00Z")))
        let filtered = PickedEvent.select { $0.at.max(filter: $0.id.gt(1)) }
        let filteredSQL = try filtered.fragment.sql
        #expect(
            filteredSQL
                == #"SELECT strftime('%Y-%m-%d %H:%M:%f', max(julianday("at")) FILTER (WHERE "id" > ?)) FROM "pickedEvents""#
        )
        #expect(try database.read { db in try filtered.fetchOne(db) } == .some(try Self.date("2024-01-01T08:45:00Z")))
        let none = PickedEvent.where { $0.id.eq(9) }.select { $0.at.min() }
        #expect(try database.read { db in try none.fetchOne(db) } == .some(nil))
    }

    /// A picked value that is compared again stays in its comparison form: no strftime
    /// wrapped in julianday.
    @Test func aPickedValueComparedStaysInItsComparisonForm() throws {
        let database = try Self.database()
        let cutoff = try Self.date("2024-01-01T08:40:00Z")
        let query = PickedEvent.group(by: \.id).having { $0.at.max() > cutoff }.order { $0.at.max() }.select(\.id)
        #expect(
            try query.fragment.sql == """
                SELECT "id" FROM "pickedEvents" GROUP BY "id" HAVING (max(julianday("at")) > julianday(?)) \
                ORDER BY max(julianday("at"))
                """)
        #expect(try database.read { db in try query.fetchAll(db) } == [3, 1])
        let scalar = PickedEvent.where { $0.at.max(cutoff) > cutoff }.select(\.id)
        #expect(
            try scalar.fragment.sql
                == #"SELECT "id" FROM "pickedEvents" WHERE (max(julianday("at"), julianday(?)) > julianday(?))"#)
        #expect(try database.read { db in try scalar.fetchAll(db) }.sorted() == [1, 3])
    }

    /// `nullif` is NULL when the two are equal as `==` says: the same instant in two formats.
    @Test func nullifComparesAsEqualsDoes() throws {
        let database = try Self.database()
        let eightThirty = try Self.date("2024-01-01T08:30:00Z")
        let query = PickedEvent.order(by: \.id).select { $0.at.nullif(eightThirty) }
        #expect(
            try query.fragment.sql
                == #"SELECT strftime('%Y-%m-%d %H:%M:%f', nullif(julianday("at"), julianday(?))) FROM "pickedEvents" ORDER BY "id""#
        )
        let values = try database.read { db in try query.fetchAll(db) }
        #expect(values == [try Self.date("2024-01-01T09:00:00Z"), nil, try Self.date("2024-01-01T08:45:00Z")])
        let equal = try database.read { db in try PickedEvent.where { $0.at.eq(eightThirty) }.select(\.id).fetchAll(db)
        }
        #expect(equal == [2])
        // A Decimal in its collation: '1.10' equals 1.1.
        let ledger = try Database.inMemory()
        try ledger.write { db in
            try db.execute(#"CREATE TABLE "ledger" ("id" INTEGER PRIMARY KEY, "amount" TEXT NOT NULL)"#)
            try db.execute(#"INSERT INTO "ledger" VALUES (1, '1.10'), (2, '2.5')"#)
        }
        let amounts = LedgerLine.order(by: \.id).select { $0.amount.nullif(Decimal(string: "1.1") ?? 0) }
        #expect(
            try amounts.fragment.sql
                == #"SELECT nullif("amount" COLLATE "codd_decimal", ? COLLATE "codd_decimal") FROM "ledger" ORDER BY "id""#
        )
        #expect(try ledger.read { db in try amounts.fetchAll(db) } == [nil, Decimal(string: "2.5")])
    }

    @Test func scalarMaxAndMinPickByTheInstant() throws {
        let database = try Self.database()
        let noon = try Self.date("2024-01-01T08:40:00Z")
        let query = PickedEvent.order(by: \.id).select { ($0.at.max(noon), $0.at.min(noon)) }
        #expect(
            try query.fragment.sql == """
                SELECT strftime('%Y-%m-%d %H:%M:%f', max(julianday("at"), julianday(?))), \
                strftime('%Y-%m-%d %H:%M:%f', min(julianday("at"), julianday(?))) FROM "pickedEvents" ORDER BY "id"
                """)
        let rows = try database.read { db in try query.fetchAll(db) }
        #expect(rows.map(\.0) == [try Self.date("2024-01-01T09:00:00Z"), noon, try Self.date("2024-01-01T08:45:00Z")])
        #expect(rows.map(\.1) == [noon, try Self.date("2024-01-01T08:30:00Z"), noon])
    }

    @Test func aWrapWithNoInverseIsAnErrorAndOneWithAnInverseIsUsed() throws {
        let database = try Database.inMemory()
        try database.write { db in
            try db.execute(#"CREATE TABLE "prices" ("id" INTEGER PRIMARY KEY, "amount" TEXT, "invertible" TEXT)"#)
            try db.execute(#"INSERT INTO "prices" VALUES (1, '900 EUR', '900 EUR'), (2, '10000 EUR', '10000 EUR')"#)
        }
        let error = #expect(throws: SQLEncodingError.self) {
            try database.read { db in try Price.select { $0.amount.max() }.fetchOne(db) }
        }
        #expect(error?.type.hasSuffix("Cents") == true)
        #expect(error?.reason.hasPrefix("min and max compare it through wrapSQL, which computes another value") == true)
        #expect(throws: SQLEncodingError.self) {
            try database.read { db in try Price.select { $0.amount.min(5) }.fetchAll(db) }
        }
        let query = Price.select { $0.invertible.max() }
        #expect(
            try query.fragment.sql == #"SELECT (max(CAST("invertible" AS INTEGER)) || ' EUR') FROM "prices""#)
        #expect(try database.read { db in try query.fetchOne(db) }??.represented == 10_000)
    }
}
