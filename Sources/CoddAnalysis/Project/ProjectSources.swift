/// A text file of a run, under the path diagnostics name it by (`Queries/Todo.sql`).
public struct SourceFile: Sendable, Hashable {
    public var path: String
    public var text: String

    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }

    /// The file name without its folders (`Todo.sql`).
    public var fileName: String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The file name without `.sql` (`Todo`).
    public var baseName: String {
        let name = fileName
        return name.hasSuffix(".sql") ? String(name.dropLast(4)) : name
    }
}

/// Everything a run analyzes: the migrations, the query files, and what the configuration
/// declares of the app (its own types, functions, tables read as its own types).
public struct ProjectSources: Sendable {
    public var migrations: [SourceFile]
    public var queries: [SourceFile]
    public var types: [TypeDeclaration]
    public var functions: [FunctionDeclaration]
    /// Table name → the app's own row type (`"user": "AppUser"`).
    public var rowTypes: [String: String]
    /// Where the configuration is, for problems in it (`codd.json`).
    public var configurationPath: String

    public init(
        migrations: [SourceFile], queries: [SourceFile], types: [TypeDeclaration] = [],
        functions: [FunctionDeclaration] = [],
        rowTypes: [String: String] = [:], configurationPath: String = "codd.json"
    ) {
        self.migrations = migrations
        self.queries = queries
        self.types = types
        self.functions = functions
        self.rowTypes = rowTypes
        self.configurationPath = configurationPath
    }
}
