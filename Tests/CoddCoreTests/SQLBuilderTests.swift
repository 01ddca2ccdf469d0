import CoddCore
import Foundation
import Testing

@Suite("SQLBuilder renders exact SQL")
struct SQLBuilderTests {
    @Test func identifiersAreAlwaysQuotedWithQuotesDoubled() {
        var builder = SQLBuilder()
        builder.identifier("reminders")
        builder.comma()
        builder.identifier("my \"quoted\" table", "col--umn")
        builder.comma()
        builder.identifier("")
        #expect(builder.sql == #""reminders", "my ""quoted"" table"."col--umn", """#)
    }

    @Test func keywordsAndPunctuationAreSpacedLikeHandWrittenSQL() {
        var builder = SQLBuilder()
        builder.keyword("SELECT")
        builder.function("count") { $0.keyword("*") }
        builder.keyword("FROM")
        builder.identifier("reminders")
        builder.keyword("WHERE")
        builder.parenthesized {
            $0.identifier("id")
            $0.keyword("IN")
            $0.parenthesized {
                $0.listItem { $0.integer(1) }
                $0.listItem { $0.integer(2) }
            }
        }
        #expect(builder.sql == #"SELECT count(*) FROM "reminders" WHERE ("id" IN (1, 2))"#)
    }

    @Test func textLiteralsDoubleQuotesAndKeepHostileText() {
        var builder = SQLBuilder(mode: .inlineLiterals)
        builder.text("it's -- not a comment; DROP TABLE x; 'quoted' 🎉")
        #expect(builder.sql == "'it''s -- not a comment; DROP TABLE x; ''quoted'' 🎉'")
        #expect(builder.bindings.isEmpty)
    }

    @Test func textWithNULRendersAsCastBlob() {
        var builder = SQLBuilder(mode: .inlineLiterals)
        builder.text("a\0b")
        #expect(builder.sql == "CAST(X'610062' AS TEXT)")
    }

    @Test func blobLiterals() {
        var builder = SQLBuilder(mode: .inlineLiterals)
        builder.blob([0x00, 0xAB, 0xFF])
        builder.comma()
        builder.blob([UInt8]())
        #expect(builder.sql == "X'00ABFF', X''")
    }

    @Test func integerLiteralsIncludingExtremes() {
        var builder = SQLBuilder(mode: .inlineLiterals)
        builder.list {
            $0.listItem { $0.integer(0) }
            $0.listItem { $0.integer(-42) }
            $0.listItem { $0.integer(.max) }
            $0.listItem { $0.integer(.min) }
        }
        #expect(builder.sql == "0, -42, 9223372036854775807, (-9223372036854775807 - 1)")
    }

    @Test func realLiteralsAreShortDecimalsOrExactBinaryForms() throws {
        var builder = SQLBuilder(mode: .inlineLiterals)
        try builder.list {
            for value in [
                0.1, 2.0, -0.0, -2.5, 123456.789, 1e21, 1e300, Double.leastNonzeroMagnitude, 1.0000000000000002,
            ] {
                try $0.listItem { try $0.real(value) }
            }
        }
        #expect(
            builder.sql == """
                0.1, 2.0, -0.0, -2.5, 123456.789, 1e+21, \
                (1681218273811815.0 * 4611686018427387904 * 4611686018427387904 * 4611686018427387904 * 4611686018427387904 * 4611686018427387904 * 4611686018427387904 * 4611686018427387904 * 4611686018427387904 * 4611686018427387904 * 4611686018427387904 * 4611686018427387904 * 4611686018427387904 * 4611686018427387904 * 4611686018427387904 * 4611686018427387904 * 65536), \
                (1.0 / 4611686018427387904 / 4611686018427387904 / 4611686018427387904 / 4611686018427387904 / 4611686018427387904 / 4611686018427387904 / 4611686018427387904 / 4611686018427387904 / 4611686018427387904 / 4611686018427387904 / 4611686018427387904 / 4611686018427387904 / 4611686018427387904 / 4611686018427387904 / 4611686018427387904 / 4611686018427387904 / 4611686018427387904 / 1048576), \
                (4503599627370497.0 / 4503599627370496)
                """)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteRealsAreAnErrorNotInvalidSQL(value: Double) {
        var builder = SQLBuilder(mode: .inlineLiterals)
        #expect(throws: SQLEncodingError.self) { try builder.real(value) }
        #expect(throws: SQLEncodingError.self) { try builder.value(value) }
        #expect(builder.sql.isEmpty)
    }

