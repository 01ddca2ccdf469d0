import CoddAnalysis
import CoddCodegen
import CoddSchema
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Database`: reads the struct's migrations and `@Query` properties, analyzes them (the
/// analysis `codd` runs, without SQLite's check: a compiler plugin cannot load SQLite) and
/// adds the generated members. Every problem is reported at the part of the string it is
/// about; then nothing is generated but the typealiases the properties name.
public struct DatabaseMacro: MemberMacro {
    struct QueryProperty {
        var name: String
        var typealiasName: String
        var queryName: String
        var source: StringLiteralSource
        var literal: StringLiteralExprSyntax
        var header: String
    }

    public static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let structDecl = declaration.as(StructDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: node, message: Message("@Database applies to a struct")))
            return []
        }
        var migrations: [(source: StringLiteralSource, literal: StringLiteralExprSyntax)] = []
        var foundMigrations = false
        var properties: [QueryProperty] = []
        var failed = false
        for member in declaration.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self), let binding = variable.bindings.first,
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            else { continue }
            if name == "migrations", variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) }) {
                foundMigrations = true
                guard let array = arrayLiteral(of: binding) else {
                    context.diagnose(
                        Diagnostic(
                            node: binding,
                            message: Message(
                                "migrations must be an array of string literals ([\"CREATE TABLE …\"]): the macro reads them at compile time"
                            )))
                    failed = true
                    continue
                }
                for element in array.elements {
                    guard let literal = element.expression.as(StringLiteralExprSyntax.self),
                        let source = StringLiteralSource(literal)
                    else {
                        context.diagnose(
                            Diagnostic(
                                node: element,
                                message: Message(
                                    "a migration must be a string literal without interpolation: the macro reads it at compile time"
                                )))
                        failed = true
                        continue
                    }
                    migrations.append((source, literal))
                }
                continue
            }
            guard
                let attribute = variable.attributes.lazy.compactMap({ $0.as(AttributeSyntax.self) })
                    .first(where: { $0.attributeName.trimmedDescription == "Query" })
            else { continue }
            guard let property = queryProperty(name: name, binding: binding, attribute: attribute, context: context)
            else {
                failed = true
                continue
            }
            properties.append(property)
        }
        if !foundMigrations {
            context.diagnose(
                Diagnostic(
                    node: structDecl.name,
                    message: Message(
                        "@Database needs the schema: add `static var migrations: [String] { [\"CREATE TABLE …\"] }`")))
            failed = true
        }
        let fallback = properties.map { DeclSyntax(stringLiteral: "typealias \($0.typealiasName) = Query<Void, Void>") }
        guard !failed else { return fallback }

        let sources = ProjectSources(
            migrations: migrations.enumerated().map {
                SourceFile(path: "Migrations/\($0.offset + 1).sql", text: $0.element.source.value)
            },
            queries: properties.map {
                SourceFile(path: "Queries/\($0.queryName).sql", text: $0.header + $0.source.value)
            }
        )
        let analysis = ProjectAnalysis(sources)
        for diagnostic in analysis.diagnostics {
            report(diagnostic, migrations: migrations, properties: properties, fallback: Syntax(node), context: context)
        }
        guard !analysis.diagnostics.contains(where: { $0.severity == .error }) else { return fallback }
        var generated: [SwiftGenerator.DatabaseProperty] = []
        for property in properties {
            guard let query = analysis.files.lazy.flatMap(\.queries).first(where: { $0.name == property.queryName })
            else { return fallback }
            generated.append(
                SwiftGenerator.DatabaseProperty(
                    name: property.name, typealiasName: property.typealiasName, query: query))
        }
        var generator = SwiftGenerator(
            analysis: analysis, configuration: GeneratorOptions(databaseName: structDecl.name.text))
        let members = generator.databaseMembers(generated)
        for diagnostic in generator.diagnostics {
            report(diagnostic, migrations: migrations, properties: properties, fallback: Syntax(node), context: context)
        }
        return members.map { DeclSyntax(stringLiteral: $0) }
    }

    /// `static var migrations: [String] { [...] }`, `{ return [...] }`, `static let migrations = [...]`.
    private static func arrayLiteral(of binding: PatternBindingSyntax) -> ArrayExprSyntax? {
        if let value = binding.initializer?.value.as(ArrayExprSyntax.self) { return value }
        guard let accessors = binding.accessorBlock?.accessors else { return nil }
        var items: CodeBlockItemListSyntax?
        switch accessors {
        case .getter(let list): items = list
        case .accessors(let list):
            items = list.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body?.statements
        }
        guard let item = items?.first?.item else { return nil }
        if let expression = item.as(ExprSyntax.self) { return expression.as(ArrayExprSyntax.self) }
        if let statement = item.as(StmtSyntax.self)?.as(ReturnStmtSyntax.self) {
            return statement.expression?.as(ArrayExprSyntax.self)
        }
        return nil
    }

    private static func queryProperty(
        name: String, binding: PatternBindingSyntax, attribute: AttributeSyntax, context: some MacroExpansionContext
    ) -> QueryProperty? {
        guard let arguments = attribute.arguments?.as(LabeledExprListSyntax.self), let first = arguments.first,
            first.label == nil, let literal = first.expression.as(StringLiteralExprSyntax.self)
        else {
            context.diagnose(
                Diagnostic(
                    node: attribute,
                    message: Message("@Query takes the query's SQL as a string literal: @Query(\"SELECT …\")")))
            return nil
        }
        guard let source = StringLiteralSource(literal) else {
            context.diagnose(
                Diagnostic(
                    node: literal,
                    message: Message(
                        "the SQL must be a string literal without interpolation: the macro reads it at compile time; bind values as parameters (?)"
                    )))
            return nil
        }
        var options: [String] = []
        for argument in arguments.dropFirst() {
            guard let label = argument.label?.text, ["inputName", "outputName"].contains(label),
                let value = argument.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
            else {
                context.diagnose(
                    Diagnostic(
                        node: argument,
                        message: Message("@Query's options are inputName: and outputName:, each a string literal")))
                return nil
            }
            options.append("\(label == "inputName" ? "input" : "output"): \(value)")
        }
        let type = binding.typeAnnotation?.type
        let constraint = type?.as(SomeOrAnyTypeSyntax.self)?.constraint ?? type
        guard let typeName = constraint?.as(IdentifierTypeSyntax.self)?.name.text else {
            context.diagnose(
                Diagnostic(
                    node: Syntax(binding),
                    message: Message(
                        "a query property's type names its query: `var \(name): any \(SwiftNaming.capitalized(name))Query`"
                    )))
            return nil
        }
        let base = typeName.hasSuffix("Query") && typeName.count > 5 ? String(typeName.dropLast(5)) : typeName
        let queryName = base.prefix(1).lowercased() + base.dropFirst()
        let header = "\(queryName)" + (options.isEmpty ? "" : "(\(options.joined(separator: ", ")))") + ":\n"
        return QueryProperty(
            name: name, typealiasName: typeName, queryName: queryName, source: source, literal: literal, header: header)
    }

    /// Reports `diagnostic` at its place in the string it is about.
    private static func report(
        _ diagnostic: SQLFirstDiagnostic, migrations: [(source: StringLiteralSource, literal: StringLiteralExprSyntax)],
        properties: [QueryProperty], fallback: Syntax, context: some MacroExpansionContext
    ) {
        let file = diagnostic.location.file
        let message = Message(diagnostic.message, severity: diagnostic.severity == .error ? .error : .warning)
        if file.hasPrefix("Migrations/"), let number = Int(file.dropFirst("Migrations/".count).dropLast(4)),
            number >= 1, number <= migrations.count
        {
            let migration = migrations[number - 1]
            let offset = migration.source.offset(line: diagnostic.location.line, column: diagnostic.location.column)
            context.diagnose(
                Diagnostic(
                    node: migration.literal, position: migration.source.position(ofValueOffset: offset),
                    message: message))
            return
        }
        if let property = properties.first(where: { "Queries/\($0.queryName).sql" == file }) {
            guard diagnostic.location.line > 1 else {
                context.diagnose(Diagnostic(node: property.literal, message: message))
                return
            }
            let offset = property.source.offset(line: diagnostic.location.line - 1, column: diagnostic.location.column)
            context.diagnose(
                Diagnostic(
                    node: property.literal, position: property.source.position(ofValueOffset: offset), message: message)
            )
            return
        }
        context.diagnose(Diagnostic(node: fallback, message: message))
    }
}

struct Message: DiagnosticMessage {
    let message: String
    let severity: DiagnosticSeverity
    var diagnosticID: MessageID { MessageID(domain: "CoddSQLFirst", id: "sql") }

    init(_ message: String, severity: DiagnosticSeverity = .error) {
        self.message = message
        self.severity = severity
    }
}
