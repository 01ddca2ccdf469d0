import CoddCore
import CoddQuery

/// What a sync trigger writes to each FTS5 column, written as Swift assignments:
///
/// ```swift
/// { text, reminder in
///     text.notes = reminder.notes.replace("\n", " ")   // replace("new"."notes", '\n', ' ')
///     text.tags = ""                                   // ''
/// }
/// ```
///
/// A column that is not assigned takes the content table's column of the same name.
@dynamicMemberLookup
public struct FTS5RowValues<T: FTS5>: Sendable {
    let columns = T.TableColumns(qualifier: T.tableName)
    var values: [String: any SQLExpression] = [:]

    /// The expression assigned to the column (the column itself until one is).
    public subscript<Value>(dynamicMember keyPath: KeyPath<T.TableColumns, TableColumn<T, Value>>) -> any SQLExpression<
        Value
    > {
        get {
            let column = columns[keyPath: keyPath]
            return values[column.name] as? any SQLExpression<Value> ?? column
        }
        set {
            values[columns[keyPath: keyPath].name] = newValue
        }
    }
}
