import CSQLite

/// A version of the SQLite library, for feature detection.
///
/// ```swift
/// if SQLiteVersion.runtime >= SQLiteVersion(3, 45, 0) { /* jsonb, 'subsec' … */ }
/// ```
public struct SQLiteVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    public var patch: Int

    public init(_ major: Int, _ minor: Int, _ patch: Int = 0) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// The version from SQLite's number form: 3040001 is 3.40.1.
    public init(number: Int) {
        self.init(number / 1_000_000, number / 1_000 % 1_000, number % 1_000)
    }

    /// The version of the SQLite library this process runs (`sqlite3_libversion_number()`).
    public static var runtime: SQLiteVersion {
        SQLiteVersion(number: Int(sqlite3_libversion_number()))
    }

    public static func < (lhs: SQLiteVersion, rhs: SQLiteVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }

    public var description: String { "\(major).\(minor).\(patch)" }
}
