import CoddCore

/// `OP operand`: `NOT x`, `-x`.
public struct SQLPrefixOperation<QueryValue: SQLCustomType>: SQLQueryExpression {
    let op: StaticString
    let operand: any SQLExpression

    public var isCompound: Bool { true }

    public func render(into builder: inout SQLBuilder) throws {
        builder.keyword(op)
        try operand.renderOperand(into: &builder)
    }
}

/// A call of a built-in SQL function: `lower("title")`, `coalesce(a, b)`.
///
/// Arguments are wrapped with their representation's `wrapSQL` where the function reads
/// them as values of that representation (`date(julianday(…))`); arguments that are
/// plain numbers or text (a length, a separator) are not. A function whose name differs
/// between engines renders the dialect's (`SQLDialectFunction`).
public struct SQLFunctionCall<QueryValue: SQLCustomType>: SQLQueryExpression {
    /// The function: one every engine spells alike, or one the dialect spells.
    enum Name: Sendable {
        case common(StaticString)
        case dialect(SQLDialectFunction)
    }

    let name: Name
    let arguments: [Argument]
    /// The SQLite version the function needs, when newer than Codd's floor.
    let requirement: SQLFeatureRequirement?

    struct Argument: Sendable {
        let expression: any SQLExpression
        let wraps: Bool
        /// An argument the function may return (the scalar `max`): compared in the order of
        /// the call's type, wrapped or not as ``SQLComparisonWrapping/pickingForm(in:)``
        /// says, the call's result then unwrapped when the wrap computes another value.
        var picks = false
    }

    init(_ name: StaticString, _ arguments: [Argument], requirement: SQLFeatureRequirement? = nil) {
        self.name = .common(name)
        self.arguments = arguments
        self.requirement = requirement
    }

    init(_ function: SQLDialectFunction, _ arguments: [Argument], requirement: SQLFeatureRequirement? = nil) {
        self.name = .dialect(function)
        self.arguments = arguments
        self.requirement = requirement
    }

    public func render(into builder: inout SQLBuilder) throws {
        if let requirement { builder.require(requirement) }
        guard arguments.contains(where: \.picks) else { return try renderCall(into: &builder, wrapsPicked: false) }
        switch QueryValue.pickingForm(in: builder.dialect) {
        case .plain: try renderCall(into: &builder, wrapsPicked: false)
        case .wrapped: try renderCall(into: &builder, wrapsPicked: true)
        case .wrappedAndUnwrapped:
            try QueryValue.unwrapSQL(into: &builder) { try renderCall(into: &$0, wrapsPicked: true) }
        }
    }

    /// Compared: a value picked in its type's comparison form is compared in it
    /// (`max(julianday("a"), julianday(?)) < julianday(?)`), not unwrapped and wrapped again.
    public func renderWrapped(into builder: inout SQLBuilder) throws {
        if arguments.contains(where: \.picks), QueryValue.pickingForm(in: builder.dialect) == .wrappedAndUnwrapped {
            if let requirement { builder.require(requirement) }
            return try renderCall(into: &builder, wrapsPicked: true)
        }
        try renderWrappedAsItsType(into: &builder)
    }

    private func renderCall(into builder: inout SQLBuilder, wrapsPicked: Bool) throws {
        switch name {
        case .common(let name): try builder.function(name) { try renderArguments(into: &$0, wrapsPicked: wrapsPicked) }
        case .dialect(let function):
            try builder.function(function) { try renderArguments(into: &$0, wrapsPicked: wrapsPicked) }
        }
    }

    private func renderArguments(into builder: inout SQLBuilder, wrapsPicked: Bool) throws {
        for argument in arguments {
            try builder.listItem {
                if argument.wraps || (argument.picks && wrapsPicked) {
                    try argument.expression.renderWrapped(into: &$0)
                } else {
                    try argument.expression.render(into: &$0)
                }
            }
        }
    }
}

extension SQLFunctionCall.Argument {
    /// An argument of the function's subject type, wrapped.
    static func wrapped(_ expression: any SQLExpression) -> Self { Self(expression: expression, wraps: true) }
    /// A plain argument (a length, a pattern, a separator).
    static func plain(_ expression: any SQLExpression) -> Self { Self(expression: expression, wraps: false) }
    /// An argument the function may return, compared in the call's type's order (the
    /// scalar `max` and `min`).
    static func picked(_ expression: any SQLExpression) -> Self {
        Self(expression: expression, wraps: false, picks: true)
    }
}

/// Optional values answer whether they are `nil` without knowing their wrapped type.
@usableFromInline
protocol SQLOptionalValue {
    var isNil: Bool { get }
}

extension Optional: SQLOptionalValue {
    @usableFromInline
    var isNil: Bool { self == nil }
}

extension SQLCustomType {
    /// Whether the representation is an `Optional`: only an `Optional` is its own
    /// `Optionalized`, so a metadata comparison answers without a dynamic cast.
    @inlinable
    static var isOptionalRepresentation: Bool { Optionalized.self == Self.self }

    /// Whether the value is `nil` (SQL NULL); the cast runs only for an `Optional`.
    @inlinable
    var isNilValue: Bool {
        guard Self.isOptionalRepresentation else { return false }
        return (self as? any SQLOptionalValue)?.isNil ?? false
    }
}
