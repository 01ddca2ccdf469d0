import CoddAnalysis
import Foundation

/// Reads a project's files: the configuration's migrations and query folders, each `.sql`
/// file under the path diagnostics name it by.
public struct ProjectLoader {
    /// The configuration's folder: paths are relative to it.
    public let directory: URL
    public let configuration: CoddConfiguration
    /// Whether diagnostics name files by absolute path (what a build plugin's editor needs)
    /// rather than relative to `directory`.
    public var absolutePaths = false

    public init(directory: URL, configuration: CoddConfiguration) {
        self.directory = directory
        self.configuration = configuration
    }

    /// The sources to analyze.
    ///
    /// - Throws: ``ConfigurationError`` when a folder is missing or a file unreadable.
    public func sources() throws(ConfigurationError) -> ProjectSources {
        ProjectSources(
            migrations: try files(in: configuration.migrations),
            queries: try files(in: configuration.queries, optional: true),
            types: configuration.types, functions: configuration.functions, rowTypes: configuration.tables,
            configurationPath: path(CoddConfiguration.fileName)
        )
    }

    private func path(_ relative: String) -> String {
        absolutePaths ? directory.appendingPathComponent(relative).path : relative
    }

    private func files(in folder: String, optional: Bool = false) throws(ConfigurationError) -> [SourceFile] {
        let url = directory.appendingPathComponent(folder)
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: url.path)
        } catch {
            if optional { return [] }
            throw ConfigurationError(
                path: path(CoddConfiguration.fileName), message: "the folder \(folder) does not exist (\(url.path))")
        }
        var files: [SourceFile] = []
        for name in names.sorted() where name.hasSuffix(".sql") {
            let file = url.appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: file.path) else {
                throw ConfigurationError(path: path("\(folder)/\(name)"), message: "cannot be read")
            }
            guard let text = String(validating: data, as: UTF8.self) else {
                throw ConfigurationError(path: path("\(folder)/\(name)"), message: "is not UTF-8 text")
            }
            files.append(SourceFile(path: path("\(folder)/\(name)"), text: text))
        }
        return files
    }
}
