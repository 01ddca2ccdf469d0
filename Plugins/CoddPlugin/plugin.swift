import Foundation
import PackagePlugin

/// Generates a target's SQL-first Swift during `swift build`: reads the target's
/// `codd.json`, declares every migration and query file (and the configuration) as inputs,
/// and runs `codd generate` into the plugin's work directory, whose Swift files the target
/// then compiles.
///
/// The inputs are listed again at every build, so a query file added, changed or removed
/// is picked up by the next build: the command's input list changes and it runs again.
/// (Each query file has its own output, named after it: a new file means a new output.)
@main
struct CoddPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let directory = target.directoryURL
        let configurationURL = directory.appending(path: "codd.json")
        guard FileManager.default.fileExists(atPath: configurationURL.path) else {
            Diagnostics.error(
                "CoddPlugin: \(target.name) has no codd.json; run `swift run codd init` in \(directory.path)")
            return []
        }
        let configuration = try Configuration(contentsOf: configurationURL)
        let migrations = directory.appending(path: configuration.migrations)
        let queries = directory.appending(path: configuration.queries)
        let migrationFiles = sqlFiles(in: migrations)
        let queryFiles = sqlFiles(in: queries)
        let output = context.pluginWorkDirectoryURL.appending(path: "Generated")
        var outputs = [output.appending(path: "\(configuration.databaseName)+Database.swift")]
        for file in queryFiles {
            outputs.append(output.appending(path: "\(file.deletingPathExtension().lastPathComponent)+Queries.swift"))
        }
        // The folders themselves are inputs too: a file added to either changes them.
        let inputs = [configurationURL, migrations, queries] + migrationFiles + queryFiles
        return [
            .buildCommand(
                displayName:
                    "Generating SQL-first Swift for \(target.name) (\(queryFiles.count) query files, \(migrationFiles.count) migrations)",
                executable: try context.tool(named: "CoddCLI").url,
                arguments: ["generate", "--configuration", configurationURL.path, "--output", output.path, "--plugin"],
                inputFiles: inputs,
                outputFiles: outputs
            )
        ]
    }

    private func sqlFiles(in directory: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".sql") }.sorted().map { directory.appending(path: $0) }
    }

    /// The part of codd.json the plugin needs: where the SQL is and the database's name.
    private struct Configuration {
        var migrations = "Migrations"
        var queries = "Queries"
        var databaseName = "DB"

        init(contentsOf url: URL) throws {
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
            guard let dictionary = object as? [String: Any] else { return }
            migrations = dictionary["migrations"] as? String ?? migrations
            queries = dictionary["queries"] as? String ?? queries
            databaseName = dictionary["databaseName"] as? String ?? databaseName
        }
    }
}
