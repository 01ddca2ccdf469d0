import CSQLite
import CoddCore

/// What a registered function's user data points to: retained by `Connection.add(function:)`
/// and released by SQLite's destroy callback when the function is replaced, removed or the
/// connection closes.
final class ScalarFunctionBox {
    let name: String
    let call: (SQLFunctionArguments, inout SQLFunctionResult) throws -> Void

    init<F: SQLScalarFunction>(_ function: F) {
        name = function.name
        call = { arguments, result in try function.call(arguments: arguments, result: &result) }
    }
}

/// An aggregate's user data: makes the state of each group.
final class AggregateFunctionBox {
    let name: String
    let makeState: () -> AggregateStateBox

    init<F: SQLAggregateFunction>(_ function: F) {
        name = function.name
        makeState = { TypedAggregateState(function) }
    }
}

/// One group's state, kept alive by a pointer in `sqlite3_aggregate_context` between the
/// steps and released by the final call.
class AggregateStateBox {
    /// Set when a step failed: the final call then binds nothing.
    var failed = false
    func step(_ arguments: SQLFunctionArguments) throws {}
    func finish(_ result: inout SQLFunctionResult) throws {}
}

final class TypedAggregateState<F: SQLAggregateFunction>: AggregateStateBox {
    let function: F
    var state: F.State

    init(_ function: F) {
        self.function = function
        self.state = function.start()
    }

    override func step(_ arguments: SQLFunctionArguments) throws {
        try function.step(&state, arguments: arguments)
    }

    override func finish(_ result: inout SQLFunctionResult) throws {
        try function.finish(&state, result: &result)
    }
}

/// Reports `error` to the statement that called `function`: never lets it cross the C boundary.
func reportFunctionError(_ error: any Error, function: String, context: OpaquePointer) {
    let functionError =
        (error as? SQLFunctionError)
        ?? SQLFunctionError(function: function, message: String(describing: error))
    FunctionErrorStash.put(functionError)
    let message = functionError.description
    sqlite3_result_error(context, message, -1)
}
