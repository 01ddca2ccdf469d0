/// A feature of FTS5 that needs a newer SQLite than some systems run (Debian 12 ships
/// 3.40.1): `contentless_delete` needs 3.43, trigram's `remove_diacritics` 3.45.
public struct FTS5Requirement: Sendable, Hashable, CustomStringConvertible {
    /// The option, as written in the DDL (`contentless_delete`).
    public let feature: String
    /// The first SQLite version that has it.
    public let major: Int
    public let minor: Int
    public let patch: Int

    public init(feature: String, major: Int, minor: Int, patch: Int = 0) {
        self.feature = feature
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// `contentless_delete=1`: SQLite 3.43.0.
    public static let contentlessDelete = FTS5Requirement(feature: "contentless_delete", major: 3, minor: 43)
    /// `tokenize = 'trigram remove_diacritics 1'`: SQLite 3.45.0.
    public static let trigramRemoveDiacritics = FTS5Requirement(feature: "trigram remove_diacritics", major: 3, minor: 45)

    /// Whether SQLite `major.minor.patch` has the feature.
    public func isMet(byMajor major: Int, minor: Int, patch: Int) -> Bool {
        (major, minor, patch) >= (self.major, self.minor, self.patch)
    }

    public var description: String { "\(feature) (SQLite \(major).\(minor).\(patch) or later)" }
}

/// An FTS5 feature the running SQLite does not have.
public struct FTS5UnsupportedFeatureError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What the statement needs.
    public let requirement: FTS5Requirement
    /// The running SQLite's version (`3.40.1`).
    public let runningVersion: String

    public init(requirement: FTS5Requirement, runningVersion: String) {
        self.requirement = requirement
        self.runningVersion = runningVersion
    }

    public var description: String {
        "FTS5 option \(requirement.feature) needs SQLite \(requirement.major).\(requirement.minor).\(requirement.patch) or later; this process runs SQLite \(runningVersion)"
    }
}
