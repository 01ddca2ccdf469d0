import Codd
import Foundation

/// Counts live objects across threads: a function or state that leaks stays counted.
final class LiveCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var live: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
    func decrement() { lock.withLock { count -= 1 } }
}

/// An object whose life `counter` tracks.
final class Tracked: @unchecked Sendable {
    let counter: LiveCounter
    init(_ counter: LiveCounter) {
        self.counter = counter
        counter.increment()
    }
    deinit { counter.decrement() }
}

enum Level: String, SQLCustomType, SQLEquatable {
    case low, high
}

/// `"shift"(uuid, date, level, note?)`: one argument of each kind the codecs read, and a
/// result of a codec type. Written as `@DatabaseFunction` would generate it.
struct ShiftFunction: SQLScalarFunction {
    var name = "shift"
    var argumentCount: Int { 4 }
    var options: SQLFunctionOptions = [.deterministic]

    func call(arguments: some SQLColumnReader, result: inout some SQLBindingContext) throws {
        let id = try arguments.functionArgument(UUID.self, at: 0, of: name, label: "id")
        let date = try arguments.functionArgument(Date.self, at: 1, of: name, label: "date")
        let level = try arguments.functionArgument(Level.self, at: 2, of: name, label: "level")
        let note = try arguments.functionArgument(String?.self, at: 3, of: name, label: "note")
        let text = "\(id.uuidString.prefix(8))|\(Int(date.timeIntervalSince1970))|\(level.rawValue)|\(note ?? "nil")"
        try text.bind(into: &result)
    }
}

/// A scalar function from a closure over one typed argument, for the error and lifetime tests.
struct ClosureFunction<Argument: SQLCustomType, Result: SQLCustomType>: SQLScalarFunction {
    var name: String
    var argumentCount: Int { 1 }
    var options: SQLFunctionOptions = []
    let body: @Sendable (Argument) throws -> Result

    func call(arguments: some SQLColumnReader, result: inout some SQLBindingContext) throws {
        let argument = try arguments.functionArgument(Argument.self, at: 0, of: name, label: "value")
        try body(argument).bind(into: &result)
    }
}

/// `"total_length"(text)`: a streaming aggregate, its state a running sum.
struct TotalLength: SQLAggregateFunction {
    var name = "total_length"
    var argumentCount: Int { 1 }
    var options: SQLFunctionOptions { [] }
    let counter: LiveCounter
    /// Fails on this text, to test a step that throws.
    var failOn: String? = nil

    final class State {
        var total = 0
        let tracked: Tracked
        init(_ counter: LiveCounter) { tracked = Tracked(counter) }
    }

    struct Refused: Error, CustomStringConvertible {
        var description: String { "refused a value" }
    }

    func start() -> State { State(counter) }

    func step(_ state: inout State, arguments: some SQLColumnReader) throws {
        let text = try arguments.functionArgument(String?.self, at: 0, of: name, label: "text")
        if let failOn, text == failOn { throw Refused() }
        state.total += text?.count ?? 0
    }

    func finish(_ state: inout State, result: inout some SQLBindingContext) throws {
        try state.total.bind(into: &result)
    }
}
