import CoddCore

/// The assignments of an UPDATE or of an upsert's `DO UPDATE`, written as Swift
/// assignments to the table's columns:
///
/// ```swift
/// Reminder.find(1).update {
///     $0.title += " (Urgent!)"           // "title" = "title" || ?
///     $0.isCompleted = true              // "isCompleted" = ?
///     $0.priority = Priority.high        // "priority" = ?
/// }
/// ```
///
/// Reading a column gives its current value, or what it was assigned earlier in the closure.
@dynamicMemberLookup
public struct Updates<T: Table>: Sendable {
    let columns: T.TableColumns
    var assignments: [(column: String, value: any SQLExpression)] = []
    /// What makes the assignments unrenderable (a generated column assigned), thrown when
    /// the statement renders.
    var error: SQLEncodingError?

    init(columns: T.TableColumns) {
        self.columns = columns
    }

    /// The column as an expression of its representation, with every operator and function
    /// a `where` gives it (`!$0.isFlagged`, `$0.title.upper()`, `-$0.count`,
    /// `$0.dueDate.is(nil)`); assigned `nil`, `.now()`, or the same kind of value.
    public subscript<Value>(dynamicMember keyPath: KeyPath<T.TableColumns, TableColumn<T, Value>>) -> SQLUpdateColumn<
        Value
    > {
        get { SQLUpdateColumn(current(keyPath)) }
        set { assign(keyPath, newValue.expression) }
    }

    /// Assigns any expression of the column's representation: a value, a subquery, another
    /// column, an operation (`$0.title = $0.title.upper()`).
    @_disfavoredOverload
    public subscript<Value>(dynamicMember keyPath: KeyPath<T.TableColumns, TableColumn<T, Value>>) -> any SQLExpression<
        Value
    > {
        get { current(keyPath) }
        set { assign(keyPath, newValue) }
    }

    /// Assigns a case of an enum column (any `RawRepresentable` type that is its own
    /// codec), so a leading dot finds it: `$0.status = .done`. The expression-typed
    /// subscripts above cannot look a case up; numbers, text and `Bool` keep them alone, so
    /// `+=` and literals resolve there.
    @_disfavoredOverload
    public subscript<Value: RawRepresentable>(
        dynamicMember keyPath: KeyPath<T.TableColumns, TableColumn<T, Value>>
    ) -> Value {
        @available(
            *, unavailable,
            message:
                "an update reads a column as SQL, not as a Swift value; compare or compute with the column's expression"
        )
        get { fatalError("unavailable") }
        set { assign(keyPath, newValue) }
    }

    /// Assigns the Swift value a representation stands for, bound through the column's
    /// representation: `$0.lastVisitedAt = Date()` binds milliseconds for a column declared
    /// `@Column(as: Date.UnixTimeMillisecondsRepresentation.self)`, and `nil` is NULL.
    @_disfavoredOverload
    public subscript<Value: SQLRepresentation>(dynamicMember keyPath: KeyPath<T.TableColumns, TableColumn<T, Value>>)
        -> Value.Represented
    {
        @available(
            *, unavailable,
            message:
                "an update reads a column as SQL, not as a Swift value; compare or compute with the column's expression"
        )
        get { fatalError("unavailable") }
        set { assign(keyPath, Value(represented: newValue)) }
    }

    /// Assigns an optional column the Swift value it stands for, or `nil` (NULL):
    /// `$0.note = "x"` for a `String?` column, `$0.lastVisitedAt = Date()` for a `Date?`
    /// stored as unix milliseconds.
    @_disfavoredOverload
    public subscript<Value: SQLOptionalRepresentation>(
        dynamicMember keyPath: KeyPath<T.TableColumns, TableColumn<T, Value>>
    ) -> Value.Represented {
        @available(
            *, unavailable,
            message:
                "an update reads a column as SQL, not as a Swift value; compare or compute with the column's expression"
        )
        get { fatalError("unavailable") }
        set { assign(keyPath, Value(represented: newValue)) }
    }

    /// Assigns an optional column an expression that is never NULL, of the wrapped
    /// representation: `$0.checkedAt = .now() + .days(1)`, `$0.note = $0.title.upper()`.
    @_disfavoredOverload
    public subscript<Value: SQLOptionalRepresentation>(
        dynamicMember keyPath: KeyPath<T.TableColumns, TableColumn<T, Value>>
    ) -> any SQLExpression<Value.Wrapped> {
        @available(*, unavailable, message: "an optional column reads as an expression of its optional type")
        get { fatalError("unavailable") }
        set { assign(keyPath, newValue) }
    }

