/// A function written in Swift failed while SQL called it: its arguments could not be
/// read, it threw, or its result could not be stored.
///
/// ```
/// Function "mode" failed on argument 1 (priority): expected INTEGER or NULL, found TEXT 'x': storage class mismatch
/// ```
///
/// The driver reports ``description`` to the statement with `sqlite3_result_error`, and
/// attaches this value to the `SQLiteError` the statement throws.
public struct SQLFunctionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The function's SQL name.
    public var function: String
    /// The argument that could not be read, from 1; `nil` when the failure is not an argument's.
    public var argument: Int?
    /// The argument's label in Swift, when it has one.
    public var argumentLabel: String?
    /// What went wrong: the decoding error's reason, or the thrown error's description.
    public var message: String

    public init(function: String, argument: Int? = nil, argumentLabel: String? = nil, message: String) {
        self.function = function
        self.argument = argument
        self.argumentLabel = argumentLabel
        self.message = message
    }

    public var description: String {
        var text = "Function \(SQLBuilder.quoted(function)) failed"
        if let argument {
            text += " on argument \(argument)"
            if let argumentLabel { text += " (\(argumentLabel))" }
        }
        return text + ": " + message
    }
}

extension SQLColumnReader {
    /// Reads argument `index` (from 0) of function `function` as `T`, turning a decoding
    /// error into a ``SQLFunctionError`` that names the function and the argument.
    ///
    /// Generated code calls it for every argument of a `@DatabaseFunction`.
    @inlinable
    public func functionArgument<T: SQLColumnDecodable>(
        _ type: T.Type, at index: Int, of function: String, label: String? = nil
    ) throws -> T {
        do {
            return try T(reader: self, at: index)
        } catch let error as SQLDecodingError {
            let expected = error.expected.map(\.description).joined(separator: " or ")
            var found = "found \(error.actual)"
            if error.actual != .null { found += " \(error.valuePreview)" }
            throw SQLFunctionError(
                function: function, argument: index + 1, argumentLabel: label,
                message: "cannot read \(error.type): expected \(expected), \(found): \(error.reason)"
            )
        }
    }
}
