import CoddCore
import CoddSchema

/// A migration, in order: `N.sql` files by number (never by name or by a dictionary's order).
public struct OrderedMigration: Sendable {
    public var number: Int
    public var file: SourceFile
    /// Parsed and resolved; `nil` when its annotations did not resolve (reported).
    public var sql: AnnotatedSQL?
}

/// A run's analysis: the migrations in order, the schema they build, every query file
/// analyzed, and every problem found, each located.
public struct ProjectAnalysis: Sendable {
    public private(set) var types: TypeCatalog
    public private(set) var migrations: [OrderedMigration] = []
    public private(set) var catalog: SchemaCatalog
    public private(set) var files: [AnalyzedQueryFile] = []
    public private(set) var diagnostics: [SQLFirstDiagnostic] = []
    /// The functions queries may call: SQLite's and the declared ones.
    package private(set) var functions: [String: FunctionSignature] = FunctionCatalog.functions

    /// Analyzes `sources`, on a thread with a large stack (the syntax tree is walked
    /// recursively, and SQLite allows expressions 1,000 levels deep).
    public init(_ sources: ProjectSources) {
        self = LargeStack.run { ProjectAnalysis(analyzing: sources) }
    }

    private init(analyzing sources: ProjectSources) {
        var diagnostics: [SQLFirstDiagnostic] = []
        let configuration = SQLSourceLocation(file: sources.configurationPath, line: 1, column: 1)
        do {
            types = try TypeCatalog(declarations: sources.types)
        } catch {
            diagnostics.append(SQLFirstDiagnostic(location: configuration, message: "\(error)"))
            types = TypeCatalog()
        }
        migrations = Self.order(sources.migrations, &diagnostics)
        for index in migrations.indices {
            let file = migrations[index].file
            do {
                migrations[index].sql = try AnnotatedSQL(file.text, file: file.path, registry: types.registry)
            } catch {
                diagnostics.append(
                    SQLFirstDiagnostic(
                        location: SQLSourceLocation(file: error.file, line: error.line, column: error.column),
                        message: (error.annotation.map { "\($0): " } ?? "") + error.reason.description
                    ))
            }
        }
        catalog = SchemaCatalog(migrations: migrations.compactMap(\.sql), types: types, rowTypes: sources.rowTypes)
        for declaration in sources.functions {
            guard let signature = Self.signature(declaration, types) else {
                diagnostics.append(
                    SQLFirstDiagnostic(
                        location: configuration,
                        message:
                            "function \(declaration.name): its argument and result types must be Int, Double, String, Data, Bool or a type with a codec"
                    ))
                continue
            }
            functions[declaration.name.lowercased()] = signature
        }
        self.diagnostics = diagnostics
        resolveViews()
        // Against a schema missing a migration, every query would report its tables as
        // unknown: the migrations' own errors say it once.
        if !migrations.contains(where: { $0.sql == nil }), !diagnostics.contains(where: { $0.severity == .error }) {
            analyzeQueries(sources.queries)
        }
        // Each file's problems in the order they stand in it.
        let order = Dictionary(
            (sources.migrations + sources.queries).enumerated().map { ($1.path, $0) },
            uniquingKeysWith: { first, _ in first })
        self.diagnostics = self.diagnostics.enumerated().sorted { a, b in
            let (x, y) = (a.element.location, b.element.location)
            let (fileX, fileY) = (order[x.file] ?? -1, order[y.file] ?? -1)
            if fileX != fileY { return fileX < fileY }
            if x.file != y.file { return a.offset < b.offset }
            return (x.line, x.column, a.offset) < (y.line, y.column, b.offset)
        }.map(\.element)
    }

    /// `1.sql`, `2.sql`, … in numeric order; a file not so named, a missing number or a
    /// number twice is an error at the file.
    private static func order(_ files: [SourceFile], _ diagnostics: inout [SQLFirstDiagnostic]) -> [OrderedMigration] {
        var numbered: [OrderedMigration] = []
        for file in files {
            let stem = file.fileName.hasSuffix(".sql") ? String(file.fileName.dropLast(4)) : ""
            guard !stem.isEmpty, stem.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                let number = Int(stem), number > 0
            else {
                diagnostics.append(
                    SQLFirstDiagnostic(
                        location: SQLSourceLocation(file: file.path, line: 1, column: 1),
                        message: "migration files are named N.sql (1.sql, 2.sql, …), not \(file.fileName)"))
                continue
            }
            if let other = numbered.first(where: { $0.number == number }) {
                diagnostics.append(
                    SQLFirstDiagnostic(
                        location: SQLSourceLocation(file: file.path, line: 1, column: 1),
                        message: "two migrations are number \(number): \(other.file.fileName) and \(file.fileName)"))
                continue
            }
            numbered.append(OrderedMigration(number: number, file: file, sql: nil))
        }
        numbered.sort { $0.number < $1.number }
        for (index, migration) in numbered.enumerated() where migration.number != index + 1 {
            diagnostics.append(
                SQLFirstDiagnostic(
                    location: SQLSourceLocation(file: migration.file.path, line: 1, column: 1),
                    message:
                        "migration \(index + 1).sql is missing: migrations are numbered 1.sql, 2.sql, … with no number missing"
                ))
            break
        }
        return numbered
    }

