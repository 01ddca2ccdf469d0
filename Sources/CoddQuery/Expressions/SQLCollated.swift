import CoddCore

/// `expression COLLATE "name"`: the expression compared, ordered and grouped by a collating
/// sequence instead of its column's (by default `BINARY`, byte by byte).
///
/// ```swift
/// Reminder.where { $0.title.collate(.nocase).eq("groceries") }
/// // WHERE ("title" COLLATE "NOCASE" = ?)
/// Reminder.order { $0.title.collate(.nocase) }
/// // ORDER BY "title" COLLATE "NOCASE"
/// ```
///
/// It keeps the expression's type, so every operator still applies. SQLite's built-in
/// `SQLCollation/binary`, `SQLCollation/nocase` (ASCII letters folded) and
/// `SQLCollation/rtrim` (trailing spaces ignored) need nothing; another name must be
/// registered on the connection. On PostgreSQL, `binary` renders `"C"`; `nocase` and `rtrim`
/// have no equivalent there (an `SQLDialectError`); other names are the server's.
public struct SQLCollated<QueryValue: SQLCustomType>: SQLQueryExpression {
    let operand: any SQLExpression
    /// The collating sequence.
    public let collation: SQLCollation

    init(_ operand: any SQLExpression, _ collation: SQLCollation) {
        self.operand = operand
        self.collation = collation
    }

    public func render(into builder: inout SQLBuilder) throws {
        // A column's default collation (`@Column(collation:)`) gives way to the explicit one.
        if let column = operand as? any SQLCollatableColumn {
            column.renderUncollated(into: &builder)
        } else {
            try operand.renderOperand(into: &builder)
        }
        try builder.collate(dialectCollation: collation)
    }

    /// Wrapped where compared: `julianday("at") COLLATE …` would collate the julian day; the
    /// collation applies to the operand's own (wrapped) form.
    public func renderWrapped(into builder: inout SQLBuilder) throws {
        try operand.renderWrapped(into: &builder)
        try builder.collate(dialectCollation: collation)
    }

    /// A collated column or value compares unwrapped as its representation does.
    public var isPlainRepresentation: Bool { operand.isPlainRepresentation }
}

extension SQLCollated: SQLOrderable {}

extension SQLQueryExpression {
    /// `self COLLATE "name"`: compared, ordered and grouped by `collation`.
    public func collate(_ collation: SQLCollation) -> SQLCollated<QueryValue> {
        SQLCollated(self, collation)
    }
}

/// A column with a default collation, rendered without it where another is explicit.
protocol SQLCollatableColumn {
    func renderUncollated(into builder: inout SQLBuilder)
}

extension TableColumn: SQLCollatableColumn {
    func renderUncollated(into builder: inout SQLBuilder) {
        builder.column(qualifier, name)
    }
}
