import CSQLite
import CoddCore

extension Connection {
    /// Registers a collation written in Swift on this connection, replacing one of the same
    /// name, so statements, indexes and columns can name it (`COLLATE "name"`).
    ///
    /// ```swift
    /// try db.add(collation: SQLCollation("byLength") { $0.count < $1.count ? .orderedAscending : … })
    /// // sqlite3_create_collation_v2(db, "byLength", SQLITE_UTF8, box, xCompare, xDestroy)
    /// ```
    ///
    /// Register a collation an index or a column's definition uses on every connection
    /// with ``Configuration/add(collation:)``, before any statement can need it. A statement
    /// the DSL rendered registers the Swift collations it names by itself.
    ///
    /// - Throws: `SQLCollationError` for a collation known by name only, a name SQLite
    ///   cannot take, or a comparator that cannot be made; ``SQLiteError`` when SQLite
    ///   refuses it (a statement using the collation it replaces still running).
    public func add(collation: SQLCollation) throws {
        guard let comparison = collation.comparison else { throw SQLCollationError.noComparison(name: collation.name) }
        try Self.validate(collationName: collation.name)
        let comparator: any SQLTextComparator
        do {
            comparator = try comparison.makeComparator()
        } catch let error as SQLCollationError {
            throw error
        } catch {
            throw SQLCollationError.unavailable(name: collation.name, reason: String(describing: error))
        }
        let box = Unmanaged.passRetained(CollationBox(comparator)).toOpaque()
        // On failure SQLite calls the destroy callback itself: the box is never released twice.
        let code = sqlite3_create_collation_v2(
            handle, collation.name, SQLITE_UTF8, box,
            { userData, lhsCount, lhs, rhsCount, rhs in
                guard let userData else { return 0 }
                let box = Unmanaged<CollationBox>.fromOpaque(userData).takeUnretainedValue()
                let result = box.comparator.compare(
                    UnsafeRawBufferPointer(start: lhs, count: Int(max(lhsCount, 0))),
                    UnsafeRawBufferPointer(start: rhs, count: Int(max(rhsCount, 0)))
                )
                return result < 0 ? -1 : result > 0 ? 1 : 0
            },
            { userData in
                guard let userData else { return }
                Unmanaged<CollationBox>.fromOpaque(userData).release()
            }
        )
        guard code == SQLITE_OK else {
            let error = SQLiteError.last(on: handle, resultCode: code, sql: nil)
            throw SQLiteError(
                code: error.code, extendedCode: error.extendedCode,
                message: "Cannot register collation \(SQLBuilder.quoted(collation.name)): \(error.message)"
            )
        }
        registeredCollations.insert(collation.normalizedName)
        KnownCollations.remember(collation)
    }

    /// Registers each of `collations` not yet registered on this connection: the Swift
    /// collations a rendered statement names.
    @inlinable
    package func registerCollations(_ collations: [SQLCollation]) throws {
        guard !collations.isEmpty else { return }
        try registerMissingCollations(collations)
    }

    @usableFromInline
    func registerMissingCollations(_ collations: [SQLCollation]) throws {
        for collation in collations where !registeredCollations.contains(collation.normalizedName) {
            try add(collation: collation)
        }
    }

    /// SQLite would read a name up to its first NUL byte, registering another name.
    static func validate(collationName name: String) throws {
        if name.isEmpty {
            throw SQLCollationError.invalidName(name: name, reason: "a collation name cannot be empty")
        }
        if name.utf8.contains(0) {
            throw SQLCollationError.invalidName(name: name, reason: "the name contains a NUL byte")
        }
    }

    /// Asks SQLite to call back when a statement names a collation this connection lacks:
    /// one registered on another connection of the process (or this database's
    /// configuration) is registered here then, so raw SQL finds it too.
    func installCollationResolver() {
        sqlite3_collation_needed(handle, Unmanaged.passUnretained(self).toOpaque()) { userData, _, _, name in
            guard let userData, let name else { return }
            let connection = Unmanaged<Connection>.fromOpaque(userData).takeUnretainedValue()
            let wanted = String(cString: name)
            let collation =
                connection.configuration.collations.first { $0.normalizedName == SQLCollation(wanted).normalizedName }
                ?? KnownCollations.collation(named: wanted)
            // A comparator that cannot be made leaves the collation missing: SQLite reports
            // it, as an unregistered one.
            if let collation { try? connection.add(collation: collation) }
        }
    }
}

/// What a registered collation's user data points to: retained by `Connection.add(collation:)`
/// and released by SQLite's destroy callback when the collation is replaced or the
/// connection closes.
final class CollationBox {
    let comparator: any SQLTextComparator

    init(_ comparator: any SQLTextComparator) {
        self.comparator = comparator
    }
}

extension SQLiteError {
    /// The error of a statement SQLite could not prepare: an ``SQLCollationError`` naming
    /// the collation when it names one the connection does not know, else SQLite's own.
    static func preparing(on connection: OpaquePointer, resultCode: Int32, sql: String) -> any Error {
        let error = SQLiteError.last(on: connection, resultCode: resultCode, sql: sql)
        let prefix = "no such collation sequence: "
        if error.code == .error, error.message.hasPrefix(prefix) {
            return SQLCollationError.unregistered(name: String(error.message.dropFirst(prefix.count)), sql: sql)
        }
        return error
    }
}

extension Connection {
    /// Checks that `fragment` can run here (no named parameter left unbound) and registers
    /// the Swift collations it names.
    @inlinable
    func prepareToRun(_ fragment: SQLFragment) throws {
        try fragment.requireNoParameterSlots()
        try registerCollations(fragment.collations)
    }
}
