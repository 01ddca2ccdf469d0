import Codd
import CoddQueryAssertions
import Foundation
import Testing

@Table("operands")
struct Operand: Identifiable, Equatable {
    let id: Int
    var value = 0
    var divisor = 1
    var optional: Int?
    var real = 0.0
}

/// Every arithmetic and bitwise operator with zero, NULL and overflowing operands, on
/// SQLite: what it computes, and what Codd decodes or refuses.
@Suite("arithmetic operands")
struct ArithmeticOperandTests {
    let database: Database

    init() throws {
        database = try Database.inMemory()
        try database.write { db in
            try db.execute(
                """
                CREATE TABLE "operands" (
                  "id" INTEGER PRIMARY KEY, "value" INTEGER NOT NULL, "divisor" INTEGER NOT NULL,
                  "optional" INTEGER, "real" REAL NOT NULL
                );
                INSERT INTO "operands" VALUES
                  (1, 7, 2, NULL, 2.5),
                  (2, 7, 0, 0, 0.0),
                  (3, 9223372036854775807, -1, 3, 1.5),
                  (4, -9223372036854775808, -1, -1, -1.5);
                """)
        }
    }

    @Test func divisionAndRemainderByAnExpressionAreOptional() throws {
        let query = Operand.where { $0.id < 4 }.order(by: \.id).select {
            ($0.id, $0.value / $0.divisor, $0.value % $0.divisor)
        }
        let typed: Select<SQLRow3<Int, Int?, Int?>, SQLTables.One<SQLTables.Inner<Operand>>> = query
        assertQuery(typed, in: database) {
            """
            SELECT "id", "value" / "divisor", "value" % "divisor" FROM "operands" WHERE ("id" < ?) ORDER BY "id"
            """
        } results: {
            """
            ┌───┬──────────────────────┬─────┐
            │ 1 │ 3                    │ 1   │
            │ 2 │ nil                  │ nil │
            │ 3 │ -9223372036854775807 │ 0   │
            └───┴──────────────────────┴─────┘
            """
        }
    }

    @Test func aZeroDivisorValueIsAnErrorBeforeSQLiteRuns() throws {
        let division = Operand.select { $0.value / 0 }
        let typed: Select<Int, SQLTables.One<SQLTables.Inner<Operand>>> = division
        let error = #expect(throws: SQLEncodingError.self) { try typed.fragment }
        #expect(error?.reason.contains("division by zero") == true)
        #expect(throws: SQLEncodingError.self) { try Operand.select { $0.value % 0 }.fragment }
        #expect(throws: SQLEncodingError.self) { try Operand.select { $0.real / 0.0 }.fragment }
        // Dividing an optional expression by zero is NULL, which its type holds.
        assertQuery(Operand.order(by: \.id).select { ($0.optional / 0, $0.optional % 0) }, in: database) {
            """
            SELECT "optional" / ?, "optional" % ? FROM "operands" ORDER BY "id"
            """
        } results: {
            """
            ┌─────┬─────┐
            │ nil │ nil │
            │ nil │ nil │
            │ nil │ nil │
            │ nil │ nil │
            └─────┴─────┘
            """
        }
        // A non-zero value keeps the type.
        let halves = Operand.where { $0.id.eq(1) }.select { ($0.value / 2, $0.value % 2, $0.real / 2.0) }
        assertQuery(halves, in: database) {
            """
            SELECT "value" / ?, "value" % ?, "real" / ? FROM "operands" WHERE ("id" = ?)
            """
        } results: {
            """
            ┌───┬───┬──────┐
            │ 3 │ 1 │ 1.25 │
            └───┴───┴──────┘
            """
        }
    }

    @Test func nullOperandsGiveNull() throws {
        let (one, two) = (1, 2)
        let query = Operand.where { $0.id.eq(1) }.select {
            ($0.optional + one, $0.optional - one, $0.optional * two, $0.optional / two, -$0.optional)
        }
        assertQuery(query, in: database) {
            """
            SELECT "optional" + ?, "optional" - ?, "optional" * ?, "optional" / ?, - "optional" FROM "operands" WHERE ("id" = ?)
            """
        } results: {
            """
            ┌─────┬─────┬─────┬─────┬─────┐
            │ nil │ nil │ nil │ nil │ nil │
            └─────┴─────┴─────┴─────┴─────┘
            """
        }
        // Five computed columns: the literal operand typed (`one`, above), as docs/Queries.md advises.
        let bitwise = Operand.where { $0.id.eq(1) }.select {
            ($0.optional & one, $0.optional | one, $0.optional << one, $0.optional >> one, ~$0.optional)
        }
        assertQuery(bitwise, in: database) {
            """
            SELECT "optional" & ?, "optional" | ?, "optional" << ?, "optional" >> ?, ~ "optional" FROM "operands" WHERE ("id" = ?)
            """
        } results: {
            """
            ┌─────┬─────┬─────┬─────┬─────┐
            │ nil │ nil │ nil │ nil │ nil │
            └─────┴─────┴─────┴─────┴─────┘
            """
        }
    }

