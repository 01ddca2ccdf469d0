import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct CoddMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [
        TableMacro.self, ColumnMacro.self, IgnoredMacro.self, SelectionMacro.self, SQLMacro.self,
        DatabaseFunctionMacro.self, JSONPathsMacro.self,
    ]
}
