import CoddCore
import CoddSQLite

/// A statement uses SQL that the running SQLite is too old for.
///
/// ```
/// ORDER BY inside an aggregate call (…) needs SQLite 3.44; this is SQLite 3.40.1
/// ```
public struct SQLUnsupportedFeatureError: Error, Sendable, Equatable, CustomStringConvertible {
    public var requirement: SQLFeatureRequirement
    public var running: SQLiteVersion
    public var sql: String

    public var description: String {
        "\(requirement.feature) needs SQLite \(requirement.major).\(requirement.minor); this is SQLite \(running) (in \(sql))"
    }
}

extension Connection {
    /// `fragment`, after checking that this SQLite has what it uses.
    @inline(__always)
    func checked(_ fragment: SQLFragment) throws -> SQLFragment {
        if let requirement = fragment.requirement, sqliteVersion < SQLiteVersion(requirement.major, requirement.minor) {
            throw SQLUnsupportedFeatureError(requirement: requirement, running: sqliteVersion, sql: fragment.sql)
        }
        return fragment
    }
}
