import Codd
import Foundation
import Testing

@Suite("README")
struct ReadmeTests {
    @Test func everySwiftBlockIsCompiledHere() throws {
        try GuideSnippets.expectCompiled(guide: "README.md", by: ["ReadmeTests.swift"])
    }

    @Test func theTourRuns() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("codd-readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let previous = FileManager.default.currentDirectoryPath
        #expect(FileManager.default.changeCurrentDirectoryPath(directory.path))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }

        // The README's tour, verbatim:
        enum Priority: Int, SQLCustomType, SQLComparable { case low = 1, medium, high }

        let database = try Database(path: "reminders.sqlite")   // WAL, busy timeout, foreign keys on
        try database.write { db in                               // BEGIN IMMEDIATE … COMMIT, ROLLBACK on error
            try db.execute(#"CREATE TABLE IF NOT EXISTS "reminders" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "priority" INTEGER)"#)
            try db.execute(#"INSERT INTO "reminders" ("title", "priority") VALUES (?, ?)"#, "Buy milk", Priority.high)
        }
        let rows = try database.read { db in                     // typed rows, decoded straight from the statement
            try db.fetchAll((Int, String, Priority?).self, #"SELECT "id", "title", "priority" FROM "reminders""#)
        }
        let urgent = try SQLFragment(mode: .inlineLiterals) {    // one expression, rendered as literals for display
            $0.keyword("SELECT count(*) FROM")
            $0.identifier("reminders")
            $0.keyword("WHERE")
            $0.identifier("priority")
            $0.keyword(">=")
            try $0.value(Priority.high)
        }
        print(rows, urgent.sql)  // SELECT count(*) FROM "reminders" WHERE "priority" >= 3

        #expect(rows.count == 1)
        #expect(rows.first?.1 == "Buy milk")
        #expect(rows.first?.2 == .high)
        #expect(urgent.sql == #"SELECT count(*) FROM "reminders" WHERE "priority" >= 3"#)
        let count = try database.read { db in try db.fetchOne(Int.self, urgent) }
        #expect(count == 1)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("reminders.sqlite").path))
    }
}
