/// A statement uses a feature its dialect lacks (FTS5, `julianday`, `strftime` on
/// PostgreSQL): thrown while the statement renders, before anything reaches the server.
public struct SQLDialectError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What the statement uses: `julianday (date arithmetic)`, `FTS5`.
    public var feature: String
    /// The dialect that lacks it.
    public var dialect: SQLDialect

    public init(feature: String, dialect: SQLDialect) {
        self.feature = feature
        self.dialect = dialect
    }

    public var description: String { "\(feature) is SQLite-only: \(dialect.name) has no equivalent Codd renders" }
}

extension SQLBuilder {
    /// Throws ``SQLDialectError`` unless the builder renders SQLite.
    @available(*, deprecated, message: "ask for the capability the feature needs: require(_:_:)")
    public func requireSQLite(_ feature: @autoclosure () -> String) throws {
        if dialect.name != "SQLite" { throw SQLDialectError(feature: feature(), dialect: dialect) }
    }
}
