import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// A Codd macro diagnostic. Every problem is reported this way, pointing at the node
/// the user has to change, so that malformed input never crashes the plugin.
struct CoddDiagnostic: DiagnosticMessage {
    let message: String
    let diagnosticID: MessageID
    let severity: DiagnosticSeverity

    init(_ message: String, id: String, severity: DiagnosticSeverity = .error) {
        self.message = message
        self.diagnosticID = MessageID(domain: "Codd", id: id)
        self.severity = severity
    }
}

/// The text of a Fix-It.
struct CoddFixItMessage: FixItMessage {
    let message: String
    let fixItID: MessageID

    init(_ message: String, id: String) {
        self.message = message
        self.fixItID = MessageID(domain: "Codd", id: id)
    }
}

/// Collects diagnostics while a macro reads its input, so that it can decide, once
/// everything is read, whether to emit code at all (it emits none after an error, which
/// would only add follow-on type errors).
struct DiagnosticList {
    private(set) var diagnostics: [Diagnostic] = []

    var hasErrors: Bool { diagnostics.contains { $0.diagMessage.severity == .error } }

    mutating func error(_ message: String, id: String, at node: some SyntaxProtocol, fixIts: [FixIt] = []) {
        diagnostics.append(
            Diagnostic(node: Syntax(node), message: CoddDiagnostic(message, id: id), fixIts: fixIts)
        )
    }

    mutating func append(contentsOf other: DiagnosticList) {
        diagnostics.append(contentsOf: other.diagnostics)
    }

    func emit(in context: some MacroExpansionContext) {
        for diagnostic in diagnostics { context.diagnose(diagnostic) }
    }
}
