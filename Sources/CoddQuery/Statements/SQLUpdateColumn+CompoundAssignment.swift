import CoddCore

// Compound assignments in `update { }`: `$0.count *= 2` renders `"count" = "count" * ?`.
// Each reads the column as the statement reads it (the column, or what the closure assigned
// it before), so two in a row nest: `$0.count += 1; $0.count *= 2` is
// `"count" = ("count" + ?) * ?`, as the Swift says.

/// `column = column + expression`.
public func += <Value: SQLNumeric>(lhs: inout SQLUpdateColumn<Value>, rhs: some SQLQueryExpression<Value>) {
    lhs = SQLUpdateColumn(SQLBinaryOperation<Value>(lhs, "+", rhs))
}

/// `column = column - expression`.
public func -= <Value: SQLNumeric>(lhs: inout SQLUpdateColumn<Value>, rhs: some SQLQueryExpression<Value>) {
    lhs = SQLUpdateColumn(SQLBinaryOperation<Value>(lhs, "-", rhs))
}

/// `column = column * amount`.
public func *= <Value: SQLNumeric>(lhs: inout SQLUpdateColumn<Value>, rhs: Value.Represented) {
    lhs = SQLUpdateColumn(SQLBinaryOperation<Value>(lhs, "*", Value(represented: rhs)))
}

/// `column = column * expression`.
public func *= <Value: SQLNumeric>(lhs: inout SQLUpdateColumn<Value>, rhs: some SQLQueryExpression<Value>) {
    lhs = SQLUpdateColumn(SQLBinaryOperation<Value>(lhs, "*", rhs))
}

/// `column = column / amount`: integer division for integers. A zero amount is an
/// `SQLEncodingError` when the statement renders for a column that is not optional
/// (SQLite's result would be NULL); dividing by an expression, which may be zero, is for
/// optional columns.
public func /= <Value: SQLNumeric>(lhs: inout SQLUpdateColumn<Value>, rhs: Value.Represented) {
    lhs = SQLUpdateColumn(
        SQLBinaryOperation<Value>(
            lhs, "/", SQLDivisor(Value(represented: rhs), resultIsOptional: Value.isOptionalRepresentation)))
}

/// `column = column / expression`, for an optional column (NULL when the expression is 0).
public func /= <Value: SQLNumeric & SQLOptionalRepresentation>(
    lhs: inout SQLUpdateColumn<Value>, rhs: some SQLQueryExpression<Value>
) {
    lhs = SQLUpdateColumn(SQLBinaryOperation<Value>(lhs, "/", rhs))
}

/// `column = column % amount` (see `/=`).
public func %= <Value: SQLNumeric>(lhs: inout SQLUpdateColumn<Value>, rhs: Value.Represented) {
    lhs = SQLUpdateColumn(
        SQLBinaryOperation<Value>(
            lhs, "%", SQLDivisor(Value(represented: rhs), resultIsOptional: Value.isOptionalRepresentation)))
}

/// `column = column % expression`, for an optional column.
public func %= <Value: SQLNumeric & SQLOptionalRepresentation>(
    lhs: inout SQLUpdateColumn<Value>, rhs: some SQLQueryExpression<Value>
) {
    lhs = SQLUpdateColumn(SQLBinaryOperation<Value>(lhs, "%", rhs))
}

/// `column = column & mask`.
public func &= <Value: SQLBitwise>(lhs: inout SQLUpdateColumn<Value>, rhs: Value.Represented) {
    lhs = SQLUpdateColumn(SQLBinaryOperation<Value>(lhs, "&", Value(represented: rhs)))
}

/// `column = column & expression`.
public func &= <Value: SQLBitwise>(lhs: inout SQLUpdateColumn<Value>, rhs: some SQLQueryExpression<Value>) {
    lhs = SQLUpdateColumn(SQLBinaryOperation<Value>(lhs, "&", rhs))
}

/// `column = column | bits`.
public func |= <Value: SQLBitwise>(lhs: inout SQLUpdateColumn<Value>, rhs: Value.Represented) {
    lhs = SQLUpdateColumn(SQLBinaryOperation<Value>(lhs, "|", Value(represented: rhs)))
}

/// `column = column | expression`.
public func |= <Value: SQLBitwise>(lhs: inout SQLUpdateColumn<Value>, rhs: some SQLQueryExpression<Value>) {
    lhs = SQLUpdateColumn(SQLBinaryOperation<Value>(lhs, "|", rhs))
}

/// `column = column << count`.
public func <<= <Value: SQLBitwise>(lhs: inout SQLUpdateColumn<Value>, rhs: Value.Represented) {
    lhs = SQLUpdateColumn(SQLBinaryOperation<Value>(lhs, "<<", SQLShiftCount(Value(represented: rhs))))
}

/// `column = column << expression`.
public func <<= <Value: SQLBitwise>(lhs: inout SQLUpdateColumn<Value>, rhs: some SQLQueryExpression<Value>) {
    lhs = SQLUpdateColumn(SQLBinaryOperation<Value>(lhs, "<<", SQLShiftCount(rhs)))
}

/// `column = column >> count`.
public func >>= <Value: SQLBitwise>(lhs: inout SQLUpdateColumn<Value>, rhs: Value.Represented) {
    lhs = SQLUpdateColumn(SQLBinaryOperation<Value>(lhs, ">>", SQLShiftCount(Value(represented: rhs))))
}

/// `column = column >> expression`.
public func >>= <Value: SQLBitwise>(lhs: inout SQLUpdateColumn<Value>, rhs: some SQLQueryExpression<Value>) {
    lhs = SQLUpdateColumn(SQLBinaryOperation<Value>(lhs, ">>", SQLShiftCount(rhs)))
}
