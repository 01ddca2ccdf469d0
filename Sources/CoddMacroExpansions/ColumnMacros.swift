import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Column`: generates nothing. `@Table` and `@Selection` read its arguments from the
/// syntax; this expansion only checks that it sits on a stored instance property (the
/// compiler itself rejects a peer macro on several bindings) and that its arguments are
/// literals the attached macros can read.
public struct ColumnMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        var diagnostics = DiagnosticList()
        if let variable = declaration.as(VariableDeclSyntax.self) {
            checkPlacement(of: node, on: variable, macroName: "@Column", diagnostics: &diagnostics)
            if variable.attributes.compactMap({ $0.attribute(named: "Column") }).count > 1 {
                diagnostics.error("a property takes one @Column; merge their arguments", id: "column-twice", at: node)
            }
            _ = ColumnArguments(node, diagnostics: &diagnostics)
        } else {
            diagnostics.error("@Column applies to a stored property", id: "column-placement", at: node)
        }
        diagnostics.emit(in: context)
        return []
    }
}

/// `@Ignored`: generates nothing. `@Table` and `@Selection` leave the property out of
/// the columns and assign its default value when decoding, so it must have one.
public struct IgnoredMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        var diagnostics = DiagnosticList()
        if let variable = declaration.as(VariableDeclSyntax.self) {
            let placed = checkPlacement(of: node, on: variable, macroName: "@Ignored", diagnostics: &diagnostics)
            if variable.attributes.contains(where: { $0.attribute(named: "Column") != nil }) {
                diagnostics.error(
                    "a property cannot be both @Column and @Ignored", id: "column-and-ignored", at: node
                )
            }
            if placed {
                let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
                let bindings = Array(variable.bindings)
                for (index, binding) in bindings.enumerated() where binding.initializer == nil {
                    // `var note: String?` starts as `nil`, which is a default value.
                    let annotation =
                        binding.typeAnnotation?.type
                        ?? bindings[(index + 1)...].first { $0.typeAnnotation != nil }?.typeAnnotation?.type
                    if !isLet, let annotation, TypeShape.isOptional(annotation) { continue }
                    diagnostics.error(
                        "an @Ignored property needs a default value", id: "ignored-without-default", at: binding.pattern
                    )
                }
            }
        } else {
            diagnostics.error("@Ignored applies to a stored property", id: "ignored-placement", at: node)
        }
        diagnostics.emit(in: context)
        return []
    }
}

/// Reports `macroName` on a static or computed property; returns whether it is placed
/// on stored instance properties.
@discardableResult
private func checkPlacement(
    of node: AttributeSyntax, on variable: VariableDeclSyntax, macroName: String, diagnostics: inout DiagnosticList
) -> Bool {
    if variable.isStatic {
        diagnostics.error(
            "\(macroName) applies to an instance property, not a static one", id: "static-property", at: node
        )
        return false
    }
    if let computed = variable.bindings.first(where: { !$0.isStored }) {
        diagnostics.error(
            "\(macroName) applies to a stored property; '\(computed.pattern.trimmedDescription)' is computed",
            id: "computed-property", at: node
        )
        return false
    }
    return true
}
