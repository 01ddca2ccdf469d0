import ArgumentParser
@testable import CoddCommandLine
import CoddDocSupport
import CoddGenerator
import Foundation
import Testing

/// `codd`'s commands, run in process on a project in a temporary folder (`-C folder`, as
/// `git -C`): each reads the configuration of the folder it runs in.
@Suite("codd init, generate, check, migrations add, queries add")
struct CommandLineTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("codd-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func run(_ arguments: [String]) throws {
        var command = try CoddCommand.parseAsRoot(arguments + ["-C", folder.path])
        try command.run()
    }

    func file(_ path: String) -> String? {
        try? String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }

    func write(_ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: folder.appendingPathComponent(path))
    }

    @Test func aProjectFromInitToGenerateCheck() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try run(["init", "--database-name", "AppDatabase"])
        let configuration = try CoddConfiguration.load(folder.appendingPathComponent("codd.json"))
        #expect(configuration == CoddConfiguration(databaseName: "AppDatabase"))
        // What docs/SQLFirst.md shows `codd init` writes.
        let guide = try String(
            contentsOf: GuideSnippets.root.appendingPathComponent("docs/SQLFirst.md"), encoding: .utf8)
        let shown = try #require(guide.firstMatch(of: /```json\n(\{\n  "migrations"[^`]*)```/)?.1)
        #expect(file("codd.json") == String(shown).replacingOccurrences(of: "\"DB\"", with: "\"AppDatabase\""))
        #expect(throws: ExitCode.failure) { try run(["init"]) }

        try run(["migrations", "add"])
        try run(["migrations", "add"])
        #expect(file("Migrations/1.sql") != nil && file("Migrations/2.sql") != nil)
        try write("Migrations/1.sql", "CREATE TABLE todo (id INTEGER PRIMARY KEY, name TEXT NOT NULL);\n")
        try run(["queries", "add", "Todo"])
        #expect(throws: ExitCode.failure) { try run(["queries", "add", "Todo"]) }
        #expect(throws: ExitCode.failure) { try run(["queries", "add", "not a name"]) }
        try write("Queries/Todo.sql", "selectTodos:\nSELECT * FROM todo;\n")

        try run(["check"])
        // Nothing generated yet: --check fails; generate; then --check passes.
        #expect(throws: ExitCode.failure) { try run(["generate", "--check"]) }
        try run(["generate"])
        #expect(file("Generated/AppDatabase+Database.swift")?.contains("final class AppDatabase: Sendable") == true)
        #expect(
            file("Generated/Todo+Queries.swift")?.contains("typealias SelectTodosQuery = Query<Void, [Todo]>") == true)
        try run(["generate", "--check"])

        // A changed query makes the checked-in output stale.
        try write("Queries/Todo.sql", "selectTodos:\nSELECT name FROM todo;\n")
        #expect(throws: ExitCode.failure) { try run(["generate", "--check"]) }
        try run(["generate"])
        try run(["generate", "--check"])
        // A removed query file's output is removed; a stale generated file is found.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Queries/Todo.sql"))
        #expect(throws: ExitCode.failure) { try run(["generate", "--check"]) }
        try run(["generate"])
        #expect(file("Generated/Todo+Queries.swift") == nil)
    }

    @Test func checkFailsOnAnyError() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try run(["init"])
        try write("Migrations/1.sql", "CREATE TABLE todo (id INTEGER PRIMARY KEY);\n")
        try write("Queries/Todo.sql", "bad:\nSELECT nmae FROM todo;\n")
        #expect(throws: ExitCode.failure) { try run(["check"]) }
        #expect(throws: ExitCode.failure) { try run(["generate"]) }
        #expect(file("Generated/DB+Database.swift") == nil)
    }

    @Test func aBrokenConfigurationIsLocated() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: ExitCode.failure) { try run(["check"]) }
        try write("codd.json", #"{ "databaseName": 7 }"#)
        #expect(throws: ConfigurationError.self) {
            try CoddConfiguration.load(folder.appendingPathComponent("codd.json"))
        }
        #expect(throws: ExitCode.failure) { try run(["check"]) }
        try write("codd.json", #"{ "databaseName": "not a type" }"#)
        do {
            _ = try CoddConfiguration.load(folder.appendingPathComponent("codd.json"))
            Issue.record("a database name with spaces loaded")
        } catch {
            #expect(
                error.description.hasSuffix("codd.json:1:1: error: databaseName not a type is not a Swift type name"))
        }
    }
}
