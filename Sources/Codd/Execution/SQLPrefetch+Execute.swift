import CoddCore
import CoddQuery
import CoddSQLite

extension SQLPrefetch {
    /// Every parent with its children: the parents' statement, then the children's (one per
    /// `SQLPrefetch.keysPerStatement` keys), in one transaction (a deferred one, opened only when none
    /// is open), so all read the same rows.
    @inlinable
    public func fetchAll(_ db: Connection) throws -> [(Parent.Fetched, [Child.Fetched])] {
        if db.isInsideTransaction { return try fetchBoth(db) }
        return try db.transaction(.deferred) { try fetchBoth($0) }
    }

    @inlinable
    func fetchBoth(_ db: Connection) throws -> [(Parent.Fetched, [Child.Fetched])] {
        let parentRows = try parents.fetchRows(on: db)
        // No parents, no children: the second statement would read nothing.
        if parentRows.isEmpty { return [] }
        var childRows: [SQLRow2<Key, Child>] = []
        for statement in childStatements(for: parentRows) {
            let rows = try statement.fetchRows(on: db)
            // The first statement's rows are kept as they are; appending would copy them.
            if childRows.isEmpty { childRows = rows } else { childRows += rows }
        }
        return Self.group(parents: parentRows, children: childRows)
    }
}
