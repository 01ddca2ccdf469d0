import CoddCore

/// A statement uses SQL that the running SQLite is too old for: an ordered aggregate before
/// 3.44, an FTS5 option before the version that added it.
///
/// ```
/// ORDER BY inside an aggregate call (…) needs SQLite 3.44; this is SQLite 3.40.1 (in SELECT …)
/// ```
public struct SQLUnsupportedFeatureError: Error, Sendable, Equatable, CustomStringConvertible {
    public var requirement: SQLFeatureRequirement
    /// The running SQLite's version.
    public var running: SQLiteVersion
    /// The statement, when it is known.
    public var sql: String?

    public init(requirement: SQLFeatureRequirement, running: SQLiteVersion, sql: String? = nil) {
        self.requirement = requirement
        self.running = running
        self.sql = sql
    }

    public var description: String {
        "\(requirement.feature) needs SQLite \(requirement.major).\(requirement.minor); this is SQLite \(running)"
            + (sql.map { " (in \($0))" } ?? "")
    }
}

extension SQLFeatureRequirement {
    /// Whether SQLite `version` has the feature.
    public func isMet(by version: SQLiteVersion) -> Bool {
        version >= SQLiteVersion(major, minor)
    }
}

extension Statement {
    /// A value bound to this statement needs `requirement`: refused on an older SQLite before
    /// anything is stored (a JSONB value on SQLite 3.40 would be a BLOB no JSON function of
    /// that SQLite reads).
    public func require(_ requirement: SQLFeatureRequirement) throws {
        let running = SQLiteVersion.runtime
        if !requirement.isMet(by: running) {
            throw SQLUnsupportedFeatureError(requirement: requirement, running: running, sql: sql)
        }
    }
}
