import CoddCore
import Testing

/// The dialect travels in the builder: SQLite by default, and a dialect that numbers its
/// placeholders gets `$1 … $n` in order, with the bindings in the same order.
@Suite("SQL dialect")
struct SQLDialectTests {
    static let numbered = SQLDialect(name: "Numbered", placeholderStyle: .dollarNumbered)

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
        #expect(fragment.bindings == (1...11).map { .integer(Int64($0) * 10) } + [.text("it's -- 🎉")])
    }

    @Test func inlineLiteralsIgnorePlaceholderStyle() throws {
        let fragment = try SQLFragment(mode: .inlineLiterals, dialect: Self.numbered) { builder in
            try builder.value("it's")
        }
        #expect(fragment.sql == "'it''s'")
        #expect(fragment.bindings.isEmpty)
    }
}
