/// The SQL bytes and bindings of a finished render, emptied, their capacity kept.
///
/// A connection keeps the buffers of the statement it last ran and lends them to the next
/// one it renders (`SQLDriverConnection.borrowRenderBuffers()`): a statement built on every
/// call, as a DSL query in a loop is, then allocates neither its SQL text nor its bindings.
/// The buffers are emptied when handed back, so an idle connection holds none of the last
/// statement's values.
public struct SQLRenderBuffers: Sendable {
    var sqlBuffer: SQLByteBuffer
    var bindings: [SQLValue]

    /// Buffers with nothing allocated.
    public init() {
        sqlBuffer = SQLByteBuffer()
        bindings = []
    }

    /// The room kept, in bytes of SQL and in bindings: what tests read to see the buffers
    /// reused, or freed.
    package var capacities: (sql: Int, bindings: Int) { (sqlBuffer.capacity, bindings.capacity) }

    /// The largest buffers kept for the next statement: a bulk INSERT's megabytes of SQL
    /// are freed, not held by an idle connection.
    static let keptSQLCapacity = 4096
    static let keptBindingCapacity = 256
}

extension SQLBuilder {
    /// The builder's buffers, emptied, for the next statement to render into. Room for more
    /// than 4,096 bytes of SQL or 256 bindings is freed instead.
    public consuming func takeBuffers() -> SQLRenderBuffers {
        var buffers = SQLRenderBuffers()
        if sqlBuffer.capacity <= SQLRenderBuffers.keptSQLCapacity {
            swap(&buffers.sqlBuffer, &sqlBuffer)
            buffers.sqlBuffer.removeAll()
        }
        if bindings.capacity <= SQLRenderBuffers.keptBindingCapacity {
            swap(&buffers.bindings, &bindings)
            // A few values one by one: `removeAll(keepingCapacity:)` goes through a generic
            // `replaceSubrange` (about 170 instructions for a point query's two values).
            // Codd's callers hand the builder over (`consume`), so the array is not shared
            // and keeps its room; a shared one is copied at its count and loses it.
            if buffers.bindings.count <= 8 {
                while buffers.bindings.popLast() != nil {}
            } else {
                buffers.bindings.removeAll(keepingCapacity: true)
            }
        }
        return buffers
    }
}
