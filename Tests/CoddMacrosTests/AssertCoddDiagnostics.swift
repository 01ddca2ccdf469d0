import Foundation
import InlineSnapshotTesting
import MacroTesting
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport

/// `assertMacro` with Codd's macros for a source they reject: the `diagnostics:` snapshot
/// shows each message under the line and column it points at (and its fix-its). Once a
/// macro reports an error `assertMacro` snapshots no expansion, so this one adds what the
/// compiler is left with: `expansion:`, or, when every diagnostic has a fix-it (then
/// `assertMacro` snapshots the `fixes:` applied and their `expansion:`), `unfixedExpansion:`.
func assertCoddDiagnostics(
    of source: () -> String,
    diagnostics: (() -> String)? = nil,
    fixes: (() -> String)? = nil,
    expansion: (() -> String)? = nil,
    unfixedExpansion: (() -> String)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    let (expanded, hasFixes) = coddExpansion(of: source())
    assertMacro(
        coddMacroSpecs, indentationWidth: .spaces(4),
        of: source, diagnostics: diagnostics, fixes: fixes, expansion: hasFixes ? expansion : nil,
        fileID: fileID, file: filePath, function: function, line: line, column: column
    )
    assertInlineSnapshot(
        of: expanded,
        as: .lines,
        message: "Expansion did not match",
        syntaxDescriptor: hasFixes
            ? InlineSnapshotSyntaxDescriptor(trailingClosureLabel: "unfixedExpansion", trailingClosureOffset: 4)
            : InlineSnapshotSyntaxDescriptor(trailingClosureLabel: "expansion", trailingClosureOffset: 2),
        matches: hasFixes ? unfixedExpansion : expansion,
        fileID: fileID,
        file: filePath,
        function: function,
        line: line,
        column: column
    )
}

/// `source` with Codd's macros expanded, as `assertMacroExpansion` expands it, and whether
/// every diagnostic has a fix-it (then `assertMacro` snapshots `fixes:` before `expansion:`).
private func coddExpansion(of source: String) -> (expanded: String, hasFixes: Bool) {
    let sourceFile = Parser.parse(source: source)
    let context = BasicMacroExpansionContext(sourceFiles: [
        sourceFile: .init(moduleName: "TestModule", fullFilePath: "test.swift")
    ])
    let expanded = sourceFile.expand(
        macroSpecs: coddMacroSpecs,
        contextGenerator: {
            BasicMacroExpansionContext(sharingWith: context, lexicalContext: $0.allMacroLexicalContexts())
        },
        indentationWidth: .spaces(4)
    )
    let diagnostics = context.diagnostics
    let hasFixes = !diagnostics.isEmpty && diagnostics.allSatisfy { !$0.fixIts.isEmpty }
    return (expanded.description.trimmingCharacters(in: .newlines), hasFixes)
}
