import CoddCore
import Foundation

/// The collations written in Swift that some connection of the process registered, by
/// name: a connection that meets one of them in SQL it did not render (raw SQL, a
/// column's or an index's definition) registers it then, through SQLite's
/// `sqlite3_collation_needed`.
enum KnownCollations {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var byName: [String: SQLCollation] = [:]

    static func remember(_ collation: SQLCollation) {
        lock.lock()
        defer { lock.unlock() }
        byName[collation.normalizedName] = collation
    }

    static func collation(named name: String) -> SQLCollation? {
        let key = SQLCollation(name).normalizedName
        lock.lock()
        defer { lock.unlock() }
        return byName[key]
    }
}
