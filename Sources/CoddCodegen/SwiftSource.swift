import Foundation

/// Builds Swift source line by line, indented.
struct SwiftSource {
    private(set) var text = ""
    private var indentation = 0

    mutating func line(_ line: String = "") {
        if line.isEmpty {
            text += "\n"
        } else {
            text += String(repeating: "    ", count: indentation) + line + "\n"
        }
    }

    /// `header {`, the body one level in, `}`.
    mutating func block(_ header: String, _ body: (inout SwiftSource) -> Void) {
        line(header + " {")
        indentation += 1
        body(&self)
        indentation -= 1
        line("}")
    }

    /// `if condition {` … `} else {` … `}`.
    mutating func ifElse(
        _ condition: String, _ then: (inout SwiftSource) -> Void, else otherwise: (inout SwiftSource) -> Void
    ) {
        line("if \(condition) {")
        indentation += 1
        then(&self)
        indentation -= 1
        line("} else {")
        indentation += 1
        otherwise(&self)
        indentation -= 1
        line("}")
    }

    /// `///` lines.
    mutating func documentation(_ lines: [String]) {
        for text in lines {
            line(text.isEmpty ? "///" : "/// " + text)
        }
    }

    /// The indentation of the current level.
    var currentIndentation: String { String(repeating: "    ", count: indentation) }

    mutating func append(raw: String) {
        text += raw
    }
}

enum SwiftLiteral {
    /// A raw string literal holding `text` exactly: `#"…"#` on one line, `#"""` … `"""#`
    /// over several, with as many `#` as it takes that the text never closes it.
    static func raw(_ text: String, indentation: String = "") -> String {
        var hashes = 1
        while text.contains("\"" + String(repeating: "#", count: hashes))
            || text.contains(String(repeating: "#", count: hashes) + "\"")
            || text.contains("\\" + String(repeating: "#", count: hashes))
        {
            hashes += 1
        }
        let delimiter = String(repeating: "#", count: hashes)
        if !text.contains("\n") && !text.contains("\r") {
            return "\(delimiter)\"\(text)\"\(delimiter)"
        }
        // A multi-line literal: each line behind `indentation`, which the closing
        // delimiter's own indentation strips again.
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { indentation + $0 }
            .joined(separator: "\n")
        return "\(delimiter)\"\"\"\n\(lines)\n\(indentation)\"\"\"\(delimiter)"
    }

    /// A plain string literal for a short identifier-like text (a query's name).
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// A doc comment line cannot break out of its comment; it is shown as written.
    static func documentation(_ text: String) -> String {
        text.replacingOccurrences(of: "\r", with: " ")
    }
}
