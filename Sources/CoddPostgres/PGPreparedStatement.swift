#if PostgreSQL
import CoddCore
import CoddQuery
import PostgresNIO

/// A statement rendered once for PostgreSQL, to run many times with new values for its
/// named parameters (`SQLNamedBindingReference`): the counterpart of SQLite's
/// `SQLPreparedStatement`.
///
/// ```swift
/// let id = SQLNamedBindingReference<Int>(name: "id")
/// let byID = try Item.where { $0.id.eq(id) }.preparedForPostgreSQL()
/// // SELECT "items"."id", … FROM "items" WHERE ("items"."id" = $1)
/// for key in keys {
///     let item = try await byID.fetchOne(db, id.bound(to: key))
/// }
/// ```
///
/// Preparing renders the SQL and its fixed values once; each run binds them and the given
/// values (in PostgreSQL's native types: a `UUID` as `uuid`) and decodes the rows. The
/// server parses and plans each run as an unnamed statement: postgres-nio keeps a
/// server-side prepared statement only for SQL fixed per Swift type
/// (`PostgresPreparedStatement`), which a rendered query is not.
public struct PGPreparedStatement<Statement: SQLStatement>: Sendable, CustomStringConvertible {
    /// The rendered SQL, with `$1 … $n` placeholders.
    public let sql: String
    /// The statement for display, in PostgreSQL's dialect: values inline, each named
    /// parameter by its name (`WHERE ("id" = :id)`).
    public let description: String
    let bindings: [SQLValue]
    let slots: [SQLParameterSlot]
    let table: String?

    /// Renders `statement` for PostgreSQL; decoding errors name `table`.
    init(_ statement: Statement, table: String?) throws {
        let fragment = try statement.fragment(mode: .parameters, dialect: .postgreSQL)
        description = try statement.fragment(mode: .inlineLiterals, dialect: .postgreSQL).sql
        sql = fragment.sql
        bindings = fragment.bindings
        slots = fragment.parameterSlots
        self.table = table
    }

    /// The names of the statement's parameters, in order of their first appearance.
    public var parameterNames: [String] {
        var names: [String] = []
        for slot in slots where !names.contains(slot.name) { names.append(slot.name) }
        return names
    }

    /// Runs the statement with `values`, ignoring any rows.
    public func execute<each V>(_ db: PGConnection, _ values: repeat SQLParameterValue<each V>) async throws {
        _ = try await db.run(sql, bind(repeat each values), table: table) { _ in () }
    }

    /// The fixed values and `values` in placeholder order; throws for a value that names
    /// no parameter, a name given twice, or a parameter without a value.
    func bind<each V>(_ values: repeat SQLParameterValue<each V>) throws -> PostgresBindings {
        try checkParameterNames(slots, sql: sql, repeat each values)
        var context = PGBindingContext()
        context.bindings = PostgresBindings(capacity: bindings.count)
        var nextSlot = 0
        for (position, fixed) in bindings.enumerated() {
            guard nextSlot < slots.count, slots[nextSlot].position == position else {
                if case .null = fixed {
                    context.bindings.appendNull()
                } else {
                    context.bindings.append(PGParameter.value(fixed))
                }
                continue
            }
            let name = slots[nextSlot].name
            nextSlot += 1
            var bound = false
            for value in repeat each values {
                if !bound && value.name == name {
                    try context.bindValue(value.value)
                    bound = true
                }
            }
            if !bound { throw SQLParameterError.missingValue(name: name, sql: sql) }
        }
        return context.bindings
    }
}

extension PGPreparedStatement where Statement: SQLSelectStatement {
    /// Every row the statement returns with `values`.
    public func fetchAll<each V>(
        _ db: PGConnection, _ values: repeat SQLParameterValue<each V>
    ) async throws -> [Statement.Row.Fetched] {
        var decoder = PGRowDecoder<Statement.Row>(sql: sql)
        let rows = try await db.run(sql, bind(repeat each values), table: table) { reader in
            try decoder.decode(reader)
        }
        if let same = rows as? [Statement.Row.Fetched] { return same }
        return rows.map(\.fetched)
    }

    /// The first row the statement returns with `values`, or `nil`. No `LIMIT 1` is added:
    /// prepare a statement meant for one row with `.limit(1)` or a key lookup.
    public func fetchOne<each V>(
        _ db: PGConnection, _ values: repeat SQLParameterValue<each V>
    ) async throws -> Statement.Row.Fetched? {
        try await fetchAll(db, repeat each values).first
    }
}

extension SQLStatement {
    /// The statement rendered once for PostgreSQL, to run many times with values for its
    /// named parameters; see ``PGPreparedStatement``.
    public func preparedForPostgreSQL() throws -> PGPreparedStatement<Self> {
        try PGPreparedStatement(self, table: nil)
    }
}

extension SQLSelectStatement {
    /// The statement rendered once for PostgreSQL; decoding errors name the table its rows
    /// come from.
    public func preparedForPostgreSQL() throws -> PGPreparedStatement<Self> {
        try PGPreparedStatement(self, table: (Row.self as? any Table.Type)?.tableName)
    }
}
#endif
