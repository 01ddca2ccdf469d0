import CoddCore

/// `SELECT expression, …` with no table: a trigger body statement that only calls
/// something, a registered function or `RAISE`.
///
/// ```swift
/// Values(SQLRaise.abort("no empty titles"))
/// // SELECT RAISE(ABORT, 'no empty titles')
/// ```
public struct Values: SQLStatement {
    let expressions: [any SQLExpression]

    public init(_ first: any SQLExpression, _ rest: any SQLExpression...) {
        expressions = [first] + rest
    }

    public func renderStatement(into builder: inout SQLBuilder) throws {
        builder.keyword("SELECT")
        try builder.list { builder in
            for expression in expressions {
                try builder.listItem { try expression.render(into: &$0) }
            }
        }
    }
}

/// `RAISE(ABORT, 'message')` and its kin: inside a trigger, stops the statement that
/// fired it (SQLite's error is the message), or with `ignore` skips the rest of the row.
public struct SQLRaise: SQLQueryExpression {
    public typealias QueryValue = Int?

    enum Action {
        case ignore, rollback, abort, fail
    }

    let action: Action
    let message: String

    /// `RAISE(IGNORE)`: skips the rest of this row's trigger and the write of the row.
    public static var ignore: SQLRaise { SQLRaise(action: .ignore, message: "") }

    /// `RAISE(ROLLBACK, 'message')`: rolls back the transaction.
    public static func rollback(_ message: String) -> SQLRaise { SQLRaise(action: .rollback, message: message) }

    /// `RAISE(ABORT, 'message')`: undoes the statement that fired the trigger.
    public static func abort(_ message: String) -> SQLRaise { SQLRaise(action: .abort, message: message) }

    /// `RAISE(FAIL, 'message')`: stops the statement, keeping the rows it already wrote.
    public static func fail(_ message: String) -> SQLRaise { SQLRaise(action: .fail, message: message) }

    public func render(into builder: inout SQLBuilder) throws {
        // SQLite wants the message as a string literal, whatever the rendering mode; a
        // NUL cannot be written in one.
        guard !message.utf8.contains(0) else {
            throw SQLEncodingError(
                type: "SQLRaise", valuePreview: message.debugDescription,
                reason: "a RAISE message cannot hold a NUL byte")
        }
        builder.function("RAISE") { builder in
            switch action {
            case .ignore: builder.listItem { $0.keyword("IGNORE") }
            case .rollback: builder.listItem { $0.keyword("ROLLBACK") }
            case .abort: builder.listItem { $0.keyword("ABORT") }
            case .fail: builder.listItem { $0.keyword("FAIL") }
            }
            if action != .ignore { builder.listItem { $0.text(message) } }
        }
    }
}
