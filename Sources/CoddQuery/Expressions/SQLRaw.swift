import CoddCore

/// Raw SQL written in source, with interpolated values bound as parameters and
/// interpolated expressions (columns) rendered as SQL: the escape hatch for what the DSL
/// does not cover.
///
/// ```swift
/// #sql("date(\(reminder.dueAt)) < date()")   // date("reminders"."dueAt") < date()
/// #sql("\(reminder.title) LIKE \(pattern) ESCAPE '\\'")  // "reminders"."title" LIKE ? ESCAPE '\'
/// ```
///
/// It can only be built from string literals (its literal types are `StaticString`): a
/// runtime `String` can only enter as a bound value.
public struct SQLRaw<QueryValue: SQLCustomType>: SQLQueryExpression, ExpressibleByStringInterpolation {
    enum Segment: Sendable {
        case sql(String)
        case expression(any SQLExpression)
        case value(SQLValueRenderer)
    }

    let segments: [Segment]

    /// Literal SQL: a `StaticString`, so only text written in source can become SQL.
    public init(stringLiteral value: StaticString) {
        segments = [.sql(value.description)]
    }

    public init(stringInterpolation: StringInterpolation) {
        segments = stringInterpolation.segments
    }

    public var isCompound: Bool { true }

    public func render(into builder: inout SQLBuilder) throws {
        for segment in segments {
            switch segment {
            case .sql(let sql): builder.appendRawSQL(sql)
            case .expression(let expression): try expression.renderOperand(into: &builder)
            case .value(let value): try value.render(&builder)
            }
        }
    }

    /// The interpolations `#sql` accepts: expressions render as SQL, values bind.
    public struct StringInterpolation: StringInterpolationProtocol {
        var segments: [Segment] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            segments.reserveCapacity(interpolationCount * 2 + 1)
        }

        /// The literal text between interpolations: a `StaticString`, written in source.
        public mutating func appendLiteral(_ literal: StaticString) {
            let text = literal.description
            if !text.isEmpty { segments.append(.sql(text)) }
        }

        /// A column or other expression, rendered as SQL (`"reminders"."dueAt"`).
        public mutating func appendInterpolation(_ expression: some SQLQueryExpression) {
            segments.append(.expression(expression))
        }

        /// A value, bound as a parameter (`?`), or rendered as a literal in the inline form.
        public mutating func appendInterpolation<V: SQLCustomType>(_ value: V) {
            segments.append(.value(SQLValueRenderer(value)))
        }

        /// A table's name, quoted (`"reminders"`).
        public mutating func appendInterpolation<T: Table>(_ table: T.Type) {
            segments.append(.value(SQLValueRenderer { $0.identifier(T.tableName) }))
        }
    }
}

/// A value captured for rendering later, as a placeholder or literal.
struct SQLValueRenderer: Sendable {
    let render: @Sendable (inout SQLBuilder) throws -> Void

    init(_ render: @escaping @Sendable (inout SQLBuilder) throws -> Void) {
        self.render = render
    }

    init<V: SQLCustomType>(_ value: V) {
        self.render = { try $0.value(value) }
    }
}

extension SQLBuilder {
    /// Appends SQL written in source by an `#sql` literal, spaced like a token unless it
    /// starts with punctuation that closes or continues what came before (`)`, `,`, `.`).
    mutating func appendRawSQL(_ sql: String) {
        guard let first = sql.unicodeScalars.first else { return }
        let continues = ")],.;".unicodeScalars.contains(first) || first.properties.isWhitespace
        if !continues, let last = self.sql.unicodeScalars.last, last != "(", !last.properties.isWhitespace {
            appendRaw(" ")
        }
        appendRaw(sql)
    }
}

/// Raw SQL with interpolated expressions and bound values, checked at compile time.
///
/// ```swift
/// #sql("date(\(dueAt)) < date()")
/// #sql("coalesce(\(reminder.notes), '')", as: String.self)
/// ```
@freestanding(expression)
public macro sql<QueryValue: SQLCustomType>(
    _ sql: SQLRaw<QueryValue>,
    as type: QueryValue.Type = QueryValue.self
) -> SQLRaw<QueryValue> = #externalMacro(module: "CoddMacros", type: "SQLMacro")
