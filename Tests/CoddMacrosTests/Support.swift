import CoddMacroExpansions
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// The macros as the compiler sees them, with the conformances the declarations list.
let coddMacroSpecs: [String: MacroSpec] = [
    "Table": MacroSpec(type: TableMacro.self, conformances: [type("Table"), type("PrimaryKeyedTable")]),
    "Selection": MacroSpec(type: SelectionMacro.self, conformances: [type("Selection")]),
    "Column": MacroSpec(type: ColumnMacro.self),
    "Ignored": MacroSpec(type: IgnoredMacro.self),
    "sql": MacroSpec(type: SQLMacro.self),
    "DatabaseFunction": MacroSpec(type: DatabaseFunctionMacro.self),
]

/// `@Table` when the type already declares its conformances: the compiler asks for none.
let tableWithoutConformances: [String: MacroSpec] = coddMacroSpecs.merging(["Table": MacroSpec(type: TableMacro.self)])
{ $1 }

private func type(_ name: String) -> TypeSyntax {
    TypeSyntax(IdentifierTypeSyntax(name: .identifier(name)))
}

/// `assertMacroExpansion` with Codd's macros, reporting failures to Swift Testing at the
/// caller's line.
func assertCoddExpansion(
    _ source: String,
    expandedSource: String,
    diagnostics: [DiagnosticSpec] = [],
    macroSpecs: [String: MacroSpec] = coddMacroSpecs,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    assertMacroExpansion(
        source,
        expandedSource: expandedSource,
        diagnostics: diagnostics,
        macroSpecs: macroSpecs,
        indentationWidth: .spaces(4),
        failureHandler: { failure in
            Issue.record(
                Comment(rawValue: failure.message),
                sourceLocation: SourceLocation(
                    fileID: failure.location.fileID, filePath: failure.location.filePath,
                    line: failure.location.line, column: failure.location.column
                )
            )
        },
        fileID: fileID,
        filePath: filePath,
        line: line,
        column: column
    )
}
