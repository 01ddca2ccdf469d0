import CoddSchema

/// A problem found in a migration or a query file, at the token it is about, in the form
/// SwiftPM and Xcode show in the editor:
///
/// ```text
/// Queries/Todo.sql:3:15: error: no such column: nmae (todo has id, name, completedOn)
/// ```
public struct SQLFirstDiagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable {
        case error
        case warning
    }

    /// Where: the file as the run names it (`Queries/Todo.sql`), line and column (1-based,
    /// the column in characters).
    public var location: SQLSourceLocation
    public var severity: Severity
    public var message: String

    public init(location: SQLSourceLocation, severity: Severity = .error, message: String) {
        self.location = location
        self.severity = severity
        self.message = message
    }

    /// `Queries/Todo.sql:3:15: error: no such column: nmae`.
    public var description: String {
        "\(location.file):\(location.line):\(location.column): \(severity.rawValue): \(message)"
    }
}

/// Every problem of a run, reported together.
public struct SQLFirstDiagnostics: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [SQLFirstDiagnostic]

    public init(_ diagnostics: [SQLFirstDiagnostic]) {
        self.diagnostics = diagnostics
    }

    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}

/// A problem at a byte offset of the text being analyzed, before it is given a line and column.
package struct LocatedProblem: Error, Sendable, Hashable {
    package var offset: Int
    package var message: String
    /// A problem of how the SQL compares or adds a codec's values: an error in a query
    /// file, a warning in a view of the migrations (an applied migration cannot change).
    package var isAdvisory = false

    package init(offset: Int, message: String, isAdvisory: Bool = false) {
        self.offset = offset
        self.message = message
        self.isAdvisory = isAdvisory
    }
}
