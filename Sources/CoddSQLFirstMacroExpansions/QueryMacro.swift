import SwiftSyntax
import SwiftSyntaxMacros

/// `@Query("…")` marks a property for `@Database`, which reads it; by itself it adds
/// nothing.
public struct QueryMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        []
    }
}
