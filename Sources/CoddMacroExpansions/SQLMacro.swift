import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `#sql("…")`: raw SQL as a `CoddQuery.SQLRaw`, whose interpolations render expressions
/// as SQL and bind values. The expansion keeps the literal as written; the macro exists
/// to check its SQL text at compile time (quotes and parentheses balance, no `?` or
/// named parameters, which would not match the bindings).
public struct SQLMacro: ExpressionMacro {
    public static func expansion(
        of node: some FreestandingMacroExpansionSyntax, in context: some MacroExpansionContext
    ) throws -> ExprSyntax {
        var diagnostics = DiagnosticList()
        let arguments = Array(node.arguments)
        let sqlArgument = arguments.first { $0.label == nil }
        var typeArgument: String?
        if let asArgument = arguments.first(where: { $0.label?.text == "as" }) {
            typeArgument = TypeShape.metatypeBase(asArgument.expression)
            if typeArgument == nil {
                diagnostics.error(
                    "#sql(as:) takes a type, e.g. as: String.self", id: "sql-as-type", at: asArgument.expression
                )
            }
        }
        let rawType = "CoddQuery.SQLRaw" + (typeArgument.map { "<\($0)>" } ?? "")

        guard let sqlArgument else {
            diagnostics.error("#sql takes a string literal", id: "sql-literal", at: node)
            diagnostics.emit(in: context)
            return "\(raw: rawType)(\"\")"
        }
        let expression = sqlArgument.expression
        if let literal = expression.as(StringLiteralExprSyntax.self) {
            if !literal.hasError { SQLTextChecker.check(literal, diagnostics: &diagnostics) }
        } else {
            diagnostics.error("#sql takes a string literal", id: "sql-literal", at: expression)
        }
        diagnostics.emit(in: context)
        return "\(raw: rawType)(\(expression.trimmed))"
    }
}

/// Scans the text segments of a `#sql` literal as SQLite tokenizes them, treating each
/// interpolation as one opaque token.
enum SQLTextChecker {
    /// One scalar of literal text, or an interpolation, with the segment to point at.
    private enum Element {
        case scalar(Unicode.Scalar, Syntax)
        case interpolation(Syntax)
    }

    private enum State {
        case code, singleQuoted, doubleQuoted, bracketed, backticked, lineComment, blockComment
    }

