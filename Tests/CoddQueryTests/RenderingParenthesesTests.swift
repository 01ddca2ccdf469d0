import Codd
import CoddQueryAssertions
import Foundation
import Testing

/// An operand keeps its parentheses wherever it lands, so SQLite reads the statement as
/// the Swift means it; the expected rows are what SQLite returns for that meaning.
@Suite("Operands keep their parentheses")
struct RenderingParenthesesTests {
    let database: Database

    init() throws {
        database = try makeRemindersDatabase()
    }

    @Test func aComparisonKeepsItsParenthesesInsideAWhere() throws {
        let query = Item.where { ($0.isActive && $0.id.gt(1)).eq(false) }.select(\.id)
        assertQuery(query, in: database) {
            """
            SELECT "id" FROM "items" WHERE (("isActive" AND ("id" > ?)) = ?)
            """
        } results: {
            """
            ┌───┐
            │ 1 │
            │ 2 │
            └───┘
            """
        }
        let negated = Item.where { $0.id.gt(0) }.where { ($0.isActive || $0.id.eq(2)).eq(false) }.select(\.id)
        assertQuery(negated, in: database) {
            """
            SELECT "id" FROM "items" WHERE ("id" > ?) AND (("isActive" OR ("id" = ?)) = ?)
            """
        } results: {
            """
            (no rows)
            """
        }
    }

    @Test func rawSQLInterpolationsAreOperands() throws {
        let query = Item.select { #sql("\($0.id + 1) * 2", as: Int.self) }
        assertQuery(query, in: database) {
            """
            SELECT ("id" + ?) * 2 FROM "items"
            """
        } results: {
            """
            ┌───┐
            │ 4 │
            │ 6 │
            │ 8 │
            └───┘
            """
        }
        let negation = Item.where { #sql("NOT \($0.isActive || $0.id.eq(2))") }.select(\.id)
        assertQuery(negation, in: database) {
            """
            SELECT "id" FROM "items" WHERE (NOT ("isActive" OR ("id" = ?)))
            """
        } results: {
            """
            (no rows)
            """
        }
    }
}
