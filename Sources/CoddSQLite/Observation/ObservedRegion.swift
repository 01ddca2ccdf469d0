import CSQLite
import Foundation

/// The tables a query reads, found by SQLite itself while it prepares the query's
/// statements (`sqlite3_set_authorizer` reports every table and column a statement reads),
/// never by parsing SQL.
package struct ObservedRegion: Sendable, Equatable {
    /// The tables read, as SQLite names them (views resolve to their tables).
    package var tables: Set<String>
    /// The virtual tables among them (FTS5): a write to one changes its shadow tables
    /// (`docs_content`, `docs_data`, …), which is what the update hook reports.
    package var virtualTables: Set<String> = []

    package init(tables: Set<String>, virtualTables: Set<String> = []) {
        self.tables = tables
        self.virtualTables = virtualTables
    }

    /// Whether a transaction that changed `changed` tables changed this region.
    func isChanged(byAny changed: Set<String>) -> Bool {
        if !tables.isDisjoint(with: changed) { return true }
        for table in virtualTables {
            let prefix = table + "_"
            if changed.contains(where: { $0.hasPrefix(prefix) }) { return true }
        }
        return false
    }
}

/// Collects the tables statements read while they are prepared.
final class RegionRecorder {
    var tables: Set<String> = []

    /// Installs the recorder as `connection`'s authorizer while `body` runs.
    func recording<T>(on handle: OpaquePointer, _ body: () throws -> T) rethrows -> T {
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_set_authorizer(
            handle,
            { context, action, table, _, _, _ in
                // SQLITE_READ comes for each column read, and with an empty column for a table
                // read without columns (`count(*)`).
                if action == SQLITE_READ, let context, let table {
                    let name = String(cString: table)
                    if !name.hasPrefix("sqlite_") {
                        Unmanaged<RegionRecorder>.fromOpaque(context).takeUnretainedValue().tables.insert(name)
                    }
                }
                return SQLITE_OK
            }, context)
        defer { sqlite3_set_authorizer(handle, nil, nil) }
        return try body()
    }
}

extension Connection {
    /// Runs `body` and returns, with its result, the tables its statements read.
    ///
    /// While it runs, statements are prepared afresh (outside the cache), with the
    /// authorizer recording: a cached statement would report nothing.
    package func trackingRegion<T>(_ body: (Connection) throws -> T) throws -> (T, ObservedRegion) {
        let recorder = RegionRecorder()
        let outer = regionRecorder
        regionRecorder = recorder
        let result: T
        do {
            result = try body(self)
            regionRecorder = outer
        } catch {
            regionRecorder = outer
            throw error
        }
        outer?.tables.formUnion(recorder.tables)
        var region = ObservedRegion(tables: recorder.tables)
        if !region.tables.isEmpty {
            let names = try fetchAll(
                String.self, "SELECT name FROM sqlite_schema WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'")
            region.virtualTables = region.tables.intersection(names)
        }
        return (result, region)
    }
}
