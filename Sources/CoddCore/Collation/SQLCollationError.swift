/// A collation could not be used: a statement names one the connection does not know, a
/// collation known by name only was registered as if written in Swift, or its comparator
/// could not be made (an ICU locale that does not open).
public enum SQLCollationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A statement names a collation that is neither built in nor registered on the
    /// connection.
    case unregistered(name: String, sql: String?)
    /// `add(collation:)` was given a collation known by name only (``SQLCollation/init(_:)``):
    /// there is no comparison to register.
    case noComparison(name: String)
    /// The name cannot be registered (empty, or holding a NUL byte, which SQLite would read
    /// as its end).
    case invalidName(name: String, reason: String)
    /// The collation's comparator could not be made.
    case unavailable(name: String, reason: String)

    /// The collation's name.
    public var name: String {
        switch self {
        case .unregistered(let name, _), .noComparison(let name), .invalidName(let name, _), .unavailable(let name, _):
            name
        }
    }

    public var description: String {
        switch self {
        case .unregistered(let name, let sql):
            "No collation \(SQLBuilder.quoted(name)) on this connection: register it with add(collation:) "
                + "(or Configuration.add(collation:), for every connection)" + (sql.map { " (in \($0))" } ?? "")
        case .noComparison(let name):
            "The collation \(SQLBuilder.quoted(name)) is known by name only: build it with a comparison to register it"
        case .invalidName(let name, let reason):
            "Cannot register the collation \(SQLValuePreview.truncated(name.debugDescription)): \(reason)"
        case .unavailable(let name, let reason):
            "The collation \(SQLBuilder.quoted(name)) is unavailable: \(reason)"
        }
    }
}
