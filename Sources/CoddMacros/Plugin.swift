import CoddMacroExpansions
import SwiftCompilerPlugin
import SwiftSyntax
import SwiftSyntaxMacros

/// The compiler plugin: each macro under the name its declaration gives
/// (`#externalMacro(module: "CoddMacros", type: "TableMacro")`), expanded by the type of the
/// same name in CoddMacroExpansions. The compiler finds a macro by module and type name, and
/// the expansions live in a library so that their tests need no macro target.
@main
struct CoddMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [
        TableMacro.self, ColumnMacro.self, IgnoredMacro.self, SelectionMacro.self, SQLMacro.self,
        DatabaseFunctionMacro.self, JSONPathsMacro.self,
    ]
}

struct TableMacro: ForwardingExtensionMacro {
    typealias Expansion = CoddMacroExpansions.TableMacro
}
struct SelectionMacro: ForwardingExtensionMacro {
    typealias Expansion = CoddMacroExpansions.SelectionMacro
}
struct JSONPathsMacro: ForwardingExtensionMacro {
    typealias Expansion = CoddMacroExpansions.JSONPathsMacro
}
struct ColumnMacro: ForwardingPeerMacro {
    typealias Expansion = CoddMacroExpansions.ColumnMacro
}
struct IgnoredMacro: ForwardingPeerMacro {
    typealias Expansion = CoddMacroExpansions.IgnoredMacro
}
struct DatabaseFunctionMacro: ForwardingPeerMacro {
    typealias Expansion = CoddMacroExpansions.DatabaseFunctionMacro
}
struct SQLMacro: ForwardingExpressionMacro {
    typealias Expansion = CoddMacroExpansions.SQLMacro
}

/// A macro the plugin names, expanded by `Expansion`.
protocol ForwardingExtensionMacro: ExtensionMacro {
    associatedtype Expansion: ExtensionMacro
}

extension ForwardingExtensionMacro {
    static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        try Expansion.expansion(
            of: node, attachedTo: declaration, providingExtensionsOf: type, conformingTo: protocols, in: context)
    }
}

/// A macro the plugin names, expanded by `Expansion`.
protocol ForwardingPeerMacro: PeerMacro {
    associatedtype Expansion: PeerMacro
}

extension ForwardingPeerMacro {
    static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        try Expansion.expansion(of: node, providingPeersOf: declaration, in: context)
    }
}

/// A macro the plugin names, expanded by `Expansion`.
protocol ForwardingExpressionMacro: ExpressionMacro {
    associatedtype Expansion: ExpressionMacro
}

extension ForwardingExpressionMacro {
    static func expansion(
        of node: some FreestandingMacroExpansionSyntax, in context: some MacroExpansionContext
    ) throws -> ExprSyntax {
        try Expansion.expansion(of: node, in: context)
    }
}
