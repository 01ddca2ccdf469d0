import CoddCore

// A minimal `collate(_:)` for issue #29's collations (registered Swift and ICU collations,
// `@Column(collation:)`); the DSL's own COLLATE (issue #28) replaces it when they merge.

extension SQLQueryExpression where QueryValue: SQLText {
    /// The expression in `collation`: `"name" COLLATE "NOCASE"`. Comparisons, `ORDER BY`,
    /// `min`, `max` and `GROUP BY` of it use the collation.
    ///
    /// ```swift
    /// Person.where { $0.name.collate(.nocase) == "ada" }   // WHERE ("name" COLLATE "NOCASE" = ?)
    /// Person.order { $0.name.collate(.icu(locale: "sv")) } // ORDER BY "name" COLLATE "icu_sv_tertiary"
    /// ```
    public func collate(_ collation: SQLCollation) -> SQLCollated<QueryValue> {
        SQLCollated(base: self, collation: collation)
    }
}

/// `expression COLLATE "name"`.
public struct SQLCollated<QueryValue: SQLCustomType>: SQLQueryExpression {
    let base: any SQLExpression
    let collation: SQLCollation

    public func render(into builder: inout SQLBuilder) throws {
        // A column's default collation gives way to the explicit one.
        if let column = base as? any SQLCollatableColumn {
            column.renderUncollated(into: &builder)
        } else {
            try base.renderOperand(into: &builder)
        }
        builder.collate(collation)
    }

    /// A collated column is still the column: an index declared with the same collation
    /// serves a comparison of it with a value.
    public var isPlainRepresentation: Bool { base.isPlainRepresentation }
}

extension SQLCollated: SQLOrderable {}

/// A column with a default collation, rendered without it where another is explicit.
protocol SQLCollatableColumn {
    func renderUncollated(into builder: inout SQLBuilder)
}

extension TableColumn: SQLCollatableColumn {
    func renderUncollated(into builder: inout SQLBuilder) {
        builder.column(qualifier, name)
    }
}
