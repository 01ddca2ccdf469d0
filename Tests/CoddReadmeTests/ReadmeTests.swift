import Codd
import Foundation
import Testing
import CoddDocSupport

@Suite("README")
struct ReadmeTests {
    @Test func everySwiftBlockIsCompiledHere() throws {
        try GuideSnippets.expectCompiled(guide: "README.md", by: ["CoddReadmeTests/ReadmeTests.swift"])
    }

    @Test func theTourRuns() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "codd-readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let previous = FileManager.default.currentDirectoryPath
        #expect(FileManager.default.changeCurrentDirectoryPath(directory.path))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }

        // The README's tour, verbatim:
        let database = try Database(path: "reminders.sqlite")  // WAL, busy timeout, foreign keys on
        try database.write { db in  // BEGIN IMMEDIATE … COMMIT, ROLLBACK on error
            try db.execute(
                #"CREATE TABLE IF NOT EXISTS "reminders" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "priority" INTEGER)"#
            )
            try Reminder.insert { Reminder.Draft(title: "Buy milk", priority: .high) }.execute(db)
        }
        let urgent = Reminder.where { $0.priority >= Priority.high }.order(by: \.title)
        let rows = try database.read { db in try urgent.fetchAll(db) }  // [Reminder], read straight off the statement
        print(urgent)  // SELECT "id", "title", "priority" FROM "reminders" WHERE ("priority" >= 3) ORDER BY "title"
        print(rows.map(\.title))  // ["Buy milk"]

        #expect(rows.map(\.title) == ["Buy milk"])
        #expect(rows.first?.priority == .high)
        #expect(
            urgent.description
                == #"SELECT "id", "title", "priority" FROM "reminders" WHERE ("priority" >= 3) ORDER BY "title""#)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("reminders.sqlite").path))
    }
}

// The README's declarations, verbatim.

enum Priority: Int, SQLCustomType, SQLComparable { case low = 1, medium, high }

@Table struct Reminder: Identifiable {  // "reminders": typed columns, row decoding, Draft
    let id: Int
    var title = ""
    var priority: Priority?
}
