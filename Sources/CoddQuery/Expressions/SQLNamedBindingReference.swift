import CoddCore

/// A typed parameter of a prepared statement, named so that each run binds a new value.
///
/// Use it where a value would go; the statement renders once, is prepared once, and runs
/// many times:
///
/// ```swift
/// let dueBefore = SQLNamedBindingReference<Date>(name: "date")
/// let overdue = try Reminder.where { $0.dueDate < dueBefore }.prepared()
/// // SELECT … FROM "reminders" WHERE julianday("dueDate") < julianday(?)
/// let rows = try overdue.fetchAll(db, dueBefore.bound(to: Date()))
/// ```
///
/// The placeholder is an ordinary `?`; the value binds through `Value`'s codec, as any
/// bound value does, and is compared as its representation is (`julianday(?)` above).
/// Run unprepared, a statement with a named parameter throws `SQLParameterError.unbound(names:sql:)`.
public struct SQLNamedBindingReference<Value: SQLCustomType>: SQLQueryExpression {
    public typealias QueryValue = Value

    /// The parameter's name (letters, digits and `_`).
    public let name: String

    /// A parameter named `name`: letters, digits and `_`, not starting with a digit. The
    /// name is checked when the statement renders (`SQLParameterError.invalidName`).
    public init(name: String) {
        self.name = name
    }

    public func render(into builder: inout SQLBuilder) throws {
        try builder.namedParameter(name)
    }

    /// A bound value, as a literal or column of the representation is.
    public var isPlainRepresentation: Bool { true }

    /// The value this parameter takes for one run of a prepared statement.
    public func bound(to value: Value) -> SQLParameterValue<Value> {
        SQLParameterValue(name: name, value: value)
    }
}

/// A value for a named parameter, for one run of a prepared statement:
/// `SQLNamedBindingReference/bound(to:)` makes it.
public struct SQLParameterValue<Value: SQLCustomType>: Sendable {
    /// The parameter's name.
    public let name: String
    /// The value, bound through `Value`'s codec.
    public let value: Value

    /// The value `value` for the parameter named `name`.
    public init(name: String, value: Value) {
        self.name = name
        self.value = value
    }
}
