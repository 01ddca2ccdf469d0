import CoddAnalysis
import CoddSchema

extension SwiftGenerator {
    /// Types of Swift, Foundation and Codd a generated struct would hide.
    static let shadowedNames: Set<String> = [
        "Task", "Data", "Date", "UUID", "URL", "String", "Int", "Double", "Bool", "Array", "Dictionary", "Set",
        "Result",
        "Error", "Optional", "Character", "Never", "Void", "Any", "Query", "Queries", "Connection", "Database",
        "DatabasePool", "Statement", "Table", "Migrator", "Migration", "Configuration", "DatabaseConfig", "SQLAny",
        "Locale",
        "Calendar", "Decimal", "Sequence", "Collection", "Range", "Float", "Substring", "Selection", "Column",
        "Expression",
    ]

    mutating func databaseFile() -> String {
        var source = SwiftSource()
        source.append(raw: header)
        let tables = generatedTables
        if !tables.isEmpty {
            source.line()
            source.line("// MARK: Tables")
            for table in tables {
                source.line()
                writeTable(table, into: &source)
            }
        }
        source.line()
        source.line("// MARK: Database")
        source.line()
        writeDatabase(into: &source)
        let extensions = labelledExtensions()
        if !extensions.isEmpty {
            source.line()
            source.line("// MARK: Queries' inputs as labelled arguments")
            for shape in extensions {
                source.line()
                writeLabelledExtension(shape, into: &source)
            }
        }
        return source.text
    }

    /// A `@Table` struct: one stored property per column, in the table's order (rows decode
    /// by position), each through its column's codec.
    mutating func writeTable(_ table: CatalogTable, into source: inout SwiftSource) {
        guard let rowType = table.rowType else { return }
        if Self.shadowedNames.contains(rowType) {
            diagnostics.append(
                SQLFirstDiagnostic(
                    location: table.location ?? SQLSourceLocation(file: configuration.migrations, line: 1, column: 1),
                    severity: .warning,
                    message:
                        "table \(table.name) generates the struct \(rowType), which hides Swift's \(rowType) in this module; rename the table, or map it to a type of your own in codd.json's \"tables\""
                ))
        }
        let location = table.location.map { " (\($0.file):\($0.line))" } ?? ""
        source.line("/// A row of `\(SwiftLiteral.documentation(table.name))`\(location).")
        source.line("@Table(\(SwiftLiteral.quoted(table.name)))")
        let equatable = tableIsEquatable(table) ? ", Equatable" : ""
        var names: Set<String> = []
        let keyColumn = table.primaryKey.count == 1 ? table.primaryKey[0] : nil
        source.block("struct \(rowType): Sendable\(equatable)") { body in
            for column in table.columns {
                guard let property = SwiftNaming.propertyName(column.name) else {
                    diagnostics.append(
                        SQLFirstDiagnostic(
                            location: table.location
                                ?? SQLSourceLocation(file: configuration.migrations, line: 1, column: 1),
                            message:
                                "column \(column.name) of \(table.name) has no letter or digit to name a Swift property; rename it"
                        ))
                    continue
                }
                if !names.insert(SwiftNaming.bare(property)).inserted {
                    diagnostics.append(
                        SQLFirstDiagnostic(
                            location: table.location
                                ?? SQLSourceLocation(file: configuration.migrations, line: 1, column: 1),
                            message: "two columns of \(table.name) make the Swift property \(property); rename one"
                        ))
                    continue
                }
                var arguments: [String] = []
                if SwiftNaming.bare(property) != column.name { arguments.append(SwiftLiteral.quoted(column.name)) }
                if column.type.isRepresented {
                    arguments.append("as: \(column.type.representation)\(column.isNullable ? "?" : "").self")
                }
                if let keyColumn, SQLSchema.sameName(keyColumn, column.name), column.name != "id" {
                    arguments.append("primaryKey: true")
                }
                let attribute = arguments.isEmpty ? "" : "@Column(\(arguments.joined(separator: ", "))) "
                body.line("\(attribute)var \(property): \(column.type.swiftName)\(column.isNullable ? "?" : "")")
            }
        }
    }

