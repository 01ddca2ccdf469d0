#if PostgreSQL
import Codd
import CoddPostgres
import Foundation
import Testing

/// PostgreSQL's `numeric` read as SQLite's storage classes are: a whole value an `Int64`
/// holds is INTEGER, digit for digit (a `sum` of `bigint`s is a `numeric`); any other is
/// REAL, the nearest `Double` to its digits. Errors show all the digits. On the real server.
extension PostgreSQLTests {
    @Suite("numeric as INTEGER and REAL") struct NumericReading {
        static func int(_ database: PGDatabase, _ sql: String) async throws -> Int? {
            try await database.read { db in try await db.fetchOne(Int.self, "SELECT \(sql)") }
        }

        static func double(_ database: PGDatabase, _ sql: String) async throws -> Double? {
            try await database.read { db in try await db.fetchOne(Double.self, "SELECT \(sql)") }
        }

        static func intError(_ database: PGDatabase, _ sql: String) async -> SQLDecodingError? {
            await #expect(throws: SQLDecodingError.self) { try await int(database, sql) }
        }

        static func expectPreview(
            _ error: SQLDecodingError?, _ preview: String, sourceLocation: SourceLocation = #_sourceLocation
        ) {
            #expect(error?.valuePreview == preview, sourceLocation: sourceLocation)
        }

        @Test func wholeValuesAreExactIntegers() async throws {
            try await PGTestServer.withDatabase(Self.wholeValuesAreExactIntegers)
        }

        static func wholeValuesAreExactIntegers(_ database: PGDatabase) async throws {
            do {
                // Past 2^53, where a Double (the way it was read before) rounds.
                let value1 = try await Self.int(database, "9007199254740993::numeric")
                #expect(value1 == 9_007_199_254_740_993)
                let value2 = try await Self.int(database, "9223372036854775807::numeric")
                #expect(value2 == Int.max)
                let value3 = try await Self.int(database, "-9223372036854775808::numeric")
                #expect(value3 == Int.min)
                let sum = try await Self.int(
                    database, #"sum("x") FROM (VALUES (9007199254740993::bigint), (1), (-1)) AS "t"("x")"#)
                #expect(sum == 9_007_199_254_740_993)
                // Zero groups after the last digit group, a scale with zero digits, zero.
                let value4 = try await Self.int(database, "100000000::numeric")
                #expect(value4 == 100_000_000)
                let value5 = try await Self.int(database, "-20000.000::numeric")
                #expect(value5 == -20_000)
                let value6 = try await Self.int(database, "0::numeric")
                #expect(value6 == 0)
                let value7 = try await Self.int(database, "0.000::numeric")
                #expect(value7 == 0)
            }
        }

        @Test func otherValuesAreTheNearestDouble() async throws {
            try await PGTestServer.withDatabase(Self.otherValuesAreTheNearestDouble)
        }

        static func otherValuesAreTheNearestDouble(_ database: PGDatabase) async throws {
            do {
                let value8 = try await Self.double(database, "2.5::numeric")
                #expect(value8 == 2.5)
                let value9 = try await Self.double(database, "-0.0001::numeric")
                #expect(value9 == -0.0001)
                // Rounded once, from the digits (Foundation's Decimal gave 9.999999999999998e+39).
                let value10 = try await Self.double(database, "1e40::numeric")
                #expect(value10 == 1e40)
                let value11 = try await Self.double(database, "0.1::numeric")
                #expect(value11 == 0.1)
                let value12 = try await Self.double(database, "9223372036854775808::numeric")
                #expect(value12 == 9.223372036854775808e18)
                let value13 = try await Self.double(database, "'NaN'::numeric")
                #expect(value13?.isNaN == true)
                let value14 = try await Self.double(database, "'Infinity'::numeric")
                #expect(value14 == .infinity)
                let value15 = try await Self.double(database, "'-Infinity'::numeric")
                #expect(value15 == -.infinity)
                // A whole value no Double holds exactly is refused, as an INTEGER on SQLite is.
                let inexact = await #expect(throws: SQLDecodingError.self) {
                    try await Self.double(database, "9007199254740993::numeric")
                }
                #expect(inexact?.actual == .integer)
                Self.expectPreview(inexact, "9007199254740993")
            }
        }

        /// `avg` is typed `Double?`: PostgreSQL's `avg` of integers is a `numeric`, cast, so a
        /// whole average past 2^53 reads; an integer read as a Decimal reads its value.
        @Test func averagesAreDoublesAndIntegersAreDecimals() async throws {
            try await PGTestServer.withDatabase(Self.averagesAreDoublesAndIntegersAreDecimals)
        }

        static func averagesAreDoublesAndIntegersAreDecimals(_ database: PGDatabase) async throws {
            try await SharedSchema.resetPostgreSQL(database)
            let average = Item.select { $0.id.avg() }
            #expect(
                try average.fragment(mode: .parameters, dialect: .postgreSQL).sql
                    == #"SELECT CAST(avg("id") AS DOUBLE PRECISION) FROM "items""#)
            #expect(try average.fragment.sql == #"SELECT avg("id") FROM "items""#)
            let value = try await database.read { db in try await average.fetchOne(db) }
            #expect(value == .some(2.5))
            let count = try await database.read { db in
                try await db.fetchOne(Decimal.self, #"SELECT count(*) FROM "items""#)
            }
            #expect(count == 4)
            let big = try await database.read { db in
                try await db.fetchOne(Decimal.self, "SELECT 9007199254740993::int8")
            }
            #expect(big == Decimal(string: "9007199254740993"))
        }

        @Test func errorsShowEveryDigit() async throws {
            try await PGTestServer.withDatabase(Self.errorsShowEveryDigit)
        }

        static func errorsShowEveryDigit(_ database: PGDatabase) async throws {
            do {
                let beyond = await Self.intError(database, "9223372036854775808::numeric")
                #expect(beyond?.actual == .real)
                Self.expectPreview(beyond, "9223372036854775808")
                #expect(beyond?.reason == .outOfRange)
                let long = await Self.intError(database, "123456789012345678901234567890123456789::numeric")
                Self.expectPreview(long, "123456789012345678901234567890123456789")
                let fraction = await Self.intError(database, "2.50::numeric")
                Self.expectPreview(fraction, "2.50")
                let nan = await Self.intError(database, "'NaN'::numeric")
                Self.expectPreview(nan, "NaN")
                #expect(nan?.actual == .real)
                let infinity = await Self.intError(database, "'-Infinity'::numeric")
                Self.expectPreview(infinity, "-Infinity")
                let decimalNaN = await #expect(throws: SQLDecodingError.self) {
                    try await database.read { db in try await db.fetchOne(Decimal.self, "SELECT 'NaN'::numeric") }
                }
                #expect(decimalNaN?.reason == .invalidValue("NaN is not a decimal number"))
                let decimalInfinity = await #expect(throws: SQLDecodingError.self) {
                    try await database.read { db in try await db.fetchOne(Decimal.self, "SELECT 'Infinity'::numeric") }
                }
                #expect(decimalInfinity?.reason == .invalidValue("an infinity is not a decimal number"))
                // More digits than the preview's 64 characters: cut, never rounded.
                let digits = String(repeating: "7", count: 80)
                let cut = await Self.intError(database, "\(digits)::numeric")
                Self.expectPreview(cut, String(repeating: "7", count: 63) + "…")
            }
        }
    }
}
#endif