    static func check(_ literal: StringLiteralExprSyntax, diagnostics: inout DiagnosticList) {
        var elements: [Element] = []
        for segment in literal.segments {
            switch segment {
            case .stringSegment(let text):
                for scalar in StringLiterals.scalars(of: text, in: literal) {
                    elements.append(.scalar(scalar, Syntax(text)))
                }
            case .expressionSegment(let interpolation):
                elements.append(.interpolation(Syntax(interpolation)))
            }
        }

        var reported = Set<String>()
        func report(_ message: String, id: String, at node: Syntax) {
            // One diagnostic per problem and segment: a literal with ten `?` gets one error.
            guard reported.insert("\(id):\(message):\(node.position.utf8Offset)").inserted else { return }
            diagnostics.error(message, id: id, at: node)
        }

        var state = State.code
        var openedAt: Syntax?
        var openParentheses: [Syntax] = []
        var previous: Unicode.Scalar?
        var index = 0
        func next(_ offset: Int = 1) -> Unicode.Scalar? {
            guard index + offset < elements.count, case .scalar(let scalar, _) = elements[index + offset] else {
                return nil
            }
            return scalar
        }

        while index < elements.count {
            let scalar: Unicode.Scalar
            let node: Syntax
            switch elements[index] {
            case .interpolation(let interpolation):
                switch state {
                case .code:
                    break
                case .singleQuoted, .doubleQuoted, .bracketed, .backticked:
                    report(
                        "an interpolation inside quotes would be rendered inside the quoted text; "
                            + "interpolate outside the quotes, e.g. '%' || \\(pattern) || '%'",
                        id: "sql-interpolation-in-quotes", at: interpolation
                    )
                case .lineComment, .blockComment:
                    report(
                        "an interpolation inside an SQL comment would not be rendered as SQL; move it out of the comment",
                        id: "sql-interpolation-in-comment", at: interpolation
                    )
                }
                previous = nil
                index += 1
                continue
            case .scalar(let value, let segment):
                scalar = value
                node = segment
            }

            switch state {
            case .code:
                switch scalar {
                case "'": state = .singleQuoted; openedAt = node
                case "\"": state = .doubleQuoted; openedAt = node
                case "[": state = .bracketed; openedAt = node
                case "`": state = .backticked; openedAt = node
                case "-" where next() == "-": state = .lineComment; openedAt = node; index += 1
                case "/" where next() == "*": state = .blockComment; openedAt = node; index += 1
                case "(": openParentheses.append(node)
                case ")":
                    if openParentheses.popLast() == nil {
                        report(
                            "unbalanced parentheses: ')' has no matching '('", id: "sql-unbalanced-parentheses",
                            at: node
                        )
                    }
                case "?":
                    var token = "?"
                    while let digit = next(token.unicodeScalars.count), isDigit(digit) {
                        token.unicodeScalars.append(digit)
                    }
                    report(placeholderMessage(token), id: "sql-placeholder", at: node)
                case ":", "$", "@":
                    if let following = next(), isIdentifierCharacter(following),
                        !(previous.map(isIdentifierCharacter) ?? false)
                    {
                        var token = String(scalar)
                        while let character = next(token.unicodeScalars.count), isIdentifierCharacter(character) {
                            token.unicodeScalars.append(character)
                        }
                        report(placeholderMessage(token), id: "sql-placeholder", at: node)
                    }
                default:
                    break
                }
            case .singleQuoted, .doubleQuoted, .backticked:
                let quote: Unicode.Scalar = state == .singleQuoted ? "'" : state == .doubleQuoted ? "\"" : "`"
                if scalar == quote {
                    // A doubled quote is an escaped quote inside the string or identifier.
                    if next() == quote { index += 1 } else { state = .code }
                }
            case .bracketed:
                if scalar == "]" { state = .code }
            case .lineComment:
                if scalar == "\n" || scalar == "\r" { state = .code }
            case .blockComment:
                if scalar == "*", next() == "/" {
                    state = .code
                    index += 1
                }
            }
            previous = state == .code ? scalar : nil
            index += 1
        }

        if let openedAt {
            switch state {
            case .code:
                break
            case .singleQuoted:
                report(
                    "unbalanced single quotes: a '…' string is never closed (write a quote inside it as '')",
                    id: "sql-unbalanced-single-quote", at: openedAt
                )
            case .doubleQuoted:
                report(
                    "unbalanced double quotes: a \"…\" identifier is never closed (write a quote inside it as \"\")",
                    id: "sql-unbalanced-double-quote", at: openedAt
                )
            case .bracketed:
                report("a [identifier] is never closed", id: "sql-unbalanced-bracket", at: openedAt)
            case .backticked:
                report("a `identifier` is never closed", id: "sql-unbalanced-backtick", at: openedAt)
            case .lineComment:
                report(
                    "a -- comment must end with a line break inside #sql, or it hides the SQL that follows it",
                    id: "sql-unterminated-comment", at: openedAt
                )
            case .blockComment:
                report(
                    "a /* comment is never closed; it would hide the SQL that follows it",
                    id: "sql-unterminated-comment", at: openedAt
                )
            }
        }
        for parenthesis in openParentheses {
            report(
                "unbalanced parentheses: '(' is never closed", id: "sql-unbalanced-parentheses", at: parenthesis
            )
        }
    }

    private static func placeholderMessage(_ token: String) -> String {
        "'\(token)' is a parameter placeholder, which #sql cannot bind; bind values by interpolating them: \\(value)"
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    /// Letters, digits, `_` and `$`: what continues an SQLite identifier or parameter name.
    private static func isIdentifierCharacter(_ scalar: Unicode.Scalar) -> Bool {
        isDigit(scalar) || scalar == "_" || scalar == "$" || scalar.properties.isAlphabetic
    }
}
