/// A feature of SQLite that rendered SQL uses and older SQLite versions reject, such as
/// `ORDER BY` inside an aggregate call (3.44).
///
/// The builder records the newest one a statement needs (``SQLBuilder/require(_:)``) and
/// its ``SQLFragment`` carries it, so executing on an older SQLite fails with a typed error
/// that names the feature and both versions, instead of SQLite's `syntax error`.
public struct SQLFeatureRequirement: Sendable, Hashable, CustomStringConvertible {
    /// What needs the version, as the error shows it.
    public var feature: String
    public var major: Int
    public var minor: Int

    public init(_ feature: String, sqlite major: Int, _ minor: Int) {
        self.feature = feature
        self.major = major
        self.minor = minor
    }

    public var description: String { "\(feature) needs SQLite \(major).\(minor)" }

    /// `ORDER BY` inside an aggregate call: `json_group_array(x ORDER BY y)`.
    public static let orderedAggregate = SQLFeatureRequirement(
        "ORDER BY inside an aggregate call (json_group_array(x ORDER BY y), group_concat(x ORDER BY y))", sqlite: 3, 44
    )

    /// SQLite's binary JSON (a `JSONBDocument` column: its values, paths, changes).
    public static let jsonb = SQLFeatureRequirement("JSONB (SQLite's binary JSON)", sqlite: 3, 45)
}

extension SQLBuilder {
    /// Notes that the statement needs `requirement`; the newest one needed is kept.
    public mutating func require(_ requirement: SQLFeatureRequirement) {
        if let current = self.requirement, (current.major, current.minor) >= (requirement.major, requirement.minor) {
            return
        }
        self.requirement = requirement
    }
}
