import Foundation

/// Which tables keep the protocol's `Table.all`, learned the first time one's default scope
/// resolves: a type's witness for `all` never changes, so a table without a default scope
/// is asked once, and its statements then carry no scope to resolve (a statement per query
/// built and dropped, about 3,000 instructions, before this).
///
/// A table that redefines `all` is asked at every render, as before: its `all` may be
/// computed, and may change.
enum DefaultScopes {
    /// Guarded by `Lineage.lock`, which a statement built from a table takes anyway.
    private static var lock: NSLock { Lineage.lock }
    /// Exclusivity is not checked at run time: every access holds the lock.
    @exclusivity(unchecked) nonisolated(unsafe) static var unscopedTables: Set<ObjectIdentifier> = []

    /// Whether `table` is known to have no default scope.
    static func isKnownUnscoped(_ table: any Table.Type) -> Bool {
        let id = ObjectIdentifier(table)
        lock.lock()
        defer { lock.unlock() }
        return unscopedTables.contains(id)
    }

    /// The default scope of `table`, or `nil` when it keeps the protocol's `all`.
    static func scope(of table: any Table.Type) -> SelectCore? {
        if isKnownUnscoped(table) { return nil }
        // Read outside the lock: `all` may build statements, which read the set.
        let core = readAll(table)
        guard core.isProtocolDefaultScope else { return core }
        let id = ObjectIdentifier(table)
        lock.lock()
        defer { lock.unlock() }
        unscopedTables.insert(id)
        return nil
    }

    private static func readAll<T: Table>(_ table: T.Type) -> SelectCore {
        T.all.core
    }
}
