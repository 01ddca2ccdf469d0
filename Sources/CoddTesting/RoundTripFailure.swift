import CoddCore

/// A codec check that failed: which check, for which value, the SQL that ran and what
/// SQLite stored.
public struct RoundTripFailure: Error, Sendable, CustomStringConvertible {
    /// The check that failed (`"bound parameter"`, `"ORDER BY"`, …).
    public var check: String
    /// The Swift value, as Swift prints it.
    public var value: String
    /// The SQL that ran.
    public var sql: String
    /// What SQLite stored: `typeof(v)` and `quote(v)`, or what it returned.
    public var stored: String
    /// What went wrong.
    public var detail: String

    public var description: String {
        "\(check) failed for \(value): \(detail)\n  SQL: \(sql)\n  stored: \(stored)"
    }
}
