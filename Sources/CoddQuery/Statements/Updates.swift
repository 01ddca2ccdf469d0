import CoddCore

/// The assignments of an UPDATE or of an upsert's `DO UPDATE`, written as Swift
/// assignments to the table's columns:
///
/// ```swift
/// Reminder.find(1).update {
///     $0.title += " (Urgent!)"           // "title" = "title" || ?
///     $0.isCompleted = true              // "isCompleted" = ?
///     $0.priority = Priority.high        // "priority" = ?
/// }
/// ```
///
/// Reading a column gives its current value, or what it was assigned earlier in the closure.
@dynamicMemberLookup
public struct Updates<T: Table>: Sendable {
    let columns: T.TableColumns
    var assignments: [(column: String, value: any SQLExpression)] = []

    init(columns: T.TableColumns) {
        self.columns = columns
    }

    public subscript<Value>(dynamicMember keyPath: KeyPath<T.TableColumns, TableColumn<T, Value>>) -> any SQLExpression<Value> {
        get {
            let column = columns[keyPath: keyPath]
            return assignments.last { $0.column == column.name }?.value as? any SQLExpression<Value> ?? column
        }
        set {
            let column = columns[keyPath: keyPath]
            assignments.append((column.name, newValue))
        }
    }

    func render(into builder: inout SQLBuilder) throws {
        // The last assignment of a column wins, in the order columns were first assigned.
        var order: [String] = []
        var latest: [String: any SQLExpression] = [:]
        for (column, value) in assignments {
            if latest[column] == nil { order.append(column) }
            latest[column] = value
        }
        builder.keyword("SET")
        try builder.list { builder in
            for column in order {
                guard let value = latest[column] else { continue }
                try builder.listItem {
                    $0.identifier(column)
                    $0.keyword("=")
                    try value.render(into: &$0)
                }
            }
        }
    }
}

/// `column = column || text`.
@_disfavoredOverload
public func += <Value: SQLText>(lhs: inout any SQLExpression<Value>, rhs: String) {
    lhs = SQLBinaryOperation<Value>(lhs, "||", rhs)
}

/// `column = column + amount`.
@_disfavoredOverload
public func += <Value: SQLNumeric>(lhs: inout any SQLExpression<Value>, rhs: Value.Represented) {
    lhs = SQLBinaryOperation<Value>(lhs, "+", Value(represented: rhs))
}

/// `column = column - amount`.
@_disfavoredOverload
public func -= <Value: SQLNumeric>(lhs: inout any SQLExpression<Value>, rhs: Value.Represented) {
    lhs = SQLBinaryOperation<Value>(lhs, "-", Value(represented: rhs))
}
