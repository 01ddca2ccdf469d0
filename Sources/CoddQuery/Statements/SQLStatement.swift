import CoddCore

/// A complete SQL statement: SELECT, INSERT, UPDATE or DELETE.
///
/// ``fragment`` renders it for execution (`?` placeholders and bindings); ``description``
/// renders it for display, with values inlined as literals. Both mean the same thing.
public protocol SQLStatement: Sendable, CustomStringConvertible {
    /// Renders the statement (without parentheses; as a subquery, the caller adds them).
    func renderStatement(into builder: inout SQLBuilder) throws

    /// Whether columns may render unqualified (`"title"`): true for a statement that reads
    /// one table under its own name. Rendering switches to qualified names if it meets
    /// another table (a subquery).
    var rendersUnqualifiedColumns: Bool { get }
}

/// A statement that returns rows of `Row`: a SELECT, or a write with `RETURNING`.
public protocol SQLSelectStatement<Row>: SQLStatement {
    associatedtype Row: SQLRowDecodable
}

extension SQLStatement {
    public var rendersUnqualifiedColumns: Bool { false }

    /// The statement with `?` placeholders and its bindings, for execution.
    public var fragment: SQLFragment {
        get throws { try fragment(mode: .parameters) }
    }

    /// The statement rendered in `mode`, in `dialect` (SQLite unless a driver for another
    /// engine asks).
    public func fragment(mode: SQLBuilder.Mode, dialect: SQLDialect = .sqlite) throws -> SQLFragment {
        try rendered(mode: mode, dialect: dialect).fragment
    }

    /// The builder that rendered the statement in `mode`: its bytes and bindings, which
    /// execution hands to the driver without making a `String` of the SQL.
    @usableFromInline
    package func rendered(
        mode: SQLBuilder.Mode = .parameters, dialect: SQLDialect = .sqlite,
        reusing buffers: consuming SQLRenderBuffers = SQLRenderBuffers()
    ) throws -> SQLBuilder {
        try SQLBuilder.rendering(
            mode: mode, dialect: dialect, unqualified: rendersUnqualifiedColumns, reusing: buffers
        ) {
            try renderStatement(into: &$0)
        }
    }

    /// The statement with values inlined as literals, for display, in SQLite's dialect
    /// (``description(in:)`` spells it in another engine's).
    public var description: String {
        description(in: .sqlite)
    }

    /// The statement with values inlined as literals, for display, as `dialect` spells it:
    /// `query.description(in: .postgreSQL)` shows what a PostgreSQL connection runs
    /// (`$0.token.eq(id)` as `"token" = '8c2b…'::uuid`).
    public func description(in dialect: SQLDialect) -> String {
        do {
            return try fragment(mode: .inlineLiterals, dialect: dialect).sql
        } catch {
            return "<cannot render: \(error)>"
        }
    }
}

extension SQLBuilder {
    /// A builder that ran `render`: with bare column names when `unqualified` says it may,
    /// and again with qualified ones if a second table appeared (a subquery).
    package static func rendering(
        mode: Mode, dialect: SQLDialect, unqualified: Bool,
        reusing buffers: consuming SQLRenderBuffers = SQLRenderBuffers(), _ render: (inout SQLBuilder) throws -> Void
    ) throws -> SQLBuilder {
        var builder = SQLBuilder(mode: mode, dialect: dialect, reusing: buffers)
        builder.reserveCapacity(256)
        builder.qualifiesColumnNames = !unqualified
        try render(&builder)
        if !builder.qualifiesColumnNames && builder.rendersSeveralQualifiers {
            builder = SQLBuilder(mode: mode, dialect: dialect, reusing: (consume builder).takeBuffers())
            try render(&builder)
        }
        return builder
    }
}
