import CoddCore
import CoddQuery

extension SQLPrefetch {
    /// Every parent with its children, on PostgreSQL: the parents' statement, then the
    /// children's, on the same connection.
    ///
    /// Run it in ``PGDatabase/read(_:)``. Under PostgreSQL's default isolation (READ
    /// COMMITTED) each statement sees what was committed when it started: a child whose
    /// parent was added in between is left out, and a parent deleted in between keeps no
    /// children. `SET TRANSACTION ISOLATION LEVEL REPEATABLE READ` first gives both one
    /// snapshot.
    public func fetchAll(_ db: PGConnection) async throws -> [(Parent.Fetched, [Child.Fetched])] {
        let parentRows = try await db.fetchAll(
            SQLRow2<Key, Parent>.self, parents.postgreSQLFragment(), table: Parent.tableName
        )
        if parentRows.isEmpty { return [] }
        let childRows = try await db.fetchAll(
            SQLRow2<Key, Child>.self, children.postgreSQLFragment(), table: Child.tableName
        )
        return Self.group(parents: parentRows, children: childRows)
    }
}
