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
    func checked(_ fragment: SQLFragment) throws -> SQLFragment {
        try check(fragment.requirement, sql: fragment.sql)
        return fragment
    }

    /// Checks that this SQLite has what a rendered statement uses.
    @inlinable
    public func checkRequirement(of rendered: SQLBuilder) throws {
        if let requirement = rendered.requirement { try check(requirement, sql: rendered.sql) }
    }

    @usableFromInline
    func check(_ requirement: SQLFeatureRequirement?, sql: @autoclosure () -> String) throws {
        if let requirement, sqliteVersion < SQLiteVersion(requirement.major, requirement.minor) {
            throw SQLUnsupportedFeatureError(requirement: requirement, running: sqliteVersion, sql: sql())
        }
    }
}
