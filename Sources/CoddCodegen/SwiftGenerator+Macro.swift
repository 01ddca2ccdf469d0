import CoddAnalysis

extension SwiftGenerator {
    /// A query property of a `@Database` struct: the property's name, the typealias its
    /// type names (`any SelectTodosQuery` → `SelectTodosQuery`), and the analyzed query.
    public struct DatabaseProperty: Sendable {
        public var name: String
        public var typealiasName: String
        public var query: AnalyzedQuery

        public init(name: String, typealiasName: String, query: AnalyzedQuery) {
            self.name = name
            self.typealiasName = typealiasName
            self.query = query
        }
    }

    /// The members `@Database` adds to its struct: the tables' structs, each query's
    /// typealias, input and output types, the connections (`writer`), the initializers
    /// that open a migrated database and set each query property, and the statements.
    /// Migrations are the struct's own `migrations`, registered `1`, `2`, … in order.
    public mutating func databaseMembers(_ properties: [DatabaseProperty]) -> [String] {
        var members: [String] = []
        for table in generatedTables {
            var source = SwiftSource()
            writeTable(table, into: &source)
            members.append(source.text)
        }
        for property in properties {
            var source = SwiftSource()
            writeTypes(property.query, into: &source, nested: true, typealiasName: property.typealiasName)
            members.append(source.text)
        }
        var source = SwiftSource()
        source.line("/// The connections: a `DatabasePool` for a file, a `Database` in memory.")
        source.line("let writer: any DatabaseWriter")
        source.line()
        source.line("/// Opens the database at `path` (a pool of up to 5 connections), migrated.")
        source.block("init(path: String) throws") { $0.line("try self.init(config: DatabaseConfig(path: path))") }
        source.line()
        source.line("/// Opens the database `config` describes, migrated.")
        source.block("init(config: DatabaseConfig) throws") { body in
            body.line("let writer = try SQLFirstDatabase.open(config, migrator: Self.makeMigrator())")
            body.line("self.writer = writer")
            for property in properties {
                body.line("self.\(property.name) = \(liveQuery(property.query, database: "writer"))")
            }
        }
        source.line()
        source.line("/// A private database in memory, migrated: for tests and previews.")
        source.block("static func inMemory(configuration: Configuration = Configuration()) throws -> Self") { body in
            body.line("var config = DatabaseConfig()")
            body.line("config.configuration = configuration")
            body.line("return try Self(config: config)")
        }
        source.line()
        source.line("/// The migrator of `migrations`, registered `1`, `2`, … in order.")
        source.block("static func makeMigrator() throws -> Migrator") { body in
            body.line("var migrator = Migrator(registry: SQLCodecRegistry.standard)")
            body.block("for (index, sql) in migrations.enumerated()") {
                $0.line("try migrator.registerMigration(\"\\(index + 1)\", sql: sql)")
            }
            body.line("return migrator")
        }
        source.line()
        source.line("/// The statements, on a connection: what the query properties run.")
        source.block("enum Statements") { body in
            for (index, property) in properties.enumerated() {
                if index > 0 { body.line() }
                writeStatement(property.query, into: &body)
            }
        }
        members.append(source.text)
        return members
    }
}
