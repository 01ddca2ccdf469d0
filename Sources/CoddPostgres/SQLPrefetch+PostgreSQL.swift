#if PostgreSQL
import CoddCore
import CoddQuery

extension SQLPrefetch {
    /// Every parent with its children, on PostgreSQL: the parents' statement, then the
    /// children's, on the same connection.
    ///
    /// Run it in ``PGDatabase/read(isolation:_:)``. Under PostgreSQL's default isolation (READ
    /// COMMITTED) each statement sees what was committed when it started: the children's
    /// statement reads the children of the parents fetched as they are then (one added in
    /// between is included, one deleted is not). `SET TRANSACTION ISOLATION LEVEL
    /// REPEATABLE READ` first gives both one snapshot.
    public func fetchAll(_ db: PGConnection) async throws -> [(Parent.Fetched, [Child.Fetched])] {
        let parentRows = try await db.fetchAll(
            SQLRow2<Key, Parent>.self, parents.postgreSQLFragment(), table: Parent.tableName
        )
        if parentRows.isEmpty { return [] }
        var childRows: [SQLRow2<Key, Child>] = []
        for statement in childStatements(for: parentRows) {
            let rows = try await db.fetchAll(
                SQLRow2<Key, Child>.self, statement.postgreSQLFragment(), table: Child.tableName)
            // The first statement's rows are kept as they are; appending would copy them.
            if childRows.isEmpty { childRows = rows } else { childRows += rows }
        }
        return Self.group(parents: parentRows, children: childRows)
    }
}
#endif
