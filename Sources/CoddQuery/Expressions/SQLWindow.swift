import CoddCore

/// The rows a window function sees: `OVER (PARTITION BY … ORDER BY … frame)`.
///
/// A window is a value: keep one in a constant and pass it to several calls, where SQL would
/// name it in a `WINDOW` clause (Codd writes each `OVER` out in full).
///
/// ```swift
/// let byList = SQLWindow(partitionBy: $0.remindersListID, orderBy: $0.dueDate, $0.id)
/// ($0.title, SQLFunctions.rowNumber().over(byList), $0.priority.sum().over(byList))
/// // row_number() OVER (PARTITION BY "remindersListID" ORDER BY julianday("dueDate"), "id"),
/// // sum("priority") OVER (PARTITION BY "remindersListID" ORDER BY julianday("dueDate"), "id")
/// ```
///
/// `orderBy:` takes a list (not the tuple `order { }` returns) of what `order { }` takes:
/// an expression, `asc()` / `desc()` with `nulls:`, ordered in its representation's order
/// (a date through `julianday`).
public struct SQLWindow: Sendable {
    let partitions: [any SQLExpression]
    let orders: [SQLOrderingTerm]
    let frame: SQLWindowFrame?

    /// A window of the rows partitioned by `partitionBy`, ordered by `orderBy`, each row's
    /// frame `frame` (SQL's default frame when `nil`: the rows up to the current one and its
    /// peers when ordered, the whole partition when not). Every part may be left out:
    /// `SQLWindow()` is `OVER ()`, the whole result.
    public init(
        partitionBy partitions: any SQLExpression..., orderBy orders: any SQLOrderable..., frame: SQLWindowFrame? = nil
    ) {
        self.partitions = partitions
        self.orders = orders.flatMap(\.orderingTerms)
        self.frame = frame
    }

    /// `OVER (…)`.
    func render(into builder: inout SQLBuilder) throws {
        builder.keyword("OVER")
        try builder.parenthesized { builder in
            if !partitions.isEmpty {
                builder.keyword("PARTITION BY")
                try builder.list { builder in
                    for partition in partitions { try builder.listItem { try partition.render(into: &$0) } }
                }
            }
            if !orders.isEmpty {
                builder.keyword("ORDER BY")
                try builder.list { builder in
                    for order in orders { try builder.listItem { try order.render(into: &$0) } }
                }
            }
            if let frame { try frame.render(into: &builder, orders: orders) }
        }
    }
}
