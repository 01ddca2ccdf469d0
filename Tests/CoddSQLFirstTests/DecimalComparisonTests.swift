import Codd
import CoddAnalysis
import CoddMigrations
@testable import CoddGenerator
import Foundation
import Testing

/// A query file that compares, orders, picks or adds a `Decimal`'s text without the
/// `codd_decimal` collation is refused (Fixtures/Decimal/Queries/LineErrors.sql shows each
/// message at its position). SQLite, not the analyzer, is the reference for why.
@Suite("A Decimal in a query file")
struct DecimalComparisonTests {
    static let lines = SourceFile(
        path: "Migrations/1.sql",
        text: """
            CREATE TABLE lines (id INTEGER PRIMARY KEY, amount TEXT AS Decimal NOT NULL);
            """)

    @Test func theFormsRefusedGiveWrongRowsOnSQLiteAndTheFormsAskedForTheRightOnes() throws {
        var configuration = Configuration()
        configuration.add(collation: .decimal)
        let database = try Database.inMemory(configuration: configuration)
        try database.write { db in
            try db.execute("CREATE TABLE lines (id INTEGER PRIMARY KEY, amount TEXT NOT NULL)")
            try db.execute("INSERT INTO lines (amount) VALUES ('9.5'), ('10'), ('-2'), ('100.25')")
        }
        func strings(_ sql: String) throws -> [String] { try database.read { db in try db.fetchAll(String.self, sql) } }
        func ids(_ sql: String) throws -> [Int] { try database.read { db in try db.fetchAll(Int.self, sql, "9") } }
        // As written without the collation: SQLite compares the text.
        #expect(try strings("SELECT max(amount) FROM lines") == ["9.5"])
        #expect(try strings("SELECT amount FROM lines ORDER BY amount") == ["-2", "10", "100.25", "9.5"])
        #expect(try ids("SELECT id FROM lines WHERE amount > ? ORDER BY id") == [1])
        // As the analysis asks: the numbers' order.
        #expect(try strings(#"SELECT max(amount COLLATE "codd_decimal") FROM lines"#) == ["100.25"])
        #expect(
            try strings(#"SELECT amount FROM lines ORDER BY amount COLLATE "codd_decimal""#) == [
                "-2", "9.5", "10", "100.25",
            ])
        #expect(try ids(#"SELECT id FROM lines WHERE amount COLLATE "codd_decimal" > ? ORDER BY id"#) == [1, 2, 4])
        // A position orders by its result column: by the text, unless the number writes the collation.
        #expect(try strings("SELECT amount FROM lines ORDER BY 1") == ["-2", "10", "100.25", "9.5"])
        #expect(
            try strings(#"SELECT amount FROM lines ORDER BY 1 COLLATE "codd_decimal""#) == [
                "-2", "9.5", "10", "100.25",
            ])
        // A number beside the text ranks below every text, whatever the collation; as text it compares.
        #expect(
            try strings(#"SELECT max(0, amount COLLATE "codd_decimal") FROM lines ORDER BY id"#) == [
                "9.5", "10", "-2", "100.25",
            ])
        #expect(
            try database.read { db in
                try db.fetchAll(Int.self, #"SELECT min(0, amount COLLATE "codd_decimal") FROM lines ORDER BY id"#)
            } == [0, 0, 0, 0])
        #expect(
            try strings(#"SELECT max('0' COLLATE "codd_decimal", amount) FROM lines ORDER BY id"#) == [
                "9.5", "10", "0", "100.25",
            ])
        // sum adds in floating point: what the analysis refuses for a Decimal.
        let sum = try database.read { db in
            try db.fetchOne(Double.self, "SELECT sum(amount) FROM (SELECT '0.1' AS amount UNION ALL SELECT '0.2')")
        }
        #expect(sum == 0.30000000000000004)
    }

    @Test func theAnalysisRefusesWhatSQLiteGetsWrongAndAcceptsTheFormsAskedFor() {
        func diagnostics(_ query: String) -> [String] {
            SQLiteCheckTests.run(query, migrations: [Self.lines])
        }
        #expect(
            diagnostics("largest:\nSELECT max(amount) AS largest FROM lines;") == [
                #"Queries/Todo.sql:2:12: error: max(amount) picks by the stored text of TEXT AS Decimal, not as Decimal: write max(amount COLLATE "codd_decimal")"#
            ])
        #expect(diagnostics(#"largest:\#nSELECT max(amount COLLATE "codd_decimal") AS largest FROM lines;"#).isEmpty)
        #expect(
            diagnostics(#"above:\#nSELECT id FROM lines WHERE amount COLLATE "codd_decimal" > ? ORDER BY id;"#).isEmpty)
        #expect(
            diagnostics("ordered:\nSELECT amount FROM lines ORDER BY 1;") == [
                #"Queries/Todo.sql:2:35: error: 1 is TEXT AS Decimal, which SQLite orders by its stored text here, not as Decimal: write ORDER BY 1 COLLATE "codd_decimal" (or declare the column COLLATE "codd_decimal")"#
            ])
        #expect(diagnostics(#"ordered:\#nSELECT amount FROM lines ORDER BY 1 COLLATE "codd_decimal";"#).isEmpty)
        #expect(
            diagnostics(#"atLeastZero:\#nSELECT max(0, amount COLLATE "codd_decimal") AS atLeastZero FROM lines;"#) == [
                #"Queries/Todo.sql:2:12: error: max(0, amount COLLATE "codd_decimal") ranks the number 0 below any text of TEXT AS Decimal, whatever its value (SQLite orders every number before every text): write max('0', amount COLLATE "codd_decimal")"#
            ])
        #expect(
            diagnostics(#"atLeastZero:\#nSELECT max('0' COLLATE "codd_decimal", amount) AS atLeastZero FROM lines;"#)
                .isEmpty)
    }

    @Test func equalDecimalsAreEqualText() throws {
        // Why equality is left as written: one canonical text per value.
        let database = try Database.inMemory()
        let forms = try ["1.50", "1.5", "01.5", "1.500000"].map { try #require(Decimal(string: $0)) }
        let texts = try database.read { db in try forms.map { try db.fetchOne(String.self, "SELECT ?", $0) } }
        #expect(Set(texts) == ["1.5"])
    }

    @Test func aViewOfTheMigrationsIsWarnedNotRefused() {
        // An applied migration cannot change: its view's sum of decimal text is a warning,
        // and the queries still generate.
        let view = SourceFile(
            path: "Migrations/2.sql",
            text: "CREATE VIEW totals AS SELECT sum(amount) AS total FROM lines;")
        let diagnostics = SQLiteCheckTests.run("ids:\nSELECT id FROM lines;", migrations: [Self.lines, view])
        #expect(
            diagnostics == [
                "Migrations/2.sql:1:1: warning: view totals: sum() of amount, which is TEXT AS Decimal: SQLite would compute in floating point and round; fetch the values and add them as Decimal in Swift"
            ])
    }

    @Test func aMigrationMayNameTheCollationAndEveryConnectionThenKnowsIt() throws {
        // No collation configured: the migrator registers Codd's own, so a column that
        // declares it is created, and a reader of the pool (another connection) runs raw SQL
        // that names it.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "codd-decimal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var migrator = Migrator()
        try migrator.registerMigration(
            "1",
            sql:
                #"CREATE TABLE lines (id INTEGER PRIMARY KEY, amount TEXT AS Decimal NOT NULL COLLATE "codd_decimal");"#
        )
        let pool = try DatabasePool(path: directory.appendingPathComponent("db.sqlite").path)
        #expect(try migrator.migrate(pool) == ["1"])
        try pool.write { db in try db.execute("INSERT INTO lines (amount) VALUES ('9.5'), ('10')") }
        let largest = try pool.read { db in try db.fetchOne(String.self, "SELECT max(amount) FROM lines") }
        #expect(largest == "10")
    }
}
