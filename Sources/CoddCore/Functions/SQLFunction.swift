/// A function written in Swift that SQL can call, described without a driver: the driver
/// registers it (`db.add(function:)` in CoddSQLite) and the query DSL renders calls of it
/// (`"name"(?, …)`).
///
/// `@DatabaseFunction` generates a conformance; write one by hand for what the macro does
/// not cover.
public protocol SQLFunction: Sendable {
    /// The name SQL calls it by; rendered quoted (`"mode"(…)`).
    var name: String { get }
    /// The number of arguments it takes.
    var argumentCount: Int { get }
    /// How SQLite may use it.
    var options: SQLFunctionOptions { get }
}

/// A scalar function: one result per call.
///
/// The driver reads the arguments through the same ``SQLColumnReader`` protocol columns are
/// read through (argument *i* is column *i*), and binds the result through a
/// ``SQLBindingContext`` that takes exactly one value.
public protocol SQLScalarFunction: SQLFunction {
    /// Computes the result of one call.
    ///
    /// - Throws: any error; the driver reports it to the statement (`sqlite3_result_error`).
    func call(arguments: some SQLColumnReader, result: inout some SQLBindingContext) throws
}

/// An aggregate function: one result per group, from every row's arguments.
///
/// SQLite pushes the rows one at a time: ``step(_:arguments:)`` folds each into the
/// group's `State`, so an aggregate that keeps a running value streams its input.
public protocol SQLAggregateFunction: SQLFunction {
    /// What a group accumulates.
    associatedtype State

    /// The state of a new group (also the state of an empty one).
    func start() -> State

    /// Folds one row's arguments into the group's state.
    func step(_ state: inout State, arguments: some SQLColumnReader) throws

    /// The group's result.
    func finish(_ state: inout State, result: inout some SQLBindingContext) throws
}
