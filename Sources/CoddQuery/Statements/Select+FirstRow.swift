import CoddCore

extension Select {
    /// Whether a fetch of one row adds `LIMIT 1`: not to a statement that limits itself,
    /// nor to a `count()`.
    @inlinable
    package var needsLimitOne: Bool { !(hasLimit || isCount) }

    /// The statement a fetch of one row runs, rendered: with `LIMIT 1` unless it limits
    /// itself or is a `count()` (one row; a limit there would limit the rows counted),
    /// written by the render, so a fetch of one row copies no clauses.
    /// `SELECT … WHERE … LIMIT 1`.
    @usableFromInline
    package func renderedFirstRow(
        mode: SQLBuilder.Mode = .parameters, dialect: SQLDialect = .sqlite,
        reusing buffers: consuming SQLRenderBuffers = SQLRenderBuffers()
    ) throws -> SQLBuilder {
        let limitsToOne = needsLimitOne
        return try SQLBuilder.rendering(
            mode: mode, dialect: dialect, unqualified: rendersUnqualifiedColumns, reusing: buffers
        ) {
            try core.render(into: &$0, limitingToOne: limitsToOne)
        }
    }
}
