/// What a `noop` query with no natural empty value throws: a query returning exactly one
/// row (`SELECT count(*) …`) has no `nil` or `[]` to answer with, so `.noop()` answers
/// with this error unless a value is passed (`.noop(countTodos: Queries.Just(3))`).
public struct QueryNotProvided: Error, Sendable, Equatable, CustomStringConvertible {
    /// The query's name.
    public var query: String

    public init(query: String) {
        self.query = query
    }

    public var description: String {
        "\(query) returns exactly one row and no value was provided to noop(): pass one (noop(\(query): Queries.Just(…)))"
    }
}

/// What a generated query throws when a statement SQLite promised one row returned none
/// (an aggregate without GROUP BY always returns one; a single-row INSERT … RETURNING
/// does unless a trigger raised IGNORE).
public struct MissingRowError: Error, Sendable, Equatable, CustomStringConvertible {
    public var query: String

    public init(query: String) {
        self.query = query
    }

    public var description: String { "\(query) returned no row where it returns exactly one" }
}
