import ArgumentParser
import CoddAnalysis
import CoddCodegen
import CoddGenerator
import Foundation

/// `codd`: Codd's SQL-first compiler on the command line (docs/SQLFirst.md). Every command
/// reads `codd.json` of the folder it runs in (or `--configuration`).
///
/// A library, not the executable's own module: the tests import it, and an executable's
/// module imported by tests is built in an order a cold `swift test` got wrong ("no such
/// module"); `Sources/CoddCLI/main.swift` runs it.
package struct CoddCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "codd",
        abstract: "Compiles SQL migrations and query files into typed Swift (Codd's SQL-first compiler).",
        subcommands: [Init.self, Generate.self, Check.self, Migrations.self, QueriesCommand.self]
    )
}

/// Where the configuration is: `--configuration`, else `codd.json` in the current folder
/// (or in `--directory`).
struct ConfigurationOption: ParsableArguments {
    @Option(name: .long, help: "The configuration file (default: codd.json in the folder).")
    var configuration: String?

    @Option(name: [.customShort("C"), .long], help: "Run as if in this folder.")
    var directory: String?

    var folder: URL {
        URL(fileURLWithPath: directory ?? FileManager.default.currentDirectoryPath)
    }

    var url: URL {
        if let configuration { return URL(fileURLWithPath: configuration, relativeTo: folder) }
        return folder.appendingPathComponent(CoddConfiguration.fileName)
    }

    func load() throws -> Generation {
        do {
            return try Generation(configurationFile: url)
        } catch {
            Output.error(error.description)
            throw ExitCode.failure
        }
    }
}

enum Output {
    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    static func print(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// Every diagnostic, one a line, in the form editors read.
    static func report(_ diagnostics: [SQLFirstDiagnostic]) {
        for diagnostic in diagnostics { error(diagnostic.description) }
        let errors = diagnostics.filter { $0.severity == .error }.count
        if errors > 0 { error("\(errors) error\(errors == 1 ? "" : "s")") }
    }
}

struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Writes codd.json in the current folder, with Migrations/ and Queries/ beside it."
    )

    @Option(help: "The generated database type's name.") var databaseName = "DB"
    @Option(help: "The folder generated Swift goes to.") var output = "Generated"
    @Option(name: [.customShort("C"), .long], help: "Run as if in this folder.") var directory: String?
    @Flag(help: "Overwrite an existing codd.json.") var force = false

    func run() throws {
        let directory = URL(fileURLWithPath: directory ?? FileManager.default.currentDirectoryPath)
        let url = directory.appendingPathComponent(CoddConfiguration.fileName)
        if FileManager.default.fileExists(atPath: url.path), !force {
            Output.error("\(url.path):1:1: error: codd.json exists; pass --force to overwrite it")
            throw ExitCode.failure
        }
        var configuration = CoddConfiguration(output: output, databaseName: databaseName)
        configuration.additionalImports = []
        guard CoddConfigurationCheck.isTypeName(databaseName) else {
            Output.error("error: --database-name \(databaseName) is not a Swift type name")
            throw ExitCode.failure
        }
        try Data(configuration.encoded().utf8).write(to: url)
        for folder in [configuration.migrations, configuration.queries] {
            try FileManager.default.createDirectory(
                at: directory.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        Output.print("Wrote \(CoddConfiguration.fileName), \(configuration.migrations)/ and \(configuration.queries)/.")
        Output.print(
            "Next: `codd migrations add`, `codd queries add <Name>`, then `codd generate` (or add CoddPlugin to the target)."
        )
    }
}

enum CoddConfigurationCheck {
    static func isTypeName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.properties.isAlphabetic || first == "_", first.isASCII else {
            return false
        }
        return name.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_")
        }
    }
}

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Checks every migration and query (with SQLite) and writes the Swift.",
        discussion: "With --check, writes nothing and exits non-zero when the generated files are stale."
    )

    @OptionGroup var options: ConfigurationOption
    @Option(help: "Write to this folder instead of the configuration's output.") var output: String?
    @Flag(help: "Compare with the files in the output folder; exit non-zero if any differs.") var check = false
    @Flag(help: "Run as the build plugin: absolute paths in diagnostics.") var plugin = false

    func run() throws {
        var generation = try options.load()
        generation.absolutePaths = plugin
        let result = generation.run()
        Output.report(result.diagnostics)
        guard !result.hasErrors else { throw ExitCode.failure }
        let directory =
            output.map { URL(fileURLWithPath: $0, relativeTo: options.folder) } ?? generation.outputDirectory
        if check {
            let differences = GeneratedFiles.differences(result.files, in: directory)
            guard differences.isEmpty else {
                for difference in differences { Output.error("\(directory.path): error: \(difference)") }
                Output.error("The generated Swift is stale: run `codd generate`.")
                throw ExitCode.failure
            }
            Output.print("Up to date: \(result.files.count) files in \(directory.path).")
            return
        }
        try GeneratedFiles.write(result.files, to: directory)
        if !plugin {
            let queries = result.analysis?.files.reduce(0) { $0 + $1.queries.count } ?? 0
            Output.print("Generated \(result.files.count) files (\(queries) queries) in \(directory.path).")
        }
    }
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Analyzes every migration and query, with SQLite's check; exits non-zero on any error."
    )

    @OptionGroup var options: ConfigurationOption

    func run() throws {
        let result = try options.load().run(generating: false)
        Output.report(result.diagnostics)
        guard !result.hasErrors else { throw ExitCode.failure }
        let queries = result.analysis?.files.reduce(0) { $0 + $1.queries.count } ?? 0
        Output.print("No problems: \(result.analysis?.migrations.count ?? 0) migrations, \(queries) queries.")
    }
}