    @Test func valuesBecomePlaceholdersOrLiteralsByMode() throws {
        func render(_ mode: SQLBuilder.Mode) throws -> SQLFragment {
            try SQLFragment(mode: mode) {
                $0.keyword("SELECT")
                try $0.list {
                    try $0.listItem { try $0.value("it's") }
                    try $0.listItem { try $0.value(42) }
                    try $0.listItem { try $0.value(Optional<Int>.none) }
                    try $0.listItem { try $0.value(true) }
                    try $0.listItem { try $0.value(Data([1, 2])) }
                    try $0.listItem { try $0.value(1.5) }
                }
            }
        }
        let parameters = try render(.parameters)
        #expect(parameters.sql == "SELECT ?, ?, ?, ?, ?, ?")
        let bindings: [SQLValue] = [.text("it's"), .integer(42), .null, .integer(1), .blob([1, 2]), .real(1.5)]
        #expect(parameters.bindings == bindings)
        let literals = try render(.inlineLiterals)
        #expect(literals.sql == "SELECT 'it''s', 42, NULL, 1, X'0102', 1.5")
        #expect(literals.bindings.isEmpty)
    }

    @Test func unsignedAboveInt64MaxIsAnEncodingError() {
        var builder = SQLBuilder()
        #expect(throws: SQLEncodingError.self) { try builder.value(UInt64(Int64.max) + 1) }
        #expect(throws: Never.self) { try builder.value(UInt64(Int64.max)) }
        #expect(builder.bindings == [.integer(.max)])
    }

    @Test func nanCannotBeBoundBecauseSQLiteWouldStoreNULL() {
        var builder = SQLBuilder()
        #expect(throws: SQLEncodingError.self) { try builder.value(Double.nan) }
        #expect(throws: Never.self) { try builder.value(Double.infinity) }
        #expect(builder.bindings == [.real(.infinity)])
    }

    @Test func functionArgumentsAreCommaSeparatedAndNest() throws {
        var builder = SQLBuilder()
        try builder.function("substr") {
            $0.listItem { $0.identifier("title") }
            try $0.listItem { try $0.value(1) }
            $0.listItem {
                $0.function("length") { $0.listItem { $0.identifier("title") } }
            }
        }
        #expect(builder.sql == #"substr("title", ?, length("title"))"#)
        #expect(builder.bindings == [.integer(1)])
    }

    @Test func runtimeFunctionNamesAreQuoted() {
        var builder = SQLBuilder()
        builder.function(named: "my\"func") { $0.listItem { $0.integer(1) } }
        #expect(builder.sql == #""my""func"(1)"#)
    }

    @Test func wrappedValueAppliesTheTypesWrapInBothModes() throws {
        for mode in [SQLBuilder.Mode.parameters, .inlineLiterals] {
            var builder = SQLBuilder(mode: mode)
            JulianDay.wrapSQL(into: &builder) { $0.identifier("reminders", "dueAt") }
            builder.keyword("<")
            try builder.wrappedValue(JulianDay(text: "2024-01-01 10:00:00"))
            let value = mode == .parameters ? "?" : "'2024-01-01 10:00:00'"
            #expect(builder.sql == #"julianday("reminders"."dueAt") < julianday(\#(value))"#)
        }
    }

    @Test func appendingAFragmentKeepsItsBindingsInOrder() throws {
        let condition = try SQLFragment {
            $0.identifier("id")
            $0.keyword("=")
            try $0.value(7)
        }
        var builder = SQLBuilder()
        builder.keyword("SELECT")
        try builder.value("a")
        builder.keyword("WHERE")
        builder.append(condition)
        #expect(builder.sql == #"SELECT ? WHERE "id" = ?"#)
        #expect(builder.bindings == [.text("a"), .integer(7)])
    }

    @Test func sqlValueDescriptionIsItsLiteral() {
        #expect(SQLValue.text("it's").description == "'it''s'")
        #expect(SQLValue.blob([0xFF]).description == "X'FF'")
        #expect(SQLValue.null.description == "NULL")
        #expect(SQLValue.real(.nan).description == "nan")
    }
}

/// A date kept as text and compared as a julian day: the seed's `wrapSQL` example.
private struct JulianDay: SQLCustomType, SQLComparable {
    var text: String
    static var storage: SQLStorage { .text }
    init(text: String) { self.text = text }
    init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        text = try String(reader: reader, at: index)
    }
    func bind(into context: inout some SQLBindingContext) throws {
        try context.bindText(text)
    }
    static func wrapSQL(into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void) rethrows {
        try builder.function("julianday") { try $0.listItem(expression) }
    }
}
