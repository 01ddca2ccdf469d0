import Codd
import CoddMigrations
import Foundation
import Testing

/// Annotations are found, resolved through the registry and stripped; everything else stays.
@Suite struct AnnotatedSQLTests {
    /// The seed's first migration: `completedOn INTEGER AS Date`.
    @Test func seedMigration() throws {
        let sql = try AnnotatedSQL(
            """
            CREATE TABLE todo (
              id INTEGER,
              name TEXT NOT NULL,
              completedOn INTEGER AS Date
            )
            """, file: "Migrations/1.sql", registry: .standard)
        #expect(
            sql.sql == """
                CREATE TABLE todo (
                  id INTEGER,
                  name TEXT NOT NULL,
                  completedOn INTEGER
                )
                """)
        let annotation = try #require(sql.annotations.first)
        #expect(annotation.text == "INTEGER AS Date")
        #expect(annotation.codec.name == "unixTime")
        #expect(same(annotation.codec.representation, Date.UnixTimeRepresentation.self))
        #expect(annotation.location.description == "Migrations/1.sql:4:15")
    }

    /// Every form of the seed: TEXT and BLOB UUIDs, a date with a named codec, a quoted
    /// type with a dot through a user's codec; storage names in any case.
    @Test func seedAnnotationsResolve() throws {
        let sql = try AnnotatedSQL(
            """
            CREATE TABLE item (
              a TEXT AS UUID,
              b BLOB AS UUID NOT NULL,
              c INTEGER AS Date USING unixTimeMilliseconds,
              d TEXT AS "Todo.ID" PRIMARY KEY NOT NULL,
              e text as UUID,
              f Blob As UUID,
              g TEXT AS UUID USING uppercase,
              h REAL AS Date USING unixTime,
              i TEXT AS Todo.ID,
              j BLOB AS [UInt8]
            );
            """, registry: appRegistry)
        let codecs = sql.annotations.map { "\($0.text) → \($0.codec)" }
        #expect(
            codecs == [
                "TEXT AS UUID → TEXT AS UUID USING lowercase",
                "BLOB AS UUID → BLOB AS UUID USING bytes",
                "INTEGER AS Date USING unixTimeMilliseconds → INTEGER AS Date USING unixTimeMilliseconds",
                #"TEXT AS "Todo.ID" → TEXT AS Todo.ID USING text"#,
                "text as UUID → TEXT AS UUID USING lowercase",
                "Blob As UUID → BLOB AS UUID USING bytes",
                "TEXT AS UUID USING uppercase → TEXT AS UUID USING uppercase",
                "REAL AS Date USING unixTime → REAL AS Date USING unixTime",
                "TEXT AS Todo.ID → TEXT AS Todo.ID USING text",
                "BLOB AS [UInt8] → BLOB AS [UInt8] USING default",
            ])
        #expect(same(sql.annotations[1].codec.representation, UUID.BlobRepresentation.self))
        #expect(same(sql.annotations[3].codec.representation, Todo.ID.self))
        #expect(
            sql.sql == """
                CREATE TABLE item (
                  a TEXT,
                  b BLOB NOT NULL,
                  c INTEGER,
                  d TEXT PRIMARY KEY NOT NULL,
                  e text,
                  f Blob,
                  g TEXT,
                  h REAL,
                  i TEXT,
                  j BLOB
                );
                """)
    }

    /// `ALTER TABLE … ADD COLUMN` takes annotations too.
    @Test func alterTableAddColumn() throws {
        let sql = try AnnotatedSQL(
            #"ALTER TABLE "todo" ADD COLUMN "syncedAt" TEXT AS Date USING iso8601"#, registry: .standard)
        #expect(sql.sql == #"ALTER TABLE "todo" ADD COLUMN "syncedAt" TEXT"#)
        #expect(sql.annotations.map(\.codec.name) == ["iso8601"])
    }

    /// The seed's FTS5 table: its columns' types and NOT NULL are not FTS5 arguments, so
    /// they go; options (trigram, prefix, content) and UNINDEXED stay as written.
    @Test func typedFTS5Table() throws {
        let sql = try AnnotatedSQL(
            """
            CREATE VIRTUAL TABLE searchIndex USING fts5 (
                id INTEGER NOT NULL UNINDEXED,
                uuid TEXT AS UUID NOT NULL UNINDEXED,
                text TEXT,
                tokenize = 'trigram', prefix = '2 3', content = 'todo', content_rowid = 'id'
            );
            """, registry: .standard)
        #expect(
            sql.sql == """
                CREATE VIRTUAL TABLE searchIndex USING fts5 (
                    id UNINDEXED,
                    uuid UNINDEXED,
                    text,
                    tokenize = 'trigram', prefix = '2 3', content = 'todo', content_rowid = 'id'
                );
                """)
        let table = try #require(SQLSchema(applying: [sql]).table(named: "searchindex"))
        #expect(table.kind == .virtual(module: "fts5"))
        #expect(table.columns.map(\.description) == ["id INTEGER NOT NULL", "uuid TEXT AS UUID NOT NULL", "text TEXT"])
        #expect(table.columns.map(\.swiftTypeName) == ["Int", "UUID", "String?"])
    }

    /// `AS` where it is not an annotation: in strings, comments, quoted identifiers, CHECK
    /// constraints, defaults, generated columns, `CREATE TABLE … AS SELECT`, views, triggers.
    @Test func asInOddPlacesIsLeftAlone() throws {
        let source = #"""
            -- TEXT AS UUID in a comment
            /* BLOB AS Date in a block comment */
            CREATE TABLE "AS" (
              "TEXT AS UUID" TEXT CHECK ("TEXT AS UUID" <> 'TEXT AS UUID') DEFAULT 'BLOB AS Date',
              [BLOB AS Date] INTEGER DEFAULT (CAST('1' AS INTEGER)),
              `x AS y` TEXT COLLATE NOCASE,
              total INTEGER AS (length("TEXT AS UUID")) STORED,
              other INTEGER GENERATED ALWAYS AS (total * 2) VIRTUAL,
              CHECK (CAST(total AS TEXT) <> 'AS')
            );
            CREATE TABLE copy AS SELECT "TEXT AS UUID" AS a FROM "AS";
            CREATE VIEW v AS SELECT total AS t FROM "AS";
            CREATE TRIGGER t AFTER INSERT ON "AS" BEGIN
              INSERT INTO copy SELECT CASE WHEN new.total > 1 THEN 'x' ELSE 'y' END AS a;
              UPDATE copy SET a = CAST(a AS TEXT);
            END;
            """#
        let sql = try AnnotatedSQL(source, registry: .standard)
        #expect(sql.sql == source)
        #expect(sql.annotations.isEmpty)
        #expect(sql.statements.map(\.keyword) == ["CREATE", "CREATE", "CREATE", "CREATE"])
        let database = try Database.inMemory()
        try database.write { db in
            for statement in sql.statements { try db.execute(statement.sql) }
            try db.execute(#"INSERT INTO "AS" ("TEXT AS UUID") VALUES ('AS')"#)
        }
        #expect(try database.read { db in try db.fetchAll(String.self, "SELECT a FROM copy") } == ["x"])
        let table = try #require(SQLSchema(applying: [sql]).table(named: "AS"))
        #expect(table.columns.map(\.name) == ["TEXT AS UUID", "BLOB AS Date", "x AS y", "total", "other"])
        #expect(table.columns.map(\.isGenerated) == [false, false, false, true, true])
    }

    /// Hostile identifiers: quotes inside quotes, `--`, `;`, emoji, keywords as names.
    @Test func hostileIdentifiers() throws {
        let source = #"""
            CREATE TABLE "we""ird; -- table 🎉" (
              "id"";DROP TABLE x;--" TEXT AS UUID PRIMARY KEY NOT NULL,
              [select] INTEGER AS Date,
              `a``b` BLOB AS UUID,
              "é🎉" TEXT AS "Todo.ID"
            );
            """#
        let sql = try AnnotatedSQL(source, registry: appRegistry)
        #expect(
            sql.sql == #"""
                CREATE TABLE "we""ird; -- table 🎉" (
                  "id"";DROP TABLE x;--" TEXT PRIMARY KEY NOT NULL,
                  [select] INTEGER,
                  `a``b` BLOB,
                  "é🎉" TEXT
                );
                """#)
        let table = try #require(SQLSchema(applying: [sql]).tables.first)
        #expect(table.name == #"we"ird; -- table 🎉"#)
        #expect(table.columns.map(\.name) == [#"id";DROP TABLE x;--"#, "select", "a`b", "é🎉"])
        #expect(table.primaryKey == [#"id";DROP TABLE x;--"#])
        #expect(sql.annotations[3].location.column == 8)
        let database = try Database.inMemory()
        try database.write { db in try db.execute(sql.sql) }
        #expect(try schemaRows(database).count == 2)  // the table and its primary key index
    }

    /// A 1 MB migration: 4,000 annotated tables parse, strip and run in one go.
    @Test func oneMegabyteMigration() throws {
        var source = ""
        var expected = ""
        var index = 0
        while source.utf8.count < 1_000_000 {
            source +=
                "CREATE TABLE t\(index) (id TEXT AS UUID PRIMARY KEY NOT NULL, at INTEGER AS Date USING unixTimeMilliseconds, note TEXT DEFAULT 'AS -- ;', body BLOB AS UUID); -- \(String(repeating: "x", count: 100))\n"
            expected +=
                "CREATE TABLE t\(index) (id TEXT PRIMARY KEY NOT NULL, at INTEGER, note TEXT DEFAULT 'AS -- ;', body BLOB); -- \(String(repeating: "x", count: 100))\n"
            index += 1
        }
        let clock = ContinuousClock()
        let start = clock.now
        let sql = try AnnotatedSQL(source, file: "big.sql", registry: .standard)
        #expect(clock.now - start < .seconds(5))
        #expect(sql.sql == expected)
        #expect(sql.annotations.count == index * 3)
        #expect(sql.annotations.last?.location.line == index)
        let schema = SQLSchema(applying: [sql])
        #expect(schema.tables.count == index)
    }

    /// Unterminated literals and comments name the line and column where they open.
    @Test func unterminatedInput() {
        let cases: [(String, String)] = [
            (
                "CREATE TABLE t (\n  a TEXT DEFAULT 'never closed\n);",
                "<sql>:2:18: unterminated string literal: a ' is never closed"
            ),
            ("CREATE TABLE \"t (a TEXT);", #"<sql>:1:14: unterminated quoted identifier: a ", [ or ` is never closed"#),
            ("CREATE TABLE [t (a TEXT);", #"<sql>:1:14: unterminated quoted identifier: a ", [ or ` is never closed"#),
            (
                "CREATE TABLE t (a TEXT); /* TEXT AS UUID",
                "<sql>:1:26: unterminated comment: a /* is never closed by */"
            ),
            ("CREATE TABLE t (a TEXT AS UUID", "<sql>:1:1: unbalanced parentheses"),
            ("CREATE TABLE t (a TEXT));", "<sql>:1:24: unbalanced parentheses"),
            ("CREATE TRIGGER x AFTER INSERT ON t BEGIN SELECT 1;", "<sql>:1:1: CREATE TRIGGER body has no END"),
            (
                "CREATE TABLE t (a TEXT DEFAULT 'a\u{0}b');",
                "<sql>:1:34: NUL byte in the SQL: SQLite would stop reading there"
            ),
            (
                "CREATE TABLE t (a TEXT);\u{0}DROP TABLE t;",
                "<sql>:1:25: NUL byte in the SQL: SQLite would stop reading there"
            ),
        ]
        for (source, message) in cases {
            let error = caught(AnnotatedSQLError.self) { _ = try AnnotatedSQL(source, registry: .standard) }
            #expect(error?.description == message, "\(source)")
        }
    }

    /// `BLOB AS Date`: the seed's system accepts it and fails at run time; here it is an
    /// error naming the file, line, column, the annotation and the codecs Date has.
    @Test func blobAsDateIsRefused() {
        let error = caught(AnnotatedSQLError.self) {
            _ = try AnnotatedSQL(
                "CREATE TABLE todo (\n  id INTEGER PRIMARY KEY,\n  completedOn BLOB AS Date\n);",
                file: "Migrations/1.sql", registry: .standard)
        }
        #expect(
            error?.description
                == "Migrations/1.sql:3:15: BLOB AS Date: Date has no BLOB codec; available: TEXT (text, iso8601), INTEGER (unixTime, unixTimeMilliseconds), REAL (julianDay, unixTime)"
        )
        #expect(error?.line == 3)
        #expect(error?.column == 15)
        #expect(error?.annotation == "BLOB AS Date")
        #expect(
            error?.reason
                == .unresolved(
                    .noCodecForStorage(
                        typeName: "Date", storage: .blob,
                        available:
                            "TEXT (text, iso8601), INTEGER (unixTime, unixTimeMilliseconds), REAL (julianDay, unixTime)"
                    )))
    }

    /// Every other way an annotation fails, each with its message.
    @Test func badAnnotations() {
        var ambiguous = SQLCodecRegistry.standard
        try? ambiguous.register([
            SQLCodec(name: "cents", representation: Int.self).renamed(type: "Money"),
            SQLCodec(name: "micros", representation: Int.self).renamed(type: "Money"),
        ])
        let cases: [(String, SQLCodecRegistry, String)] = [
            (
                "CREATE TABLE t (a TEXT AS Uuid);", .standard,
                "<sql>:1:19: TEXT AS Uuid: no codec is registered for Uuid; registered types: Bool, Data, Date, Decimal, Double, Float, Int, Int16, Int32, Int64, Int8, JSON, String, UInt16, UInt32, UInt64, UInt8, UUID, [UInt8]"
            ),
            (
                "CREATE TABLE t (a INTEGER AS Date USING unixMilliseconds);", .standard,
                "<sql>:1:19: INTEGER AS Date USING unixMilliseconds: Date has no INTEGER codec named unixMilliseconds; available: unixTime, unixTimeMilliseconds"
            ),
            (
                "CREATE TABLE t (a INTEGER AS Money);", ambiguous,
                "<sql>:1:19: INTEGER AS Money: Money has several INTEGER codecs and no default; add USING with one of: cents, micros"
            ),
            (
                "CREATE TABLE t (a VARCHAR(36) AS UUID);", .standard,
                "<sql>:1:19: VARCHAR(36) AS UUID: VARCHAR(36) is not a storage class; an annotated column is declared INTEGER, REAL, TEXT or BLOB (e.g. TEXT AS UUID)"
            ),
            (
                "CREATE TABLE t (a AS UUID);", .standard,
                "<sql>:1:19: an annotation needs a storage class before AS (e.g. TEXT AS UUID)"
            ),
            (
                "CREATE TABLE t (a TEXT NOT NULL AS UUID);", .standard,
                "<sql>:1:33: AS UUID: the annotation must follow the storage class directly, before any constraint (e.g. TEXT AS UUID NOT NULL)"
            ),
            (
                "CREATE TABLE t (a TEXT AS);", .standard,
                "<sql>:1:19: TEXT AS: AS and USING must be followed by a name (e.g. INTEGER AS Date USING unixTimeMilliseconds)"
            ),
            (
                "CREATE TABLE t (a TEXT AS UUID USING);", .standard,
                "<sql>:1:19: TEXT AS UUID USING: AS and USING must be followed by a name (e.g. INTEGER AS Date USING unixTimeMilliseconds)"
            ),
            (
                "CREATE VIRTUAL TABLE s USING fts5(a AS UUID);", .standard,
                "<sql>:1:37: AS UUID: an annotation needs a storage class before AS (e.g. TEXT AS UUID)"
            ),
            (
                "CREATE VIRTUAL TABLE s USING fts5(title X TEXT INTEGER);", .standard,
                "<sql>:1:41: X is not an FTS5 column option; an FTS5 column is a name, then UNINDEXED, a storage class (e.g. TEXT AS UUID) and NOT NULL, each at most once"
            ),
            (
                "CREATE VIRTUAL TABLE s USING fts5(title TEXT INTEGER);", .standard,
                "<sql>:1:46: INTEGER is not an FTS5 column option; an FTS5 column is a name, then UNINDEXED, a storage class (e.g. TEXT AS UUID) and NOT NULL, each at most once"
            ),
            (
                "CREATE VIRTUAL TABLE s USING fts5(title NOT TEXT NULL);", .standard,
                "<sql>:1:41: NOT is not an FTS5 column option; an FTS5 column is a name, then UNINDEXED, a storage class (e.g. TEXT AS UUID) and NOT NULL, each at most once"
            ),
            (
                "CREATE VIRTUAL TABLE s USING fts5(title UNINDEXED TEXT UNINDEXED);", .standard,
                "<sql>:1:56: UNINDEXED is not an FTS5 column option; an FTS5 column is a name, then UNINDEXED, a storage class (e.g. TEXT AS UUID) and NOT NULL, each at most once"
            ),
            (
                "CREATE TABLE t (a NULL AS UUID);", .standard,
                "<sql>:1:24: AS UUID: the annotation must follow the storage class directly, before any constraint (e.g. TEXT AS UUID NOT NULL)"
            ),
        ]
        for (source, registry, message) in cases {
            let error = caught(AnnotatedSQLError.self) { _ = try AnnotatedSQL(source, registry: registry) }
            #expect(error?.description == message, "\(source)")
        }
    }

    /// Statements are split at semicolons outside strings, comments and trigger bodies,
    /// each keeping its exact text and location.
    @Test func statements() throws {
        let sql = try AnnotatedSQL(
            """
            CREATE TABLE a (x TEXT AS UUID); -- one
            INSERT INTO a VALUES ('x;y');;
              /* two */ CREATE TEMP TRIGGER t AFTER INSERT ON a BEGIN DELETE FROM a; END ;
            SELECT 1
            """, registry: .standard)
        #expect(
            sql.statements.map(\.sql) == [
                "CREATE TABLE a (x TEXT)",
                "INSERT INTO a VALUES ('x;y')",
                "CREATE TEMP TRIGGER t AFTER INSERT ON a BEGIN DELETE FROM a; END",
                "SELECT 1",
            ])
        #expect(sql.statements.map(\.location.description) == ["<sql>:1:1", "<sql>:2:1", "<sql>:3:13", "<sql>:4:1"])
        #expect(sql.statements.map(\.keyword) == ["CREATE", "INSERT", "CREATE", "SELECT"])
        #expect(sql.statements[0].annotations.map(\.text) == ["TEXT AS UUID"])
    }
}

extension SQLCodec {
    /// The same codec under another type name, for registries built by the tests.
    func renamed(type: String) -> SQLCodec {
        SQLCodec(typeName: type, name: name, isDefault: isDefault, representation: representation)
    }
}
