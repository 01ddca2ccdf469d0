import CoddCore
import Testing

/// The dialect travels in the builder: SQLite by default, and a dialect that numbers its
/// placeholders gets `$1 … $n` in order, with the bindings in the same order.
@Suite("SQL dialect")
struct SQLDialectTests {
    static let numbered = SQLDialect(
        name: "Numbered", placeholderStyle: .dollarNumbered, capabilities: [], spelling: SQLiteSpelling.self)

    @Test func sqliteIsTheDefault() throws {
        let builder = SQLBuilder()
        #expect(builder.dialect == .sqlite)
        #expect(SQLDialect.sqlite.description == "SQLite")
        let fragment = try SQLFragment { builder in
            builder.identifier("t", "a")
            builder.keyword("=")
            try builder.value(1)
        }
        #expect(fragment.sql == #""t"."a" = ?"#)
    }

    @Test func numberedPlaceholdersCountInOrder() throws {
        let fragment = try SQLFragment(dialect: Self.numbered) { builder in
            builder.keyword("SELECT")
            try builder.list { builder in
                for value in 1...11 {
                    try builder.listItem { try $0.value(Int64(value) * 10) }
                }
                try builder.listItem { try $0.value("it's -- 🎉") }
            }
        }
        #expect(fragment.sql == "SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12")
        let expected: [SQLValue] = (1...11).map { .integer(Int64($0) * 10) } + [.text("it's -- 🎉")]
        #expect(fragment.bindings == expected)
    }

    @Test func inlineLiteralsIgnorePlaceholderStyle() throws {
        let fragment = try SQLFragment(mode: .inlineLiterals, dialect: Self.numbered) { builder in
            try builder.value("it's")
        }
        #expect(fragment.sql == "'it''s'")
        #expect(fragment.bindings.isEmpty)
    }

    /// A dialect is defined in one place: its capabilities and its spelling table. Code
    /// that renders asks them, never the dialect's name.
    enum ShoutingSpelling: SQLDialectSpelling {
        static func name(of function: SQLDialectFunction) -> StaticString? {
            function == .total ? nil : SQLiteSpelling.name(of: function)
        }
        static func renderBoolean(_ value: Bool, into builder: inout SQLBuilder) {
            builder.keyword(value ? "YES" : "NO")
        }
        static func nullSafeEquality(negated: Bool) -> StaticString {
            negated ? "IS DISTINCT FROM" : "IS NOT DISTINCT FROM"
        }
    }

    static let shouting = SQLDialect(
        name: "Shouting", placeholderStyle: .questionMark, capabilities: [.fts5], spelling: ShoutingSpelling.self)

    @Test func aDialectIsItsCapabilitiesAndItsSpellings() throws {
        var builder = SQLBuilder(dialect: Self.shouting)
        builder.dialect.spelling.renderBoolean(true, into: &builder)
        builder.keyword(builder.dialect.spelling.nullSafeEquality(negated: false))
        #expect(String(decoding: builder.sqlBytes, as: UTF8.self) == "YES IS NOT DISTINCT FROM")
        #expect(throws: SQLDialectError.self) { try builder.require(.dateFunctions, "date arithmetic") }
        try builder.require(.fts5, "FTS5")
        let error = #expect(throws: SQLDialectError.self) { try builder.function(.total) { _ in } }
        #expect(error?.description == "total() is SQLite-only: Shouting has no equivalent Codd renders")
        // SQLite's own: every capability a SQLite-only feature needs, its spellings.
        #expect(SQLDialect.sqlite.supports([.dateFunctions, .conflictClauses, .fts5, .implicitRecursion]))
        #expect(!SQLDialect.sqlite.hasNativeTypes)
        var sqlite = SQLBuilder()
        sqlite.conditional({ $0.keyword("a") }, then: { $0.keyword("b") }, otherwise: { $0.keyword("c") })
        #expect(String(decoding: sqlite.sqlBytes, as: UTF8.self) == "iif(a, b, c)")
        #expect(Self.shouting != SQLDialect.sqlite)
    }
}
