/// The SQL bytes and bindings of a finished render, emptied, their capacity kept.
///
/// A connection keeps the buffers of the statement it last ran and lends them to the next
/// one it renders (`SQLDriverConnection.borrowRenderBuffers()`): a statement built on every
/// call, as a DSL query in a loop is, then allocates neither its SQL text nor its bindings.
public struct SQLRenderBuffers: Sendable {
    var sqlBuffer: SQLByteBuffer
    var bindings: [SQLValue]

    /// Buffers with nothing allocated.
    public init() {
        sqlBuffer = SQLByteBuffer()
        bindings = []
    }

    /// The largest buffers kept for the next statement: a bulk INSERT's megabytes of SQL
    /// are freed, not held by an idle connection.
    /// The room kept, in bytes of SQL and in bindings: what tests read to see the buffers
    /// reused, or freed.
    package var capacities: (sql: Int, bindings: Int) { (sqlBuffer.capacity, bindings.capacity) }

    static let keptSQLCapacity = 4096
    static let keptBindingCapacity = 256
}

extension SQLBuilder {
    /// The builder's buffers, for the next statement to render into (it empties them); a
    /// buffer grown past ``SQLRenderBuffers/keptSQLCapacity`` (or the bindings' limit) is
    /// freed.
    public consuming func takeBuffers() -> SQLRenderBuffers {
        var buffers = SQLRenderBuffers()
        if sqlBuffer.capacity <= SQLRenderBuffers.keptSQLCapacity { swap(&buffers.sqlBuffer, &sqlBuffer) }
        if bindings.capacity <= SQLRenderBuffers.keptBindingCapacity { swap(&buffers.bindings, &bindings) }
        return buffers
    }
}
