import CoddCore

/// `CAST(expression AS type)`, typed by the target: the storage class of the Swift type it
/// decodes as names the SQL type (`INTEGER`, `REAL`, `TEXT`, `BLOB`; on PostgreSQL `BIGINT`,
/// `DOUBLE PRECISION`, `TEXT`, `BYTEA`).
///
/// ```swift
/// $0.notes.cast(as: Int.self)        // CAST("notes" AS INTEGER)   an Int
/// $0.priority.cast(as: String.self)  // CAST("priority" AS TEXT)   a String? (priority is optional)
/// ```
///
/// A NULL operand casts to NULL, so an optional operand gives an optional result. SQLite
/// casts leniently (`CAST('12abc' AS INTEGER)` is 12, text that is no number is 0);
/// PostgreSQL refuses such text with an error.
public struct SQLCast<QueryValue: SQLCustomType>: SQLQueryExpression {
    let operand: any SQLExpression
    let storage: SQLStorage

    init(_ operand: any SQLExpression, as storage: SQLStorage) {
        self.operand = operand
        self.storage = storage
    }

    public func render(into builder: inout SQLBuilder) throws {
        guard let name = builder.dialect.spelling.castTypeName(of: storage) else {
            throw SQLEncodingError(
                type: "SQLCast<\(SQLTypeName.of(QueryValue.self))>", valuePreview: "",
                reason: "no SQL type to cast to for storage \(storage)")
        }
        try builder.function("CAST") { builder in
            try operand.render(into: &builder)
            builder.keyword("AS")
            builder.keyword(name)
        }
    }
}

extension SQLQueryExpression {
    /// `CAST(self AS …)`, the SQL type named by `type`'s storage class.
    public func cast<T: SQLCustomType>(as type: T.Type) -> SQLCast<T> {
        SQLCast(self, as: T.storage)
    }
}

extension SQLQueryExpression where QueryValue: SQLOptionalRepresentation {
    /// `CAST(self AS …)` of an optional expression: NULL stays NULL, so the result is optional.
    public func cast<T: SQLCustomType>(as type: T.Type) -> SQLCast<T.Optionalized> {
        SQLCast(self, as: T.storage)
    }
}
