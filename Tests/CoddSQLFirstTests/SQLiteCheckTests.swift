import CoddAnalysis
@testable import CoddGenerator
import Foundation
import Testing

/// SQLite's check: what SQLite refuses is an error at the offending token, also what the
/// analyzer lets through; PureSQL reports a diagnostic on the whole SQL string.
@Suite("SQLite's check, located")
struct SQLiteCheckTests {
    static let migration = SourceFile(
        path: "Migrations/1.sql",
        text: """
            CREATE TABLE todo (
              id INTEGER PRIMARY KEY,
              name TEXT NOT NULL,
              completedOn INTEGER AS Date USING unixTimeMilliseconds
            );
            """)

    static func run(_ queries: String, migrations: [SourceFile] = [migration], functions: [FunctionDeclaration] = [])
        -> [String]
    {
        let sources = ProjectSources(
            migrations: migrations, queries: [SourceFile(path: "Queries/Todo.sql", text: queries)], functions: functions
        )
        return Generation.run(sources, configuration: CoddConfiguration(functions: functions), generating: false)
            .diagnostics.map(\.description)
    }

    @Test func errorsOnlySQLiteFindsAreLocatedAtTheirToken() {
        // The analyzer types these; SQLite refuses them, each at the token it names.
        let diagnostics = Self.run(
            """
            aggregateInWhere:
            SELECT name FROM todo WHERE CAST(:day? AS INTEGER AS Date) < completedOn AND count(*) > 1;

            orderOutOfRange:
            SELECT name FROM todo ORDER BY 3;

            distinctWindow:
            SELECT count(DISTINCT name) OVER () AS n FROM todo;
            """)
        #expect(
            diagnostics == [
                "Queries/Todo.sql:2:78: error: misuse of aggregate function count()",
                "Queries/Todo.sql:5:23: error: 1st ORDER BY term out of range - should be between 1 and 1",
                "Queries/Todo.sql:8:14: error: DISTINCT is not supported for window functions",
            ])
    }

    @Test func aMessageWithoutOffsetIsLocatedAtTheNameItGives() throws {
        let analysis = ProjectAnalysis(
            ProjectSources(
                migrations: [Self.migration],
                queries: [
                    SourceFile(
                        path: "Queries/Todo.sql",
                        text: """
                            rename:
                            UPDATE todo SET name = :name WHERE id = :id;
                            """)
                ]))
        let statement = try #require(analysis.files.first?.queries.first?.statements.first)
        let locator = StatementLocator(statement: statement)
        #expect(
            locator.location(ofCheckOffset: -1, message: "table todo has no column named name").description
                == "Queries/Todo.sql:2:17")
        #expect(
            locator.location(ofCheckOffset: -1, message: "no such table: main.todo").description
                == "Queries/Todo.sql:2:8")
        #expect(
            locator.location(ofCheckOffset: -1, message: "no such column: todo.id").description
                == "Queries/Todo.sql:2:36")
        #expect(locator.location(ofCheckOffset: -1, message: "something else").description == "Queries/Todo.sql:2:1")
    }

    @Test func migrationErrorsAreLocatedInTheFileAsWritten() {
        let broken = SourceFile(
            path: "Migrations/2.sql",
            text: """
                -- The annotation before the error is stripped for SQLite; the location is the file's.
                CREATE TABLE event (id INTEGER PRIMARY KEY, at INTEGER AS Date USING unixTimeMilliseconds, todoID INTEGER);
                CREATE INDEX event_todo ON missing (todoID);
                """)
        let diagnostics = Self.run("one:\nSELECT 1 AS one;", migrations: [Self.migration, broken])
        #expect(diagnostics == ["Migrations/2.sql:3:28: error: no such table: main.missing"])
    }

    @Test func tablesThatWouldMakeOneStructAreAnError() {
        let migration = SourceFile(
            path: "Migrations/1.sql",
            text:
                "CREATE TABLE user_post (id INTEGER PRIMARY KEY);\nCREATE TABLE userPost (id INTEGER PRIMARY KEY);\nCREATE TABLE db (id INTEGER PRIMARY KEY);\n"
        )
        let sources = ProjectSources(migrations: [migration], queries: [])
        let result = Generation.run(sources, configuration: CoddConfiguration(databaseName: "Db"))
        #expect(result.files.isEmpty)
        #expect(
            result.diagnostics.map(\.description) == [
                "Migrations/1.sql:2:8: error: table userPost makes the struct UserPost, as does table user_post; rename one, or map one to a type of your own in codd.json's \"tables\"",
                "Migrations/1.sql:3:8: error: table db makes the struct Db, as does the database type; rename one, or map one to a type of your own in codd.json's \"tables\"",
            ])
    }

    @Test func aDecimalColumnOrderedByItsCollationPrepares() {
        // Decimal is a standard codec: its column names the codd_decimal collation Codd
        // registers at run time, so the check knows it too; an unknown collation is still an error.
        let ledger = SourceFile(
            path: "Migrations/1.sql",
            text: """
                CREATE TABLE ledger (id INTEGER PRIMARY KEY, amount TEXT AS Decimal NOT NULL COLLATE codd_decimal);
                """)
        #expect(
            Self.run("byAmount:\nSELECT amount FROM ledger WHERE amount > ? ORDER BY amount;", migrations: [ledger])
                .isEmpty)
        #expect(
            Self.run("byAmount:\nSELECT amount FROM ledger ORDER BY amount COLLATE nope;", migrations: [ledger]) == [
                "Queries/Todo.sql:2:51: error: no such collation sequence: nope"
            ])
    }

    @Test func declaredFunctionsPrepare() {
        let slugify = FunctionDeclaration(name: "slugify", arguments: ["String"], result: "String")
        #expect(Self.run("slugs:\nSELECT slugify(name) AS slug FROM todo;", functions: [slugify]).isEmpty)
        #expect(
            Self.run("slugs:\nSELECT slugify(name) AS slug FROM todo;") == [
                "Queries/Todo.sql:2:8: error: no such function: slugify (an app function is declared in codd.json's \"functions\")"
            ])
    }

    @Test func theCheckedStatementsKeepTheirPlaceholders() throws {
        let analysis = ProjectAnalysis(
            ProjectSources(
                migrations: [Self.migration],
                queries: [
                    SourceFile(
                        path: "Queries/Todo.sql",
                        text: """
                            filtered:
                            SELECT name FROM todo WHERE name LIKE :name? AND id IN :ids AND completedOn > CAST(? AS INTEGER AS Date);
                            """)
                ]))
        let statement = try #require(analysis.files.first?.queries.first?.statements.first)
        #expect(
            statement.checkSQL
                == "SELECT name FROM todo WHERE name LIKE :name AND id IN (:ids) AND completedOn > CAST(? AS INTEGER)")
        #expect(SQLiteCheck(analysis: analysis).run().isEmpty)
    }
}