    /// The column's value as the statement reads it: the column, or what it was assigned
    /// earlier in the closure.
    package func current<Value>(_ keyPath: KeyPath<T.TableColumns, TableColumn<T, Value>>) -> any SQLExpression<Value> {
        let column = columns[keyPath: keyPath]
        return assignments.last { $0.column == column.name }?.value as? any SQLExpression<Value> ?? column
    }

    /// Records `column = value`.
    package mutating func assign<Value>(
        _ keyPath: KeyPath<T.TableColumns, TableColumn<T, Value>>, _ value: any SQLExpression
    ) {
        assign(columns[keyPath: keyPath].name, value)
    }

    /// Records `"name" = value`; a generated column cannot be written (an error when the
    /// statement renders, naming it).
    mutating func assign(_ name: String, _ value: any SQLExpression) {
        if error == nil, T.TableColumns.generatedColumnNames.contains(name) {
            error = SQLEncodingError(
                type: "Updates<\(SQLTypeName.of(T.self))>", valuePreview: name,
                reason: "\"\(name)\" is a generated column: SQLite computes it, and an UPDATE cannot set it"
            )
        }
        assignments.append((name, value))
    }

    func render(into builder: inout SQLBuilder) throws {
        if let error { throw error }
        // The last assignment of a column wins, in the order columns were first assigned.
        var order: [String] = []
        var latest: [String: any SQLExpression] = [:]
        for (column, value) in assignments {
            if latest[column] == nil { order.append(column) }
            latest[column] = value
        }
        builder.keyword("SET")
        try builder.list { builder in
            for column in order {
                guard let value = latest[column] else { continue }
                try builder.listItem {
                    $0.identifier(column)
                    $0.keyword("=")
                    try value.render(into: &$0)
                }
            }
        }
    }
}

/// A column inside `update { … }`: its value as the statement reads it (the column, or
/// what the closure assigned it before), an expression of the column's representation.
///
/// ```swift
/// Reminder.update {
///     $0.isFlagged = !$0.isFlagged      // "isFlagged" = NOT ("isFlagged")
///     $0.title += "!"                   // "title" = ("title" || ?)
///     $0.dueAt = nil                    // "dueAt" = NULL
///     $0.addedAt = .now()               // "addedAt" = strftime('%Y-%m-%d %H:%M:%f', 'now')
/// }
/// ```
public struct SQLUpdateColumn<QueryValue: SQLCustomType>: SQLQueryExpression {
    /// The expression the column stands for now.
    package let expression: any SQLExpression

    /// The column standing for `expression` (a codec's DSL changes part of it: a JSON
    /// document's member).
    package init(_ expression: any SQLExpression) {
        self.expression = expression
    }

    public func render(into builder: inout SQLBuilder) throws {
        try expression.render(into: &builder)
    }

    public func renderWrapped(into builder: inout SQLBuilder) throws {
        try expression.renderWrapped(into: &builder)
    }

    public var isPlainRepresentation: Bool { expression.isPlainRepresentation }
    public var isCompound: Bool { expression.isCompound }
}

extension SQLUpdateColumn: ExpressibleByNilLiteral where QueryValue: SQLOptionalRepresentation {
    /// `NULL`, for an optional column.
    public init(nilLiteral: ()) {
        self.init(QueryValue?.none)
    }
}

extension SQLUpdateColumn where QueryValue: SQLEquatable & RawRepresentable, QueryValue.Represented == QueryValue {
    /// `"status" = ?` for `$0.status == .done` inside `update { }`. Not disfavored, unlike
    /// the `==` of every expression: the subscript that assigns a case also offers the
    /// column as the enum, and Swift's own `==` on it must lose.
    @inlinable
    public static func == (lhs: Self, rhs: QueryValue) -> SQLBinaryOperation<Bool> { lhs.eq(rhs) }

    /// `"status" <> ?` for `$0.status != .done` inside `update { }` (see `==`).
    @inlinable
    public static func != (lhs: Self, rhs: QueryValue) -> SQLBinaryOperation<Bool> { lhs.neq(rhs) }
}

extension SQLUpdateColumn where QueryValue: SQLComparable & RawRepresentable, QueryValue.Represented == QueryValue {
    /// `"level" < ?` for `$0.level < .high` inside `update { }`, for an enum that is also
    /// Swift-`Comparable`: not disfavored, for the reason `==` is not.
    @inlinable
    public static func < (lhs: Self, rhs: QueryValue) -> SQLBinaryOperation<Bool> { lhs.lt(rhs) }

    /// `"level" > ?` inside `update { }` (see `<`).
    @inlinable
    public static func > (lhs: Self, rhs: QueryValue) -> SQLBinaryOperation<Bool> { lhs.gt(rhs) }

