import CoddCore

extension Select {
    /// The statement a fetch of one row runs: this one with `LIMIT 1`, unless it limits
    /// itself or is a `count()` (one row; a limit there would limit the rows counted).
    ///
    /// For bridges that execute Codd statements on another library's connection (the GRDB
    /// bridge, `Integrations/CoddGRDB`), so that their `fetchOne` renders the SQL Codd's own
    /// renders: `Reminder.where { … }` → `SELECT … WHERE … LIMIT ?`.
    @_spi(CoddBridge)
    public var firstRowStatement: Self {
        needsLimitOne ? limit(1) : self
    }

    /// Whether a fetch of one row adds `LIMIT 1`: not to a statement that limits itself,
    /// nor to a `count()`.
    @usableFromInline
    package var needsLimitOne: Bool { !(hasLimit || isCount) }

    /// ``firstRowStatement`` rendered, without building it: the `LIMIT 1` is written by
    /// the render, so a fetch of one row copies no clauses.
    /// `SELECT … WHERE … LIMIT ?`, 1 bound.
    @usableFromInline
    package func renderedFirstRow(mode: SQLBuilder.Mode = .parameters, dialect: SQLDialect = .sqlite) throws -> SQLBuilder {
        let limitsToOne = needsLimitOne
        return try SQLBuilder.rendering(mode: mode, dialect: dialect, unqualified: rendersUnqualifiedColumns) {
            try core.render(into: &$0, limitingToOne: limitsToOne)
        }
    }
}
