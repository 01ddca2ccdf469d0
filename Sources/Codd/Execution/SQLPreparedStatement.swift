import CoddCore
import CoddQuery
import CoddSQLite

/// A statement rendered once, to run many times with new values for its named parameters
/// (`SQLNamedBindingReference`).
///
/// ```swift
/// let id = SQLNamedBindingReference<Int>(name: "id")
/// let byID = try Reminder.where { $0.id == id }.prepared()
/// // SELECT "id", "title", … FROM "reminders" WHERE "id" = ?
/// for key in keys {
///     let reminder = try byID.fetchOne(db, id.bound(to: key))
/// }
/// ```
///
/// Preparing renders the SQL and its fixed values once; each run finds the prepared
/// SQLite statement in the connection's cache by those bytes, binds the fixed values and
/// the given ones, and decodes. A prepared statement holds no connection: it runs on any
/// connection, of any `Database`, and is `Sendable`.
public struct SQLPreparedStatement<Statement: SQLStatement>: Sendable, CustomStringConvertible {
    /// The rendered SQL, as UTF-8.
    @usableFromInline let sqlBytes: [UInt8]
    /// The statement for display: values inline, each named parameter by its name
    /// (`WHERE ("id" = :id)`).
    public let description: String
    /// The values rendered with the statement, a stand-in at each named slot.
    @usableFromInline let bindings: [SQLValue]
    /// The named parameters' placeholders, in order.
    @usableFromInline let slots: [SQLParameterSlot]
    @usableFromInline let requirement: SQLFeatureRequirement?
    /// The Swift collations the statement names, registered on a connection before it runs.
    @usableFromInline let collations: [SQLCollation]

    /// Renders `statement` for SQLite.
    public init(_ statement: Statement) throws {
        let rendered = try statement.rendered()
        description = statement.description
        sqlBytes = rendered.sqlBytes
        bindings = rendered.bindings
        slots = rendered.parameterSlots
        requirement = rendered.requirement
        collations = rendered.collations
    }

    /// The SQL, with `?` placeholders.
    public var sql: String { String(decoding: sqlBytes, as: UTF8.self) }

    /// The names of the statement's parameters, in order of their first appearance.
    public var parameterNames: [String] {
        var names: [String] = []
        for slot in slots where !names.contains(slot.name) { names.append(slot.name) }
        return names
    }

    /// Runs the statement with `values`, ignoring any rows.
    @inlinable
    public func execute<each V>(_ db: Connection, _ values: repeat SQLParameterValue<each V>) throws {
        try run(db, repeat each values) { try $0.run() }
    }

    /// Runs the statement with `value`, ignoring any rows (one parameter: no pack).
    @inlinable
    public func execute<V>(_ db: Connection, _ value: SQLParameterValue<V>) throws {
        try run(db, value) { try $0.run() }
    }

    /// Binds the values and runs `body` with the statement.
    @inlinable
    func run<T, each V>(
        _ db: Connection, _ values: repeat SQLParameterValue<each V>, body: (CoddSQLite.Statement) throws -> T
    ) throws -> T {
        try db.check(requirement, sql: sql)
        try db.registerCollations(collations)
        try checkNames(repeat each values)
        return try db.withStatement(
            utf8: sqlBytes, bindings: bindings, slots: slots,
            bindSlot: { slot, statement in
                var context = statement
                for value in repeat each values {
                    if value.name == slot.name {
                        try value.value.bind(into: &context)
                        return
                    }
                }
                throw SQLParameterError.missingValue(name: slot.name, sql: sql)
            }, boundValues: { boundValues(repeat each values) }, body)
    }

    /// The values as bound: the rendered ones, with each slot's stand-in replaced by the
    /// given value, for an error that lists them (`errorsIncludeBoundValues`).
    @usableFromInline
    func boundValues<each V>(_ values: repeat SQLParameterValue<each V>) -> [SQLValue] {
        var bound = bindings
        for slot in slots {
            for value in repeat each values {
                guard value.name == slot.name else { continue }
                var collector = SQLValueCollector()
                if (try? value.value.bind(into: &collector)) != nil, let encoded = collector.values.first {
                    bound[slot.position] = encoded
                }
            }
        }
        return bound
    }

    /// ``run(_:_:body:)`` for one value, the common case: no loop over a parameter pack.
    ///
    /// Swift 6.3 walks a concrete pack of `SQLParameterValue`s with a runtime metadata
    /// lookup per element and per walk (a locked cache, about 400 instructions each, three
    /// walks a run); with one value every type is known to the caller's specialization.
    /// Same checks, errors and bindings as the pack's.
    @inlinable
    func run<T, V>(_ db: Connection, _ value: SQLParameterValue<V>, body: (CoddSQLite.Statement) throws -> T) throws
        -> T
    {
        try db.check(requirement, sql: sql)
        try db.registerCollations(collations)
        guard slots.contains(where: { $0.name == value.name }) else {
            throw SQLParameterError.unknownName(name: value.name, sql: sql)
        }
        return try db.withStatement(
            utf8: sqlBytes, bindings: bindings, slots: slots,
            bindSlot: { slot, statement in
                guard value.name == slot.name else { throw SQLParameterError.missingValue(name: slot.name, sql: sql) }
                var context = statement
                try value.value.bind(into: &context)
            }, boundValues: { boundValues(value) }, body)
    }

    /// Throws unless every value names a parameter of the statement, once.
    @inlinable
    func checkNames<each V>(_ values: repeat SQLParameterValue<each V>) throws {
        try checkParameterNames(slots, sql: sql, repeat each values)
    }
}

extension SQLPreparedStatement where Statement: SQLSelectStatement {
    /// Every row the statement returns with `values`.
    @inlinable
    public func fetchAll<each V>(_ db: Connection, _ values: repeat SQLParameterValue<each V>) throws -> [Statement.Row
        .Fetched]
    {
        Statement.handBack(try run(db, repeat each values) { try $0.decodeAll(Statement.Row.self) })
    }

    /// The first row the statement returns with `values`, or `nil`.
    ///
    /// The statement runs as prepared: unlike `Select.fetchOne(_:)`, no `LIMIT 1` is added,
    /// so prepare a statement that is meant for one row with `.limit(1)` (or a key lookup).
    @inlinable
    public func fetchOne<each V>(_ db: Connection, _ values: repeat SQLParameterValue<each V>) throws -> Statement.Row
        .Fetched?
    {
        try run(db, repeat each values) { try $0.decodeFirst(Statement.Row.self) }?.fetched
    }

    /// Every row the statement returns with `value` (one parameter: no pack).
    @inlinable
    public func fetchAll<V>(_ db: Connection, _ value: SQLParameterValue<V>) throws -> [Statement.Row.Fetched] {
        Statement.handBack(try run(db, value) { try $0.decodeAll(Statement.Row.self) })
    }

    /// The first row the statement returns with `value`, or `nil` (one parameter: no pack).
    @inlinable
    public func fetchOne<V>(_ db: Connection, _ value: SQLParameterValue<V>) throws -> Statement.Row.Fetched? {
        try run(db, value) { try $0.decodeFirst(Statement.Row.self) }?.fetched
    }
}

extension SQLStatement {
    /// The statement rendered once, to run many times with values for its named
    /// parameters; see ``SQLPreparedStatement``.
    public func prepared() throws -> SQLPreparedStatement<Self> {
        try SQLPreparedStatement(self)
    }
}