struct Migrations: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrations", abstract: "Manages the migrations.", subcommands: [Add.self]
    )

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Adds the next migration file (N.sql, one past the last).")

        @OptionGroup var options: ConfigurationOption

        func run() throws {
            let generation = try options.load()
            let folder = generation.directory.appendingPathComponent(generation.configuration.migrations)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let existing = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            let numbers = existing.compactMap { $0.hasSuffix(".sql") ? Int($0.dropLast(4)) : nil }
            let next = (numbers.max() ?? 0) + 1
            let url = folder.appendingPathComponent("\(next).sql")
            try Data("-- Migration \(next): runs once, in a transaction of its own, after \(next - 1).sql.\n".utf8)
                .write(to: url)
            Output.print("Created \(generation.configuration.migrations)/\(next).sql")
        }
    }
}

struct QueriesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "queries", abstract: "Manages the query files.", subcommands: [Add.self]
    )

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Adds a query file: Queries/<Name>.sql, whose queries become <Name>Queries.")

        @OptionGroup var options: ConfigurationOption
        @Argument(help: "The file's name (Todo → Queries/Todo.sql, TodoQueries).") var name: String

        func run() throws {
            let generation = try options.load()
            let base = name.hasSuffix(".sql") ? String(name.dropLast(4)) : name
            guard CoddConfigurationCheck.isTypeName(base) else {
                Output.error(
                    "error: \(name) is not a name for a query file: letters, digits and _ (it becomes \(base)Queries)")
                throw ExitCode.failure
            }
            let folder = generation.directory.appendingPathComponent(generation.configuration.queries)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let url = folder.appendingPathComponent("\(base).sql")
            guard !FileManager.default.fileExists(atPath: url.path) else {
                Output.error("\(url.path):1:1: error: the file exists")
                throw ExitCode.failure
            }
            try Data("-- Queries of \(base)Queries: each `name:` followed by its SQL.\n".utf8).write(to: url)
            Output.print("Created \(generation.configuration.queries)/\(base).sql")
        }
    }
}
