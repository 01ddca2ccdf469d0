import CoddNaming

/// Writes generated Swift source line by line with consistent indentation, so that the
/// macros build declarations from readable templates instead of nested syntax builders.
struct SourceWriter {
    private(set) var text = ""
    private var depth = 0

    /// Appends one line at the current indentation.
    mutating func line(_ line: String) {
        text += String(repeating: "    ", count: depth) + line + "\n"
    }

    /// Appends `header {`, the lines `body` writes one level deeper, and `}`.
    mutating func block(_ header: String, _ body: (inout SourceWriter) -> Void) {
        line(header + " {")
        depth += 1
        body(&self)
        depth -= 1
        line("}")
    }
}

extension SourceWriter {
    /// `try builder.jsonObject { … }`, a `jsonMember` per property under its SQL name;
    /// `{ _ in }` for none (an empty closure cannot ignore its `inout` parameter).
    mutating func jsonObject(of properties: [StoredProperty]) {
        guard !properties.isEmpty else { return line("builder.jsonObject { _ in }") }
        block("try builder.jsonObject") { body in
            for property in properties {
                body.line(
                    "try $0.jsonMember(\(Naming.swiftStringLiteral(property.columnName)), self.\(property.identifier))")
            }
        }
    }
}