    private func writeDatabase(into source: inout SwiftSource) {
        let name = configuration.databaseName
        source.documentation(
            [
                "The database: opened with every migration applied, and each query file's queries.",
                "",
                "```swift",
                "let database = try \(name)(path: path)",
            ]
                + (analysis.files.first.flatMap { file in
                    file.queries.first.map {
                        "let rows = try await database.\(file.propertyName).\($0.name).execute(…)"
                    }
                }.map { [$0] } ?? []) + ["```"])
        source.block("final class \(name): Sendable") { body in
            body.line("/// The connections: a `DatabasePool` for a file, a `Database` in memory. For what the")
            body.line("/// queries do not cover (the DSL, `observe`, transactions of your own).")
            body.line("let writer: any DatabaseWriter")
            for file in analysis.files {
                body.line("/// The queries of \(configuration.queries)/\(file.name).sql.")
                body.line("let \(file.propertyName): \(file.queriesTypeName)")
            }
            body.line()
            body.line("/// Opens the database at `path` (a pool of up to 5 connections), migrated.")
            body.block("convenience init(path: String) throws") {
                $0.line("try self.init(config: DatabaseConfig(path: path))")
            }
            body.line()
            body.line("/// Opens the database `config` describes, migrated.")
            body.block("init(config: DatabaseConfig) throws") { body in
                body.line("writer = try SQLFirstDatabase.open(config, migrator: Self.makeMigrator())")
                for file in analysis.files {
                    body.line("\(file.propertyName) = .live(writer)")
                }
            }
            body.line()
            body.line("/// A private database in memory, migrated: for tests and previews.")
            body.block("static func inMemory(configuration: Configuration = Configuration()) throws -> \(name)") {
                body in
                body.line("var config = DatabaseConfig()")
                body.line("config.configuration = configuration")
                body.line("return try \(name)(config: config)")
            }
            body.line()
            body.line("/// The migrator of the migrations below, their annotations resolved through Codd's codecs")
            body.line("/// and the types codd.json declares.")
            body.block("static func makeMigrator() throws -> Migrator") { body in
                let declared = analysis.types.declarations
                body.line("\(declared.isEmpty ? "let" : "var") registry = SQLCodecRegistry.standard")
                if !declared.isEmpty {
                    body.line("try registry.register([")
                    for declaration in declared {
                        body.line(
                            "    SQLCodec(typeName: \(SwiftLiteral.quoted(declaration.name)), name: \(SwiftLiteral.quoted(declaration.codecName)), isDefault: \(declaration.isDefault ?? true), representation: \(declaration.representationName).self),"
                        )
                    }
                    body.line("])")
                }
                body.line("var migrator = Migrator(registry: registry)")
                body.block("for migration in migrations") {
                    $0.line("try migrator.registerMigration(migration.name, sql: migration.sql, file: migration.file)")
                }
                body.line("return migrator")
            }
            body.line()
            body.line("/// The migrations, in order: \(configuration.migrations)/N.sql as written.")
            body.line("static let migrations: [(name: String, file: String, sql: String)] = [")
            for migration in analysis.migrations {
                body.line(
                    "    (\(SwiftLiteral.quoted(migration.file.fileName)), \(SwiftLiteral.quoted("\(configuration.migrations)/\(migration.file.fileName)")), \(SwiftLiteral.raw(migration.file.text))),"
                )
            }
            body.line("]")
        }
    }

    /// `execute(a:b:)` / `observe(a:b:)` for each input shape, once each: a query of one
    /// input gets them on `Query where Input == Int` (two queries of one `Int` named
    /// alike share them), a query of several on its input struct.
    private func labelledExtensions() -> [(typeName: String, isStruct: Bool, inputs: [QueryInput])] {
        var seen: Set<String> = []
        var result: [(typeName: String, isStruct: Bool, inputs: [QueryInput])] = []
        for file in analysis.files {
            for query in file.queries where !query.inputs.isEmpty {
                let key = query.inputType + "|" + query.inputs.map(\.name).joined(separator: ",")
                guard seen.insert(key).inserted else { continue }
                result.append((query.inputType, query.inputTypeName != nil, query.inputs))
            }
        }
        return result
    }

    private func writeLabelledExtension(
        _ shape: (typeName: String, isStruct: Bool, inputs: [QueryInput]), into source: inout SwiftSource
    ) {
        let signature = shape.inputs.map { "\($0.name): \($0.swiftType)\($0.isFilter ? " = nil" : "")" }
        let value =
            shape.isStruct
            ? "\(shape.typeName)(\(shape.inputs.map { "\(SwiftNaming.bare($0.name)): \($0.name)" }.joined(separator: ", ")))"
            : shape.inputs[0].name
        source.block("extension Query where Input == \(shape.typeName)") { body in
            body.line("/// Runs the query with these inputs.")
            body.block("func execute(\(signature.joined(separator: ", "))) async throws -> Output") {
                $0.line("try await execute(\(value))")
            }
            body.line()
            body.line("/// Observes the query with these inputs.")
            body.block("func observe(\(signature.joined(separator: ", "))) -> AsyncThrowingStream<Output, any Error>") {
                $0.line("observe(\(value))")
            }
        }
    }
}
