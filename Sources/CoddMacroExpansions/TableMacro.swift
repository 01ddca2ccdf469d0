import CoddNaming
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Table`: conforms a struct to `Table` (and `PrimaryKeyedTable` when it has a primary
/// key) with typed columns, row decoding by index, value rendering for inserts, and a
/// `Draft` without a primary key SQLite assigns.
///
/// Everything is read from the syntax of the struct: a macro sees no types, so the
/// column types are the annotations (or the type of a literal initial value).
public struct TableMacro: ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        var diagnostics = DiagnosticList()
        guard let structDecl = declaration.as(StructDeclSyntax.self) else {
            diagnostics.error("@Table applies to a struct", id: "table-not-struct", at: declaration.introducer)
            diagnostics.emit(in: context)
            return []
        }

        let tableName = readTableName(node, typeName: structDecl.name.text, diagnostics: &diagnostics)
        let members = MemberList(of: structDecl, macroName: "@Table")
        diagnostics.append(contentsOf: members.diagnostics)
        let primaryKey = findPrimaryKey(members.columns, diagnostics: &diagnostics)
        for column in members.columns {
            let reserved = primaryKey == nil ? ["qualifier"] : ["qualifier", "primaryKey"]
            if reserved.contains(column.name) {
                diagnostics.error(
                    "'\(column.name)' is a member of the generated TableColumns; rename the property "
                        + "(@Column(\"\(column.name)\") keeps the column name)",
                    id: "reserved-column-name", at: column.pattern
                )
            }
        }
        if let primaryKey, primaryKey.isGenerated {
            diagnostics.error(
                "the primary key '\(primaryKey.name)' cannot be a generated column: rows are found and upserted by it",
                id: "generated-primary-key", at: primaryKey.pattern
            )
        }
        diagnostics.emit(in: context)
        guard !diagnostics.hasErrors, !members.hasPeerErrors, let tableName else { return [] }

        let table = TableSource(
            typeName: type.trimmedDescription, access: structDecl.generatedAccessPrefix,
            columns: members.columns, ignored: members.ignored
        )
        var writer = SourceWriter()
        let wanted = primaryKey == nil ? ["Table"] : ["Table", "PrimaryKeyedTable"]
        writer.block("extension \(table.typeName)\(conformanceClause(wanted, requested: protocols))") { body in
            table.writeTableMembers(
                into: &body, tableName: Naming.swiftStringLiteral(tableName), primaryKey: primaryKey
            )
            if declaresReadOnlyView(structDecl) {
                // Inference would take `Table`'s default (`SQLWritable`) over the
                // protocol's same-type requirement.
                body.line("\(table.access)typealias Writability = CoddQuery.SQLReadOnly")
            }
            if let primaryKey {
                let draft = TableSource(
                    typeName: "Draft", access: table.access,
                    columns: draftColumns(table.columns, primaryKey: primaryKey),
                    ignored: []
                )
                body.block("\(table.access)struct Draft: CoddQuery.Table") { body in
                    draft.writeDraftStorage(into: &body)
                    draft.writeTableMembers(into: &body, tableName: "\(table.typeName).tableName", primaryKey: nil)
                }
            }
        }
        let decl = DeclSyntax("\(raw: writer.text)")
        guard let extensionDecl = decl.as(ExtensionDeclSyntax.self), !extensionDecl.hasError else {
            context.diagnose(
                Diagnostic(
                    node: node,
                    message: CoddDiagnostic(
                        "@Table generated invalid code; check the property types", id: "invalid-expansion"
                    )
                )
            )
            return []
        }
        return [extensionDecl]
    }

    /// `@Table("name")`, else the default name; `nil` after reporting a bad argument.
    private static func readTableName(
        _ node: AttributeSyntax, typeName: String, diagnostics: inout DiagnosticList
    ) -> String? {
        guard case .argumentList(let arguments) = node.arguments,
            let argument = arguments.first(where: { $0.label == nil }),
            !argument.expression.is(NilLiteralExprSyntax.self)
        else { return Naming.tableName(forTypeNamed: typeName) }
        guard let name = StringLiterals.value(of: argument.expression) else {
            diagnostics.error(
                "@Table's name must be a string literal", id: "table-name-literal", at: argument.expression)
            return nil
        }
        guard !name.isEmpty else {
            diagnostics.error("a table name cannot be empty", id: "empty-table-name", at: argument.expression)
            return nil
        }
        return name
    }

    /// A `Draft`'s columns: the table's, without a key SQLite assigns (an integer key, or
    /// one marked `@Column(rowID: true)`). Any other key stays, so leaving it out is a
    /// compile-time error rather than SQLite's `NOT NULL constraint failed`; a `UUID` key
    /// with no default of its own defaults to a new `UUID()`.
    private static func draftColumns(_ columns: [StoredProperty], primaryKey: StoredProperty) -> [StoredProperty] {
        // A generated column is never written, so a draft has none.
        let columns = columns.filter { !$0.isGenerated }
        if primaryKey.isAssignedBySQLite {
            return columns.filter { $0.identifier != primaryKey.identifier }
        }
        return columns.map { column in
            guard column.identifier == primaryKey.identifier, column.defaultValue == nil else { return column }
            let base = column.type.hasPrefix("Foundation.") ? String(column.type.dropFirst(11)) : column.type
            return base == "UUID" ? column.withDefault("\(column.type)()") : column
        }
    }

    /// The property marked `@Column(primaryKey: true)`, else the one named `id`.
    private static func findPrimaryKey(
        _ columns: [StoredProperty], diagnostics: inout DiagnosticList
    ) -> StoredProperty? {
        let marked = columns.filter(\.isMarkedPrimaryKey)
        if let first = marked.first {
            for extra in marked.dropFirst() {
                diagnostics.error(
                    "'\(extra.name)' cannot also be the primary key: '\(first.name)' already is; "
                        + "a table has one primary key column",
                    id: "duplicate-primary-key",
                    at: extra.primaryKeyArgument.map(Syntax.init) ?? Syntax(extra.pattern)
                )
            }
            return first
        }
        return columns.first { $0.name == "id" }
    }
}

/// Whether the struct declares `ReadOnlyView` (or `CoddQuery.ReadOnlyView`) among its
/// conformances: a view the DSL only reads.
func declaresReadOnlyView(_ structDecl: StructDeclSyntax) -> Bool {
    structDecl.inheritanceClause?.inheritedTypes.contains {
        $0.type.trimmedDescription.split(separator: ".").last == "ReadOnlyView"
    } ?? false
}

/// The `: CoddQuery.Table, …` clause: the wanted conformances the compiler asks for (it
/// leaves out those the type already declares).
func conformanceClause(_ wanted: [String], requested: [TypeSyntax]) -> String {
    let requestedNames = Set(requested.compactMap { $0.trimmedDescription.split(separator: ".").last.map(String.init) })
    let conformances = wanted.filter { requestedNames.contains($0) }
    return conformances.isEmpty ? "" : ": " + conformances.map { "CoddQuery.\($0)" }.joined(separator: ", ")
}

/// The source of one table type's members: the `@Table` struct itself, or its `Draft`.
private struct TableSource {
    let typeName: String
    let access: String
    let columns: [StoredProperty]
    let ignored: [IgnoredProperty]

    /// `tableName`, `TableColumns`, `columnCount`, `init(decodingRow:at:)` and
    /// `renderColumnValues(into:)`.
    func writeTableMembers(into writer: inout SourceWriter, tableName: String, primaryKey: StoredProperty?) {
        let a = access
        writer.block("\(a)static var tableName: String") { $0.line(tableName) }
        let definition = primaryKey == nil ? "CoddQuery.TableDefinition" : "CoddQuery.PrimaryKeyedTableDefinition"
        writer.block("\(a)struct TableColumns: \(definition)") { body in
            body.line("\(a)typealias QueryValue = \(typeName)")
            if let primaryKey { body.line("\(a)typealias PrimaryKey = \(primaryKey.valueType)") }
            body.line("\(a)let qualifier: String")
            // A column is built when a closure reads it: a statement's closures read a few of
            // a table's columns, and building every one for each closure (and dropping them)
            // cost two strings a column. A column with a collation is stored, built once
            // per closure: its collation is looked up in a process-wide table.
            for column in columns {
                let name = Naming.swiftStringLiteral(column.columnName)
                if column.collation != nil {
                    body.line("\(a)let \(column.identifier): \(columnType(column))")
                } else {
                    body.block("\(a)var \(column.identifier): \(columnType(column))") {
                        $0.line("CoddQuery.TableColumn(qualifier: qualifier, name: \(name))")
                    }
                }
            }
            if let primaryKey {
                body.block("\(a)var primaryKey: \(columnType(primaryKey))") { $0.line("self.\(primaryKey.identifier)") }
            }
            body.block("\(a)init(qualifier: String)") { body in
                body.line("self.qualifier = qualifier")
                for column in columns {
                    guard let collation = column.collation else { continue }
                    body.line(
                        "self.\(column.identifier) = CoddQuery.TableColumn(qualifier: qualifier, name: "
                            + "\(Naming.swiftStringLiteral(column.columnName)), collation: \(collation))"
                    )
                }
            }
            let names = columns.map { Naming.swiftStringLiteral($0.columnName) }.joined(separator: ", ")
            body.block("\(a)static var columnNames: [String]") { $0.line("[\(names)]") }
            // Validation reads the columns through this list: computed properties are not
            // stored, so reflection does not see them.
            let properties = columns.map { "(\(Naming.swiftStringLiteral($0.name)), self.\($0.identifier))" }
            body.block("\(a)var columnsByProperty: [(property: String, column: any CoddCore.SQLExpression)]") {
                $0.line("[\(properties.joined(separator: ", "))]")
            }
            let generated = columns.filter(\.isGenerated).map { Naming.swiftStringLiteral($0.columnName) }
            if !generated.isEmpty {
                body.block("\(a)static var generatedColumnNames: [String]") {
                    $0.line("[\(generated.joined(separator: ", "))]")
                }
            }
            body.block("\(a)func renderJSON(into builder: inout CoddCore.SQLBuilder) throws") { body in
                body.jsonObject(of: columns)
            }
        }
        writer.block("\(a)static var columnCount: Int") { $0.line("\(columns.count)") }
        writer.block(
            "\(a)init(decodingRow reader: borrowing some CoddCore.SQLColumnReader, at index: inout Int) throws"
        ) { body in
            for column in columns {
                body.line("self.\(column.identifier) = \(decodeExpression(column))")
            }
            for property in ignored {
                if let value = property.assignedValue { body.line("self.\(property.identifier) = \(value)") }
            }
        }
        writer.block("\(a)init(decodingJSON json: CoddCore.SQLJSONValue) throws") { body in
            body.line("\(columns.isEmpty ? "_" : "var members") = try json.members(for: Self.self)")
            for column in columns {
                body.line("self.\(column.identifier) = \(decodeJSONExpression(column))")
            }
            for property in ignored {
                if let value = property.assignedValue { body.line("self.\(property.identifier) = \(value)") }
            }
        }
        writer.block("\(a)func renderColumnValues(into builder: inout CoddCore.SQLBuilder) throws") { body in
            // A generated column is never written.
            for column in columns where !column.isGenerated {
                body.line("try builder.listItem { try $0.value(\(valueExpression(column))) }")
            }
        }
        writer.block("\(a)func columnValues() throws -> [any CoddCore.SQLExpression]") { body in
            body.line("[" + columns.map(valueExpression).joined(separator: ", ") + "]")
        }
    }

    /// The `Draft`'s stored properties and memberwise initializer, with the table's
    /// default values as parameter defaults.
    func writeDraftStorage(into writer: inout SourceWriter) {
        for column in columns {
            writer.line("\(access)var \(column.identifier): \(column.type)")
        }
        let names = columns.initializerParameters()
        let parameters = zip(columns, names).map { column, name in
            "\(name.declaration): \(column.type)" + (column.defaultValue.map { " = \($0)" } ?? "")
        }
        writer.block("\(access)init(\(parameters.joined(separator: ", ")))") { body in
            for (column, name) in zip(columns, names) {
                body.line("self.\(column.identifier) = \(name.local)")
            }
        }
    }

    /// The property's value in its column's representation.
    private func valueExpression(_ column: StoredProperty) -> String {
        column.representation.map { "\($0)(represented: self.\(column.identifier))" } ?? "self.\(column.identifier)"
    }

    private func columnType(_ column: StoredProperty) -> String {
        "CoddQuery.TableColumn<\(typeName), \(column.valueType)>"
    }
}

/// Decodes a column or field from the JSON object's member of its name, through its
/// representation when it has one.
///
/// A column renamed with `@Column("due_at")` is looked up by its SQL name (what
/// `json_object` writes), then by its property name (what `Codable` writes).
func decodeJSONExpression(_ property: StoredProperty) -> String {
    let key = Naming.swiftStringLiteral(property.columnName)
    let lookup =
        property.columnName == property.name
        ? "members.value(forKey: \(key))"
        : "members.value(forKey: \(key), alternateKey: \(Naming.swiftStringLiteral(property.name)))"
    return "try \(property.valueType)(decodingJSON: \(lookup))" + (property.representation == nil ? "" : ".represented")
}

/// Decodes a column or field at `index`, through its representation when it has one.
func decodeExpression(_ property: StoredProperty) -> String {
    "try \(property.valueType)(decodingRow: reader, at: &index)"
        + (property.representation == nil ? "" : ".represented")
}