    /// `"level" <= ?` inside `update { }` (see `<`).
    @inlinable
    public static func <= (lhs: Self, rhs: QueryValue) -> SQLBinaryOperation<Bool> { lhs.lte(rhs) }

    /// `"level" >= ?` inside `update { }` (see `<`).
    @inlinable
    public static func >= (lhs: Self, rhs: QueryValue) -> SQLBinaryOperation<Bool> { lhs.gte(rhs) }
}

extension SQLUpdateColumn {
    /// `"previous" = ?` for `$0.previous == .done` inside `update { }`, on an optional enum
    /// column: not disfavored, for the reason the non-optional `==` is not (Swift's `==` on
    /// the optional would win). A NULL column compares as NULL, as in `where`; `.is(nil)`
    /// tests for NULL.
    @inlinable
    public static func == <Wrapped>(lhs: Self, rhs: Wrapped) -> SQLBinaryOperation<Bool>
    where QueryValue == Wrapped?, Wrapped: SQLEquatable & RawRepresentable, Wrapped.Represented == Wrapped {
        lhs.eq(rhs)
    }

    /// `"previous" <> ?` for `$0.previous != .done` on an optional enum column (see `==`).
    @inlinable
    public static func != <Wrapped>(lhs: Self, rhs: Wrapped) -> SQLBinaryOperation<Bool>
    where QueryValue == Wrapped?, Wrapped: SQLEquatable & RawRepresentable, Wrapped.Represented == Wrapped {
        lhs.neq(rhs)
    }

    /// `"level" < ?` for `$0.level < .high` on an optional enum column that is also
    /// Swift-`Comparable` (see `==`).
    @inlinable
    public static func < <Wrapped>(lhs: Self, rhs: Wrapped) -> SQLBinaryOperation<Bool>
    where QueryValue == Wrapped?, Wrapped: SQLComparable & RawRepresentable, Wrapped.Represented == Wrapped {
        lhs.lt(rhs)
    }

    /// `"level" > ?` on an optional enum column (see `<`).
    @inlinable
    public static func > <Wrapped>(lhs: Self, rhs: Wrapped) -> SQLBinaryOperation<Bool>
    where QueryValue == Wrapped?, Wrapped: SQLComparable & RawRepresentable, Wrapped.Represented == Wrapped {
        lhs.gt(rhs)
    }

    /// `"level" <= ?` on an optional enum column (see `<`).
    @inlinable
    public static func <= <Wrapped>(lhs: Self, rhs: Wrapped) -> SQLBinaryOperation<Bool>
    where QueryValue == Wrapped?, Wrapped: SQLComparable & RawRepresentable, Wrapped.Represented == Wrapped {
        lhs.lte(rhs)
    }

    /// `"level" >= ?` on an optional enum column (see `<`).
    @inlinable
    public static func >= <Wrapped>(lhs: Self, rhs: Wrapped) -> SQLBinaryOperation<Bool>
    where QueryValue == Wrapped?, Wrapped: SQLComparable & RawRepresentable, Wrapped.Represented == Wrapped {
        lhs.gte(rhs)
    }
}

extension SQLUpdateColumn where QueryValue: SQLInstantRepresentation {
    /// SQLite's current time in the column's stored form: `$0.addedAt = .now()`.
    public static func now() -> Self {
        Self(SQLDateArithmetic<QueryValue>(base: nil, intervals: []))
    }
}

/// `column = column || text`.
public func += <Value: SQLText>(lhs: inout SQLUpdateColumn<Value>, rhs: String) {
    lhs = SQLUpdateColumn(SQLBinaryOperation<Value>(lhs.expression, "||", rhs))
}

/// `column = column || expression`.
public func += <Value: SQLText>(lhs: inout SQLUpdateColumn<Value>, rhs: some SQLQueryExpression<Value>) {
    lhs = SQLUpdateColumn(SQLBinaryOperation<Value>(lhs.expression, "||", rhs))
}

/// `column = column + amount`.
public func += <Value: SQLNumeric>(lhs: inout SQLUpdateColumn<Value>, rhs: Value.Represented) {
    lhs = SQLUpdateColumn(SQLBinaryOperation<Value>(lhs.expression, "+", Value(represented: rhs)))
}

/// `column = column - amount`.
public func -= <Value: SQLNumeric>(lhs: inout SQLUpdateColumn<Value>, rhs: Value.Represented) {
    lhs = SQLUpdateColumn(SQLBinaryOperation<Value>(lhs.expression, "-", Value(represented: rhs)))
}
