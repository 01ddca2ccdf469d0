/// A statement of annotated SQL that PostgreSQL cannot run, and where it starts:
///
/// ```text
/// Migrations/3.sql:1:1: CREATE VIRTUAL TABLE … USING fts5: PostgreSQL has no virtual tables
/// ```
public struct AnnotatedSQLPortabilityError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the statement starts (file, line, column).
    public var location: SQLSourceLocation
    /// What PostgreSQL lacks.
    public var reason: String

    public init(location: SQLSourceLocation, reason: String) {
        self.location = location
        self.reason = reason
    }

    /// `Migrations/3.sql:1:1: CREATE VIRTUAL TABLE … USING fts5: PostgreSQL has no virtual tables`.
    public var description: String { "\(location): \(reason)" }
}
