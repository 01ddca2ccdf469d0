import CoddCore

/// Two row values compared: `("a", "b") > (?, ?)`, element by element in order, as SQLite
/// (3.15+) and PostgreSQL compare them. Each pair of elements is wrapped as a comparison of
/// the two would be (`(julianday("dueAt"), "id") < (julianday(?), ?)`). NULL in an element
/// that decides the comparison makes it NULL, which a filter treats as false.
///
/// ```swift
/// Reminder.where { ($0.priority, $0.id) > (Priority.low, 3) }
/// // WHERE (("priority", "id") > (?, ?))
/// Tag.where { $0.eq(tag) }
/// // WHERE (("id", "name") = (?, ?))
/// ```
public struct SQLRowValueComparison: SQLQueryExpression {
    public typealias QueryValue = Bool
    let op: StaticString
    let elements: @Sendable () throws -> (lhs: [any SQLExpression], rhs: [any SQLExpression])

    init(_ op: StaticString, _ lhs: [any SQLExpression], _ rhs: [any SQLExpression]) {
        self.op = op
        self.elements = { (lhs, rhs) }
    }

    /// Elements computed when the statement renders (a row's values, which may throw).
    init(
        _ op: StaticString,
        elements: @escaping @Sendable () throws -> (lhs: [any SQLExpression], rhs: [any SQLExpression])
    ) {
        self.op = op
        self.elements = elements
    }

    public var isCompound: Bool { true }

    public func render(into builder: inout SQLBuilder) throws {
        let (lhs, rhs) = try elements()
        guard lhs.count == rhs.count, !lhs.isEmpty else {
            throw SQLEncodingError(
                type: "SQLRowValueComparison", valuePreview: "\(lhs.count) and \(rhs.count) elements",
                reason: "row values compare only rows of the same, non-zero, number of elements"
            )
        }
        let wraps = zip(lhs, rhs).map { Self.wraps($0, $1) }
        try builder.parenthesized { builder in
            for (element, wrap) in zip(lhs, wraps) {
                try builder.listItem { try Self.render(element, wrapped: wrap, into: &$0) }
            }
        }
        builder.keyword(SQLBinaryOperation<Bool>.spelled(op, in: builder.dialect, rhs: SQLBoolLiteral(true)))
        try builder.parenthesized { builder in
            for (element, wrap) in zip(rhs, wraps) {
                try builder.listItem { try Self.render(element, wrapped: wrap, into: &$0) }
            }
        }
    }

    /// Whether a pair compares wrapped: unless both are plain values of a representation
    /// that compares unwrapped.
    static func wraps(_ lhs: any SQLExpression, _ rhs: any SQLExpression) -> Bool {
        !(comparesUnwrapped(lhs) && lhs.isPlainRepresentation && rhs.isPlainRepresentation)
    }

    private static func comparesUnwrapped<E: SQLExpression>(_ expression: E) -> Bool {
        E.QueryValue.comparesUnwrapped
    }

    static func render(_ element: any SQLExpression, wrapped: Bool, into builder: inout SQLBuilder) throws {
        if wrapped { try element.renderWrapped(into: &builder) } else { try element.render(into: &builder) }
    }
}

extension TableDefinition {
    /// `("id", "title", …) = (?, ?, …)`: every column equals `row`'s value, each bound
    /// through its column's representation.
    public func eq(_ row: QueryValue) -> SQLRowValueComparison {
        rowComparison("=", row)
    }

    /// `("id", "title", …) <> (?, ?, …)`: some column differs from `row`'s value.
    public func neq(_ row: QueryValue) -> SQLRowValueComparison {
        rowComparison("<>", row)
    }

    private func rowComparison(_ op: StaticString, _ row: QueryValue) -> SQLRowValueComparison {
        let qualifier = qualifier
        let names = Self.columnNames
        return SQLRowValueComparison(op) {
            let values = try row.columnValues()
            guard values.count == names.count else {
                throw SQLEncodingError(
                    row, reason: "its \(values.count) column values do not match the table's \(names.count) columns"
                )
            }
            // Each column is an expression of its value's representation, so that the pair
            // wraps as a comparison of the two would.
            let columns = zip(names, values).map { name, value in SQLColumnLike.column(qualifier, name, as: value) }
            return (columns, values)
        }
    }
}

/// A column rendered by name, typed as another expression's representation.
enum SQLColumnLike {
    static func column(_ qualifier: String, _ name: String, as value: any SQLExpression) -> any SQLExpression {
        func typed<E: SQLExpression>(_ value: E) -> any SQLExpression {
            SQLNamedColumn<E.QueryValue>(qualifier: qualifier, name: name)
        }
        return typed(value)
    }
}

/// `"qualifier"."name"` as an expression of `QueryValue`.
struct SQLNamedColumn<QueryValue: SQLCustomType>: SQLQueryExpression {
    let qualifier: String
    let name: String

    func render(into builder: inout SQLBuilder) throws {
        builder.column(qualifier, name)
    }

    var isPlainRepresentation: Bool { true }
}
