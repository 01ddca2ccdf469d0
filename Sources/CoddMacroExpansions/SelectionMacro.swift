import CoddNaming
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Selection`: conforms a struct to `Selection`, a custom result shape. Its `Columns`
/// takes one selectable expression per field (a column, an aggregate, a whole table) and
/// renders each aliased by the field's name; decoding reads the fields in order, each
/// taking as many columns as its type does (a table field reads its whole row).
///
/// On a `@Table` type (a common table expression's row) it writes only `Columns`, which also
/// takes a row value (`Columns(row)`): `@Table` writes the decoding, the same for its columns.
public struct SelectionMacro: ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        var diagnostics = DiagnosticList()
        guard let structDecl = declaration.as(StructDeclSyntax.self) else {
            diagnostics.error("@Selection applies to a struct", id: "selection-not-struct", at: declaration.introducer)
            diagnostics.emit(in: context)
            return []
        }
        let members = MemberList(of: structDecl, macroName: "@Selection")
        // On a `@Table` type, `@Table` reports the members' problems and writes the decoding.
        let isTable = structDecl.attributes.contains { isTableAttribute($0) }
        if isTable, members.diagnostics.hasErrors || members.hasPeerErrors { return [] }
        diagnostics.append(contentsOf: members.diagnostics)
        if !isTable {
            for field in members.columns {
                guard let argument = field.collationArgument else { continue }
                diagnostics.error(
                    "@Column(collation:) is a @Table column's default collation; a @Selection's field is a result, "
                        + "collated by the expression that computes it (.collate(_:))",
                    id: "selection-collation", at: argument
                )
            }
        }
        diagnostics.emit(in: context)
        guard !diagnostics.hasErrors, !members.hasPeerErrors else { return [] }

        let typeName = type.trimmedDescription
        let a = structDecl.generatedAccessPrefix
        let fields = members.columns
        var writer = SourceWriter()
        writer.block("extension \(typeName)\(conformanceClause(["Selection"], requested: protocols))") { body in
            if !isTable { writeDecoding(into: &body, access: a, members: members) }
            let columnsProtocol = isTable ? "CoddQuery.TableSelectionColumns" : "CoddQuery.SelectionColumns"
            body.block("\(a)struct Columns: \(columnsProtocol)") { body in
                body.line("\(a)typealias QueryValue = \(typeName)")
                for field in fields {
                    body.line("\(a)let \(field.identifier): any CoddCore.SQLSelectable<\(field.valueType)>")
                }
                let names = fields.initializerParameters()
                let parameters = zip(fields, names).map { field, name in
                    "\(name.declaration): some CoddCore.SQLSelectable<\(field.valueType)>"
                }
                body.block("\(a)init(\(parameters.joined(separator: ", ")))") { body in
                    for (field, name) in zip(fields, names) {
                        body.line("self.\(field.identifier) = \(name.local)")
                    }
                }
                if isTable {
                    // A row as values: the seed row of a recursive CTE (`SELECT 1 AS "value"`).
                    body.block("\(a)init(_ row: \(typeName))") { body in
                        for field in fields {
                            let value =
                                field.representation.map { "\($0)(represented: row.\(field.identifier))" }
                                ?? "row.\(field.identifier)"
                            body.line("self.\(field.identifier) = \(value)")
                        }
                    }
                }
                body.block("\(a)func renderJSON(into builder: inout CoddCore.SQLBuilder) throws") { body in
                    body.jsonObject(of: fields)
                }
                body.block("\(a)func renderSelection(into builder: inout CoddCore.SQLBuilder, alias: String?) throws") {
                    body in
                    for field in fields {
                        body.line(
                            "try self.\(field.identifier).renderSelection(into: &builder, alias: "
                                + "\(Naming.swiftStringLiteral(field.columnName)))"
                        )
                    }
                }
            }
        }
        let decl = DeclSyntax("\(raw: writer.text)")
        guard let extensionDecl = decl.as(ExtensionDeclSyntax.self), !extensionDecl.hasError else {
            context.diagnose(
                Diagnostic(
                    node: node,
                    message: CoddDiagnostic(
                        "@Selection generated invalid code; check the field types", id: "invalid-expansion"
                    )
                )
            )
            return []
        }
        return [extensionDecl]
    }

    /// `columnCount`, `init(decodingRow:at:)` and `init(decodingJSON:)`: a `@Table`
    /// writes its own, the same for its columns, so a type marked both gets them once.
    private static func writeDecoding(into body: inout SourceWriter, access a: String, members: MemberList) {
        let fields = members.columns
        let count = fields.isEmpty ? "0" : fields.map { "\($0.valueType).columnCount" }.joined(separator: " + ")
        body.block("\(a)static var columnCount: Int") { $0.line(count) }
        body.block("\(a)init(decodingRow reader: borrowing some CoddCore.SQLColumnReader, at index: inout Int) throws")
        {
            body in
            for field in fields {
                body.line("self.\(field.identifier) = \(decodeExpression(field))")
            }
            for property in members.ignored {
                if let value = property.assignedValue { body.line("self.\(property.identifier) = \(value)") }
            }
        }
        body.block("\(a)init(decodingJSON json: CoddCore.SQLJSONValue) throws") { body in
            body.line("\(fields.isEmpty ? "_" : "var members") = try json.members(for: Self.self)")
            for field in fields {
                body.line("self.\(field.identifier) = \(decodeJSONExpression(field))")
            }
            for property in members.ignored {
                if let value = property.assignedValue { body.line("self.\(property.identifier) = \(value)") }
            }
        }
    }

    /// Whether `attribute` is `@Table` (or `@Table("name")`, `@CoddQuery.Table`).
    private static func isTableAttribute(_ attribute: AttributeListSyntax.Element) -> Bool {
        guard case .attribute(let attribute) = attribute else { return false }
        let name = attribute.attributeName.trimmedDescription
        return name == "Table" || name.hasSuffix(".Table")
    }
}
