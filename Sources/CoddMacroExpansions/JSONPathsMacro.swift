import CoddNaming
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@JSONPaths`: conforms a struct stored as JSON to `SQLJSONPathNavigable`, with a
/// `JSONMembers` type of one `SQLJSONKey<Type>` per stored property, keyed as `Codable` keys
/// it (a `CodingKeys` enum's raw values, and only its cases, when the struct declares one).
/// Queries then reach its members in a JSON column: `$0.settings.theme`.
public struct JSONPathsMacro: ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        var diagnostics = DiagnosticList()
        guard let structDecl = declaration.as(StructDeclSyntax.self) else {
            diagnostics.error("@JSONPaths applies to a struct", id: "json-paths-not-struct", at: declaration.introducer)
            diagnostics.emit(in: context)
            return []
        }
        let codingKeys = Self.codingKeys(of: structDecl)
        var members: [(identifier: String, key: String, type: String)] = []
        for member in structDecl.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self), !variable.isStatic else { continue }
            let bindings = Array(variable.bindings)
            for (index, binding) in bindings.enumerated() where binding.isStored {
                guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
                let identifier = pattern.identifier.text
                let name = Naming.unbackticked(identifier)
                let key: String
                if let codingKeys {
                    guard let listed = codingKeys[name] else { continue }
                    key = listed
                } else {
                    key = name
                }
                let annotation =
                    binding.typeAnnotation?.type
                    ?? (binding.initializer == nil
                        ? bindings[(index + 1)...].first { $0.typeAnnotation != nil }?.typeAnnotation?.type : nil)
                let type: String
                if let annotation {
                    type = TypeShape.expressionText(annotation)
                } else if let initializer = binding.initializer,
                    let inferred = TypeShape.inferredType(of: initializer.value)
                {
                    type = inferred
                } else {
                    diagnostics.error(
                        "Cannot infer the type of '\(name)'; add a type annotation", id: "json-paths-cannot-infer-type",
                        at: binding.pattern
                    )
                    continue
                }
                members.append((identifier, key, type))
            }
        }
        diagnostics.emit(in: context)
        guard !diagnostics.hasErrors else { return [] }

        let access = structDecl.generatedAccessPrefix
        var writer = SourceWriter()
        let conformance = protocols.isEmpty ? "" : ": CoddCore.SQLJSONPathNavigable"
        writer.block("extension \(type.trimmedDescription)\(conformance)") { body in
            body.block("\(access)struct JSONMembers: CoddCore.SQLJSONPathMembers") { body in
                body.line("\(access)init() {}")
                for member in members {
                    body.block("\(access)var \(member.identifier): CoddCore.SQLJSONKey<\(member.type)>") {
                        $0.line("CoddCore.SQLJSONKey(\(Naming.swiftStringLiteral(member.key)))")
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
                        "@JSONPaths generated invalid code; check the property types", id: "invalid-expansion"))
            )
            return []
        }
        return [extensionDecl]
    }

    /// The keys a `CodingKeys` enum of the struct gives its properties (case name → raw
    /// value, or the name), or `nil` when it declares none.
    static func codingKeys(of structDecl: StructDeclSyntax) -> [String: String]? {
        for member in structDecl.memberBlock.members {
            guard let enumDecl = member.decl.as(EnumDeclSyntax.self), enumDecl.name.text == "CodingKeys" else {
                continue
            }
            var keys: [String: String] = [:]
            for caseMember in enumDecl.memberBlock.members {
                guard let caseDecl = caseMember.decl.as(EnumCaseDeclSyntax.self) else { continue }
                for element in caseDecl.elements {
                    let name = Naming.unbackticked(element.name.text)
                    keys[name] = element.rawValue.flatMap { StringLiterals.value(of: $0.value) } ?? name
                }
            }
            return keys
        }
        return nil
    }
}
