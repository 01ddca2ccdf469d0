import Codd
import GRDB

extension GRDB.Database {
    /// Registers a collation written for Codd on this GRDB connection: `SQLCollation.decimal`
    /// (`codd_decimal`, which every `Decimal` comparison and ordering names), an ICU locale's,
    /// or an app's. Codd's own connections register what a statement names by themselves;
    /// GRDB's connections are GRDB's, so register them where GRDB prepares a connection:
    ///
    /// ```swift
    /// var configuration = GRDB.Configuration()
    /// configuration.prepareDatabase { db in try db.add(coddCollation: .decimal) }
    /// ```
    ///
    /// - Throws: `SQLCollationError` for a collation known by name only (`.nocase`: SQLite's
    ///   own needs no registering), or one whose comparator cannot be made.
    public func add(coddCollation collation: SQLCollation) throws {
        guard let comparison = collation.comparison else { throw SQLCollationError.noComparison(name: collation.name) }
        let comparator = ComparatorBox(try comparison.makeComparator())
        add(
            collation: DatabaseCollation(collation.name) { lhs, rhs in
                var lhs = lhs
                var rhs = rhs
                let result = lhs.withUTF8 { left in
                    rhs.withUTF8 { right in
                        comparator.comparator.compare(UnsafeRawBufferPointer(left), UnsafeRawBufferPointer(right))
                    }
                }
                return result < 0 ? .orderedAscending : result > 0 ? .orderedDescending : .orderedSame
            })
    }
}

/// A comparator made for one connection, which calls it on its own queue only.
private final class ComparatorBox: @unchecked Sendable {
    let comparator: any SQLTextComparator

    init(_ comparator: any SQLTextComparator) {
        self.comparator = comparator
    }
}
