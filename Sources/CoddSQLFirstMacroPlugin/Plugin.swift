import CoddSQLFirstMacroExpansions
import SwiftCompilerPlugin
import SwiftSyntax
import SwiftSyntaxMacros

/// The compiler plugin: each macro under the name its declaration gives
/// (`#externalMacro(module: "CoddSQLFirstMacroPlugin", type: "DatabaseMacro")`), expanded by
/// the type of the same name in CoddSQLFirstMacroExpansions, a library so that its tests need
/// no macro target.
@main
struct CoddSQLFirstMacroPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [DatabaseMacro.self, QueryMacro.self]
}

struct DatabaseMacro: MemberMacro {
    static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        try CoddSQLFirstMacroExpansions.DatabaseMacro.expansion(
            of: node, providingMembersOf: declaration, conformingTo: protocols, in: context)
    }
}

struct QueryMacro: PeerMacro {
    static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        try CoddSQLFirstMacroExpansions.QueryMacro.expansion(of: node, providingPeersOf: declaration, in: context)
    }
}
