import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct CoddSQLFirstMacroPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [DatabaseMacro.self, QueryMacro.self]
}
