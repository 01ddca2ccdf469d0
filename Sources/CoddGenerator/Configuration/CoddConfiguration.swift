import CoddAnalysis
import Foundation

/// `codd.json`: where a project's SQL is, where its Swift goes, and what the SQL cannot
/// say of the app (its own types and functions, tables read as its own types).
///
/// ```json
/// {
///   "migrations": "Migrations",
///   "queries": "Queries",
///   "output": "Generated",
///   "databaseName": "DB",
///   "additionalImports": ["MyModels"],
///   "tables": { "user": "AppUser" },
///   "types": [{ "name": "Todo.ID", "storage": "TEXT" }],
///   "functions": [{ "name": "slugify", "arguments": ["String"], "result": "String" }]
/// }
/// ```
///
/// Folders and the output are relative to the configuration's own folder.
public struct CoddConfiguration: Codable, Sendable, Equatable {
    public var migrations: String
    public var queries: String
    public var output: String
    public var databaseName: String
    public var additionalImports: [String]
    public var tables: [String: String]
    public var types: [TypeDeclaration]
    public var functions: [FunctionDeclaration]

    public init(
        migrations: String = "Migrations", queries: String = "Queries", output: String = "Generated",
        databaseName: String = "DB", additionalImports: [String] = [], tables: [String: String] = [:],
        types: [TypeDeclaration] = [], functions: [FunctionDeclaration] = []
    ) {
        self.migrations = migrations
        self.queries = queries
        self.output = output
        self.databaseName = databaseName
        self.additionalImports = additionalImports
        self.tables = tables
        self.types = types
        self.functions = functions
    }

    private enum CodingKeys: String, CodingKey {
        case migrations, queries, output, databaseName, additionalImports, tables, types, functions
    }

    /// Every key is optional: a missing one takes its default.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = CoddConfiguration()
        migrations = try container.decodeIfPresent(String.self, forKey: .migrations) ?? defaults.migrations
        queries = try container.decodeIfPresent(String.self, forKey: .queries) ?? defaults.queries
        output = try container.decodeIfPresent(String.self, forKey: .output) ?? defaults.output
        databaseName = try container.decodeIfPresent(String.self, forKey: .databaseName) ?? defaults.databaseName
        additionalImports = try container.decodeIfPresent([String].self, forKey: .additionalImports) ?? []
        tables = try container.decodeIfPresent([String: String].self, forKey: .tables) ?? [:]
        types = try container.decodeIfPresent([TypeDeclaration].self, forKey: .types) ?? []
        functions = try container.decodeIfPresent([FunctionDeclaration].self, forKey: .functions) ?? []
    }

    /// The file name: `codd.json`.
    public static let fileName = "codd.json"

    /// Reads `url`.
    ///
    /// - Throws: ``ConfigurationError`` naming the file and what is wrong.
    public static func load(_ url: URL) throws(ConfigurationError) -> CoddConfiguration {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ConfigurationError(
                path: url.path, message: "cannot be read (\(error.localizedDescription)); run `codd init` to write one")
        }
        let configuration: CoddConfiguration
        do {
            configuration = try JSONDecoder().decode(CoddConfiguration.self, from: data)
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context), let
            DecodingError.keyNotFound(_, context)
        {
            let key = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw ConfigurationError(
                path: url.path, message: "\(key.isEmpty ? "" : key + ": ")\(context.debugDescription)")
        } catch {
            throw ConfigurationError(path: url.path, message: "is not valid JSON: \(error.localizedDescription)")
        }
        try configuration.validate(path: url.path)
        return configuration
    }

    private func validate(path: String) throws(ConfigurationError) {
        guard Self.isTypeName(databaseName) else {
            throw ConfigurationError(path: path, message: "databaseName \(databaseName) is not a Swift type name")
        }
        for module in additionalImports where !Self.isTypeName(module) {
            throw ConfigurationError(path: path, message: "additionalImports: \(module) is not a module name")
        }
        for (table, type) in tables where !type.split(separator: ".").allSatisfy({ Self.isTypeName(String($0)) }) {
            throw ConfigurationError(path: path, message: "tables.\(table): \(type) is not a Swift type name")
        }
        for declaration in types {
            for name in [declaration.name, declaration.representationName]
            where !name.split(separator: ".").allSatisfy({ Self.isTypeName(String($0)) }) {
                throw ConfigurationError(path: path, message: "types: \(name) is not a Swift type name")
            }
        }
    }

    /// ASCII letters, digits and `_`, not starting with a digit.
    static func isTypeName(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return false
        }
        return name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
        }
    }

    /// The JSON `codd init` writes: every key, in the order the guide explains them, each
    /// value compact.
    public func encoded() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func json(_ value: some Encodable) -> String {
            (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
        }
        let entries = [
            ("migrations", json(migrations)), ("queries", json(queries)), ("output", json(output)),
            ("databaseName", json(databaseName)), ("additionalImports", json(additionalImports)),
            ("tables", json(tables)),
            ("types", json(types)), ("functions", json(functions)),
        ]
        return "{\n" + entries.map { "  \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n}\n"
    }
}

/// A configuration that cannot be used.
public struct ConfigurationError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String

    public var description: String { "\(path):1:1: error: \(message)" }
}
