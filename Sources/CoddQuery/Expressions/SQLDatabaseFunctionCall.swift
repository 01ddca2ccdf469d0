import CoddCore

/// A call of a function written in Swift and registered on the connection
/// (`@DatabaseFunction`), typed by its result: `"mode"("priority")`.
///
/// ```swift
/// $mode(priority: $1.priority)       // "mode"("reminders"."priority")
/// $slugify("A Title")                // "slugify"(?)
/// ```
///
/// The name is quoted, whatever it holds; the arguments render as they are stored (never
/// wrapped), because the function reads them with the codecs that read columns.
public struct SQLDatabaseFunctionCall<QueryValue: SQLCustomType>: SQLQueryExpression {
    /// The function's SQL name.
    public let name: String
    let arguments: [any SQLExpression]

    public init(_ name: String, _ arguments: [any SQLExpression]) {
        self.name = name
        self.arguments = arguments
    }

    public func render(into builder: inout SQLBuilder) throws {
        try builder.function(named: name) { builder in
            for argument in arguments {
                try builder.listItem { try argument.render(into: &$0) }
            }
        }
    }
}
