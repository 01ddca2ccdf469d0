import CoddCore

// Rendered SQL as its UTF-8 bytes (`SQLBuilder.withSQLBytes(_:)`) and bindings: the query
// renderer's path to the statement cache, which finds a statement by bytes without making
// a `String` of its SQL (only a statement prepared for the first time needs one).

extension Connection {
    /// Every row of rendered SQL, as `type`.
    @inlinable
    package func fetchAll<R: SQLRowDecodable>(_ type: R.Type, utf8 sql: [UInt8], bindings: [SQLValue]) throws -> [R] {
        try sql.withUnsafeBytes { try fetchAll(type, utf8: $0, bindings: bindings) }
    }

    /// Every row of rendered SQL (its bytes read in place), as `type`.
    @inlinable
    package func fetchAll<R: SQLRowDecodable>(
        _ type: R.Type, utf8 sql: UnsafeRawBufferPointer, bindings: [SQLValue]
    ) throws -> [R] {
        try withStatement(try acquireStatement(utf8: sql), bind: { try $0.bind(bindings) }, boundValues: { bindings }) {
            try $0.decodeAll(type)
        }
    }

    /// The first row of rendered SQL as `type`, or `nil`.
    @inlinable
    package func fetchOne<R: SQLRowDecodable>(_ type: R.Type, utf8 sql: [UInt8], bindings: [SQLValue]) throws -> R? {
        try sql.withUnsafeBytes { try fetchOne(type, utf8: $0, bindings: bindings) }
    }

    /// The first row of rendered SQL (its bytes read in place) as `type`, or `nil`.
    @inlinable
    package func fetchOne<R: SQLRowDecodable>(
        _ type: R.Type, utf8 sql: UnsafeRawBufferPointer, bindings: [SQLValue]
    ) throws -> R? {
        try withStatement(try acquireStatement(utf8: sql), bind: { try $0.bind(bindings) }, boundValues: { bindings }) {
            try $0.decodeFirst(type)
        }
    }

    /// Runs rendered SQL, ignoring any rows.
    package func execute(utf8 sql: [UInt8], bindings: [SQLValue]) throws {
        try sql.withUnsafeBytes { try execute(utf8: $0, bindings: bindings) }
    }

    /// Runs rendered SQL (its bytes read in place), ignoring any rows.
    package func execute(utf8 sql: UnsafeRawBufferPointer, bindings: [SQLValue]) throws {
        try withStatement(try acquireStatement(utf8: sql), bind: { try $0.bind(bindings) }, boundValues: { bindings }) {
            try $0.run()
        }
    }
}