    private static func signature(_ declaration: FunctionDeclaration, _ types: TypeCatalog) -> FunctionSignature? {
        var arguments: [FunctionSignature.Argument] = []
        for name in declaration.arguments {
            guard let type = types.valueType(named: name) else { return nil }
            arguments.append(.fixed(type))
        }
        guard let result = types.valueType(named: declaration.result) else { return nil }
        let optional = declaration.resultIsOptional ?? false
        return FunctionSignature(
            kind: declaration.isAggregate == true ? .aggregate : .scalar,
            arity: arguments.count...arguments.count, arguments: arguments, result: .fixed(result),
            nullability: optional ? .always : (declaration.isAggregate == true ? .never : .ifAnyArgument)
        )
    }

    /// Types each view by analyzing its SELECT against the schema (and the views before it).
    private mutating func resolveViews() {
        for view in catalog.views {
            let bytes = Array(view.sql.utf8)
            guard let tokens = try? SQLLexer(bytes: bytes).tokenize(),
                let start = tokens.firstIndex(where: { $0.start >= view.selectOffset })
            else { continue }
            var parser = SQLParser(bytes: bytes, tokens: tokens, range: start..<tokens.count)
            let select: SelectStatement
            do {
                guard case .select(let parsed) = try parser.parseStatement() else { continue }
                select = parsed
            } catch {
                diagnostics.append(
                    SQLFirstDiagnostic(location: view.location, message: "view \(view.name): \(error.message)"))
                continue
            }
            var resolver = StatementResolver(catalog: catalog, types: types, functions: functions, bytes: bytes)
            let resolved = resolver.resolveSelect(select, outer: nil)
            for problem in resolver.problems {
                diagnostics.append(
                    SQLFirstDiagnostic(
                        location: view.location, severity: problem.isAdvisory ? .warning : .error,
                        message: "view \(view.name): \(problem.message)"))
            }
            guard let resolved else { continue }
            var columns = resolved.columns.map {
                var column = CatalogColumn(name: $0.name, type: $0.type.value ?? .any, isNullable: $0.type.isNullable)
                // A view's column compares in its expression's collation, as SQLite keeps it.
                column.collation = $0.type.collating?.name
                return column
            }
            for (index, name) in (view.columnNames ?? []).enumerated() where index < columns.count {
                columns[index].name = name
            }
            catalog.add(
                CatalogTable(
                    name: view.name, kind: .view, columns: columns, hiddenColumns: [], primaryKey: [], uniqueKeys: [],
                    rowType: nil, isMapped: false, location: view.location
                ))
        }
    }

    private mutating func analyzeQueries(_ sources: [SourceFile]) {
        var typeNames: [String: SQLSourceLocation] = [:]
        for table in catalog.tables {
            if let rowType = table.rowType, let location = table.location { typeNames[rowType] = location }
        }
        var fileTypeNames: [String: String] = [:]
        for source in sources.sorted(by: { $0.path < $1.path }) {
            let syntax = QueryFileSyntax(file: source.path, text: source.text)
            for problem in syntax.problems {
                diagnostics.append(
                    SQLFirstDiagnostic(location: syntax.location(problem.offset), message: problem.message))
            }
            guard let fileType = SwiftNaming.typeName(source.baseName) else {
                diagnostics.append(
                    SQLFirstDiagnostic(
                        location: SQLSourceLocation(file: source.path, line: 1, column: 1),
                        message:
                            "\(source.fileName): a query file's name becomes a Swift type (Todo.sql → TodoQueries); use letters and digits"
                    ))
                continue
            }
            if let other = fileTypeNames[fileType] {
                diagnostics.append(
                    SQLFirstDiagnostic(
                        location: SQLSourceLocation(file: source.path, line: 1, column: 1),
                        message: "\(source.fileName) and \(other) would both generate \(fileType)Queries: rename one"))
                continue
            }
            fileTypeNames[fileType] = source.fileName
            let analyzer = QueryAnalyzer(file: syntax, catalog: catalog, types: types, functions: functions)
            var queries: [AnalyzedQuery] = []
            var names: [String: SQLSourceLocation] = [:]
            for definition in syntax.definitions {
                let location = syntax.location(definition.name.range.start)
                if let first = names[definition.name.text] {
                    diagnostics.append(
                        SQLFirstDiagnostic(
                            location: location,
                            message:
                                "duplicate query name \(definition.name.text): also defined at \(first.line):\(first.column)"
                        ))
                    continue
                }
                names[definition.name.text] = location
                let (query, problems) = analyzer.analyze(definition)
                for problem in problems {
                    diagnostics.append(
                        SQLFirstDiagnostic(location: syntax.location(problem.offset), message: problem.message))
                }
                guard let query else { continue }
                var generated = ["\(query.typeName)Query"]
                if let input = query.inputTypeName { generated.append(input) }
                if case .structure(let output, _) = query.row { generated.append(output) }
                var clash = false
                for typeName in generated {
                    if let other = typeNames[typeName] {
                        diagnostics.append(
                            SQLFirstDiagnostic(
                                location: location,
                                message: "\(query.name) would generate \(typeName), already generated for \(other)"))
                        clash = true
                    }
                }
                if clash { continue }
                for typeName in generated { typeNames[typeName] = location }
                queries.append(query)
            }
            files.append(AnalyzedQueryFile(name: fileType, queries: queries))
        }
    }
}

extension AnalyzedQueryFile {
    /// `TodoQueries`.
    public var queriesTypeName: String { "\(name)Queries" }
    /// `todoQueries`.
    public var propertyName: String { name.prefix(1).lowercased() + name.dropFirst() + "Queries" }
}