    @Test func zeroOperands() throws {
        let query = Operand.where { $0.id.eq(2) }.select {
            ($0.divisor + 0, $0.value * $0.divisor, $0.divisor - $0.value, $0.divisor / 7, -$0.divisor)
        }
        assertQuery(query, in: database) {
            """
            SELECT "divisor" + ?, "value" * "divisor", "divisor" - "value", "divisor" / ?, - "divisor" FROM "operands" WHERE ("id" = ?)
            """
        } results: {
            """
            ┌───┬───┬────┬───┬───┐
            │ 0 │ 0 │ -7 │ 0 │ 0 │
            └───┴───┴────┴───┴───┘
            """
        }
        let bitwise = Operand.where { $0.id.eq(2) }.select {
            ($0.value & $0.divisor, $0.value | $0.divisor, $0.value << $0.divisor, $0.value >> $0.divisor, ~$0.divisor)
        }
        assertQuery(bitwise, in: database) {
            """
            SELECT "value" & "divisor", "value" | "divisor", "value" << "divisor", "value" >> "divisor", ~ "divisor" FROM "operands" WHERE ("id" = ?)
            """
        } results: {
            """
            ┌───┬───┬───┬───┬────┐
            │ 0 │ 7 │ 7 │ 7 │ -1 │
            └───┴───┴───┴───┴────┘
            """
        }
    }

    /// SQLite turns an integer that overflows 64 bits into a REAL; an `Int` refuses to
    /// decode it, with the column and value named, rather than wrapping or rounding.
    @Test func overflowIsATypedDecodingError() throws {
        func expectOverflow(
            _ query: Select<Int, SQLTables.One<SQLTables.Inner<Operand>>>,
            sourceLocation: SourceLocation = #_sourceLocation
        ) {
            let error = #expect(throws: SQLDecodingError.self, "\(query)", sourceLocation: sourceLocation) {
                try database.read { db in try query.fetchAll(db) }
            }
            #expect(
                error?.expected.contains(.integer) == true && error?.actual == .real, sourceLocation: sourceLocation)
        }
        expectOverflow(Operand.where { $0.id.eq(3) }.select { $0.value + 1 })
        expectOverflow(Operand.where { $0.id.eq(4) }.select { $0.value - 1 })
        expectOverflow(Operand.where { $0.id.eq(3) }.select { $0.value * 2 })
        expectOverflow(Operand.where { $0.id.eq(4) }.select { -$0.value })
        expectOverflow(Operand.where { $0.id.eq(4) }.select { $0.value.negate() })
        // INT64_MIN / -1 overflows too, to a REAL; its remainder is 0, as in Swift's
        // `remainderReportingOverflow`.
        assertQuery(Operand.where { $0.id.eq(4) }.select { $0.value / $0.divisor }, in: database) {
            """
            SELECT "value" / "divisor" FROM "operands" WHERE ("id" = ?)
            """
        } results: {
            #"""
            Error: Cannot decode Int from result column "value" / "divisor" (index 0): expected INTEGER, found REAL 9.223372036854776e+18: value out of range (in SELECT "value" / "divisor" FROM "operands" WHERE ("id" = ?))
            """#
        }
        assertQuery(Operand.where { $0.id.eq(4) }.select { $0.value % $0.divisor }, in: database) {
            """
            SELECT "value" % "divisor" FROM "operands" WHERE ("id" = ?)
            """
        } results: {
            """
            ┌───┐
            │ 0 │
            └───┘
            """
        }
        // Shifts past 64 bits give 0 (or -1 for a negative value shifted right); a negative
        // shift shifts the other way; `~` of INT64_MIN is INT64_MAX.
        assertQuery(
            Operand.where { $0.id.eq(4) }.select {
                ($0.value << 64, $0.value >> 64, 1 << $0.divisor, ~$0.value, $0.value & 1)
            },
            in: database
        ) {
            """
            SELECT "value" << ?, "value" >> ?, ? << "divisor", ~ "value", "value" & ? FROM "operands" WHERE ("id" = ?)
            """
        } results: {
            """
            ┌───┬────┬───┬─────────────────────┬───┐
            │ 0 │ -1 │ 0 │ 9223372036854775807 │ 0 │
            └───┴────┴───┴─────────────────────┴───┘
            """
        }
    }

    @Test func unaryPlusAndNegate() throws {
        let query = Operand.where { $0.id.eq(1) }.select { (+$0.value, $0.value.negate(), -$0.real, +$0.real) }
        assertQuery(query, in: database) {
            """
            SELECT + "value", - "value", - "real", + "real" FROM "operands" WHERE ("id" = ?)
            """
        } results: {
            """
            ┌───┬────┬──────┬─────┐
            │ 7 │ -7 │ -2.5 │ 2.5 │
            └───┴────┴──────┴─────┘
            """
        }
    }

    @Test func aSwiftValueOnTheLeft() throws {
        // Typed values, not literals: seven literal operands in one tuple take the type
        // checker seconds (each literal could be any numeric type; docs/Performance.md).
        let (ten, two, hundred, three, six, one) = (10, 2, 100, 3, 6, 1)
        let filtered = Operand.where { 5 < $0.value && 7 == $0.value }.order(by: \.id)
        let query = filtered.select {
            (
                $0.id, ten - $0.value, two * $0.value, hundred / $0.divisor, three + $0.value, six | $0.divisor,
                one << $0.divisor
            )
        }
        assertQuery(query, in: database) {
            """
            SELECT "id", ? - "value", ? * "value", ? / "divisor", ? + "value", ? | "divisor", ? << "divisor" FROM "operands" WHERE ((? < "value") AND (? = "value")) ORDER BY "id"
            """
        } results: {
            """
            ┌───┬───┬────┬─────┬────┬───┬───┐
            │ 1 │ 3 │ 14 │ 50  │ 10 │ 6 │ 4 │
            │ 2 │ 3 │ 14 │ nil │ 10 │ 6 │ 1 │
            └───┴───┴────┴─────┴────┴───┴───┘
            """
        }
    }
}
