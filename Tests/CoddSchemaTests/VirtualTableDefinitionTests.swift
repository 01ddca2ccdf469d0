import Codd
import CoddFTS5SQLite
import Testing

/// `VirtualTableDefinition` reads a `CREATE VIRTUAL TABLE` statement as SQLite splits it.
/// SQLite is the reference: each statement is created on a real database and read back from
/// `sqlite_schema`, and FTS5's own reading of the column arguments (`PRAGMA table_info`) is
/// what the dequoted values must name.
@Suite struct VirtualTableDefinitionTests {
    /// The statement SQLite keeps for `sql`, and the column names FTS5 declared from it.
    func stored(_ sql: String) throws -> (sql: String, columns: [String]) {
        let database = try Database.inMemory()
        return try database.write { db in
            try db.execute(sql)
            let stored = try db.fetchOne(String.self, "SELECT sql FROM sqlite_schema WHERE type = 'table'") ?? ""
            let name = try db.fetchOne(String.self, "SELECT name FROM sqlite_schema WHERE type = 'table'") ?? ""
            let columns = try db.fetchAll(String.self, "SELECT name FROM pragma_table_info(?)", name)
            return (stored, columns)
        }
    }

    @Test func argumentsAsSQLiteSplitsThem() throws {
        let (sql, columns) = try stored(
            """
            CREATE VIRTUAL TABLE IF NOT EXISTS main."we""ird(" USING "FTS5" ( "a,b" , [c d] UNINDEXED,
              `e``f`, 'g''h' /* a comment, with a comma */, -- and another
              tokenize = 'porter unicode61 tokenchars ''-''', prefix = 2 );
            """)
        let definition = try #require(VirtualTableDefinition(sql: sql))
        #expect(definition.module == "FTS5")
        #expect(
            definition.arguments.map { $0.map(\.value) } == [
                ["a,b"], ["c d", "UNINDEXED"], ["e`f"], ["g'h"],
                ["tokenize", "=", "porter unicode61 tokenchars '-'"], ["prefix", "=", "2"],
            ])
        #expect(
            definition.arguments.map { $0.map(\.text) } == [
                [#""a,b""#], ["[c d]", "UNINDEXED"], ["`e``f`"], ["'g''h'"],
                ["tokenize", "=", "'porter unicode61 tokenchars ''-'''"], ["prefix", "=", "2"],
            ])
        #expect(definition.arguments.map { $0.map(\.isQuoted) }.first == [true])
        // FTS5 named its columns from the same arguments, dequoted the same way.
        #expect(definition.arguments.prefix(4).map { $0[0].value } == columns)
    }

    @Test func hostileNamesRoundTrip() throws {
        for name in [#"it's"#, #"say "hi""#, "a -- b", "🦊 emoji", "a]b", "tab\there", "U+0080 \u{80}"] {
            let quoted = "\"" + name.replacing("\"", with: "\"\"") + "\""
            let (sql, columns) = try stored("CREATE VIRTUAL TABLE t USING fts5(\(quoted), body)")
            let definition = try #require(VirtualTableDefinition(sql: sql))
            #expect(definition.arguments.map { $0.map(\.value) } == [[name], ["body"]])
            #expect(columns == [name, "body"])
        }
    }

    @Test func listsAndTheirAbsence() throws {
        #expect(VirtualTableDefinition(sql: "CREATE VIRTUAL TABLE t USING fts5()")?.arguments == [])
        #expect(VirtualTableDefinition(sql: "CREATE VIRTUAL TABLE t USING fts5")?.arguments == [])
        #expect(VirtualTableDefinition(sql: "CREATE VIRTUAL TABLE t USING fts5;")?.module == "fts5")
        // A parenthesized value stays one argument, its inner commas included.
        #expect(
            VirtualTableDefinition(sql: "CREATE VIRTUAL TABLE t USING m(a(1, 2), b)")?.arguments.map {
                $0.map(\.text)
            } == [["a", "(", "1", ",", "2", ")"], ["b"]])
    }

    @Test func whatSQLiteCouldNotHaveStoredIsNotRead() {
        for sql in [
            "",
            "SELECT 1",
            "CREATE VIRTUAL TABLE t",
            "CREATE VIRTUAL TABLE t USING",
            "CREATE VIRTUAL TABLE t USING fts5(a, b",
            "CREATE VIRTUAL TABLE t USING fts5(a) b",
            "CREATE VIRTUAL TABLE t USING fts5(a, 'unclosed)",
            "CREATE VIRTUAL TABLE t USING fts5(a /* unclosed)",
            "CREATE VIRTUAL TABLE t USING fts5(a\u{0})",
        ] {
            #expect(VirtualTableDefinition(sql: sql) == nil, "\(sql)")
        }
    }
}
