import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@DatabaseFunction` on a global Swift function: a peer `$name` whose type registers
/// the function with SQLite (`db.add(function: $name)`) and calls it in queries
/// (`$name(…)` renders `"name"(…)`).
///
/// A function whose one parameter is `some Sequence<T>` becomes an aggregate: each row's
/// argument is decoded as it arrives and the values are handed over at the group's end.
/// Every other function is scalar. Arguments decode and results bind through the codecs.
public struct DatabaseFunctionMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        var diagnostics = DiagnosticList()
        guard let function = declaration.as(FunctionDeclSyntax.self) else {
            diagnostics.error("@DatabaseFunction applies to a function", id: "function-decl", at: node)
            diagnostics.emit(in: context)
            return []
        }
        let signature = function.signature
        if signature.effectSpecifiers?.asyncSpecifier != nil {
            diagnostics.error(
                "@DatabaseFunction cannot be async: SQLite calls the function synchronously, inside a statement",
                id: "function-async", at: function.name
            )
        }
        if function.genericParameterClause != nil {
            diagnostics.error(
                "@DatabaseFunction cannot be generic: SQLite needs one concrete type per argument",
                id: "function-generic", at: function.name
            )
        }
        if function.modifiers.contains(where: { ["mutating", "static", "class"].contains($0.name.text) }) {
            diagnostics.error(
                "@DatabaseFunction applies to a global function", id: "function-global", at: function.name
            )
        }
        // The generated type's members would shadow the function inside it.
        let memberNames: Set = [
            "name", "argumentCount", "options", "call", "start", "step", "finish", "callAsFunction",
        ]
        if memberNames.contains(String(function.name.text.filter { $0 != "`" })) {
            diagnostics.error(
                "@DatabaseFunction cannot wrap a function named \(function.name.text): the generated type has a member of that name; rename it and pass the SQL name, @DatabaseFunction(\"\(function.name.text)\")",
                id: "function-member-name", at: function.name
            )
        }
        let arguments = readAttributeArguments(node)
        let swiftName = String(function.name.text.filter { $0 != "`" })
        let sqlName = arguments.name ?? stringLiteral(swiftName)
        let parameters = Array(signature.parameterClause.parameters)
        var aggregateElement: String?
        for parameter in parameters {
            if parameter.ellipsis != nil || parameter.type.is(AttributedTypeSyntax.self) {
                diagnostics.error(
                    "@DatabaseFunction takes plain parameters (no inout, no variadic)",
                    id: "function-parameter", at: parameter
                )
            }
            if let element = sequenceElement(parameter.type) {
                if parameters.count != 1 {
                    diagnostics.error(
                        "An aggregate @DatabaseFunction takes one parameter, some Sequence<T>",
                        id: "function-aggregate-arity", at: parameter.type
                    )
                }
                aggregateElement = element
            }
        }
        if diagnostics.hasErrors {
            diagnostics.emit(in: context)
            return []
        }
        let resultType = signature.returnClause.map { $0.type.trimmedDescription }
        let queryValue = resultType ?? "CoddCore.SQLNull"
        let typeName = context.makeUniqueName(swiftName).text
        let access = accessModifier(function)
        let options =
            "CoddCore.SQLFunctionOptions(deterministic: \(arguments.deterministic), directOnly: \(arguments.directOnly))"
        let isThrowing = signature.effectSpecifiers?.throwsClause != nil
        let tryCall = isThrowing ? "try " : ""

        func label(_ parameter: FunctionParameterSyntax) -> String? {
            parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
        }
        func argumentLabel(_ parameter: FunctionParameterSyntax) -> String {
            let name = (parameter.secondName ?? parameter.firstName).text
            return stringLiteral(name == "_" ? parameter.firstName.text : name)
        }
        func callLabel(_ parameter: FunctionParameterSyntax) -> String {
            label(parameter).map { "\($0): " } ?? ""
        }

        var body: [String] = []
        body.append("\(access)var name: String { \(sqlName) }")
        body.append("\(access)var argumentCount: Int { \(parameters.count) }")
        body.append("\(access)var options: CoddCore.SQLFunctionOptions { \(options) }")
        let conformance: String
        if let element = aggregateElement, let parameter = parameters.first {
            conformance = "CoddCore.SQLAggregateFunction"
            body.append("\(access)func start() -> [\(element)] { [] }")
            body.append(
                """
                \(access)func step(_ state: inout [\(element)], arguments: some CoddCore.SQLColumnReader) throws {
                    state.append(try arguments.functionArgument((\(element)).self, at: 0, of: name, label: \(argumentLabel(parameter))))
                }
                """
            )
            let call = "\(tryCall)\(swiftName)(\(callLabel(parameter))state)"
            body.append(
                """
                \(access)func finish(_ state: inout [\(element)], result: inout some CoddCore.SQLBindingContext) throws {
                    \(resultType == nil ? "\(call)\n    try result.bindNull()" : "try (\(call)).bind(into: &result)")
                }
                """
            )
            body.append(
                """
                \(access)func callAsFunction(\(label(parameter) ?? "_") argument: some CoddCore.SQLExpression<\(element)>) -> CoddQuery.SQLDatabaseFunctionCall<\(queryValue)> {
                    CoddQuery.SQLDatabaseFunctionCall(name, [argument])
                }
                """
            )
        } else {
            conformance = "CoddCore.SQLScalarFunction"
            var lines: [String] = []
            var callArguments: [String] = []
            for (index, parameter) in parameters.enumerated() {
                let type = parameter.type.trimmedDescription
                lines.append(
                    "let argument\(index) = try arguments.functionArgument((\(type)).self, at: \(index), of: name, label: \(argumentLabel(parameter)))"
                )
                callArguments.append("\(callLabel(parameter))argument\(index)")
            }
            let call = "\(tryCall)\(swiftName)(\(callArguments.joined(separator: ", ")))"
            lines.append(resultType == nil ? "\(call)\ntry result.bindNull()" : "try (\(call)).bind(into: &result)")
            body.append(
                """
                \(access)func call(arguments: some CoddCore.SQLColumnReader, result: inout some CoddCore.SQLBindingContext) throws {
                \(lines.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n"))
                }
                """
            )
            let callParameters = parameters.enumerated().map { index, parameter in
                "\(label(parameter) ?? "_") argument\(index): some CoddCore.SQLExpression<\(parameter.type.trimmedDescription)>"
            }
            let argumentList = parameters.indices.map { "argument\($0)" }.joined(separator: ", ")
            body.append(
                """
                \(access)func callAsFunction(\(callParameters.joined(separator: ", "))) -> CoddQuery.SQLDatabaseFunctionCall<\(queryValue)> {
                    CoddQuery.SQLDatabaseFunctionCall(name, [\(argumentList)])
                }
                """
            )
        }
        let members = body.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
        return [
            "\(raw: access)var $\(raw: swiftName): \(raw: typeName) { \(raw: typeName)() }",
            """
            \(raw: access)struct \(raw: typeName): \(raw: conformance) {
            \(raw: members)
            }
            """,
        ]
    }

    /// `text` as a Swift string literal.
    private static func stringLiteral(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": literal += "\\\\"
            case "\"": literal += "\\\""
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }

    /// `T` of `some Sequence<T>` (or `any Sequence<T>`), else `nil`.
    private static func sequenceElement(_ type: TypeSyntax) -> String? {
        guard let some = type.as(SomeOrAnyTypeSyntax.self),
            let constraint = some.constraint.as(IdentifierTypeSyntax.self),
            constraint.name.text == "Sequence",
            let arguments = constraint.genericArgumentClause?.arguments,
            arguments.count == 1,
            let argument = arguments.first
        else { return nil }
        return argument.argument.trimmedDescription
    }

    /// `public ` or `package ` when the function is, so the peers are as visible.
    private static func accessModifier(_ function: FunctionDeclSyntax) -> String {
        for modifier in function.modifiers
        where ["public", "package", "internal", "fileprivate", "private"].contains(modifier.name.text) {
            return modifier.name.text + " "
        }
        return ""
    }

    struct Arguments {
        var name: String?
        var deterministic = "false"
        var directOnly = "false"
    }

    /// `@DatabaseFunction("name", isDeterministic: true, isDirectOnly: true)`.
    private static func readAttributeArguments(_ node: AttributeSyntax) -> Arguments {
        var result = Arguments()
        guard case .argumentList(let list) = node.arguments else { return result }
        for argument in list {
            switch argument.label?.text {
            case nil: result.name = argument.expression.trimmedDescription
            case "isDeterministic": result.deterministic = argument.expression.trimmedDescription
            case "isDirectOnly": result.directOnly = argument.expression.trimmedDescription
            default: break
            }
        }
        return result
    }
}
