import CSQLite
import Foundation

/// The observers of one writer connection: which tables each reads, and whom to tell when
/// a committed transaction changed one of them.
///
/// SQLite's update hook records the tables a transaction changes, its commit hook keeps
/// them, its rollback hook drops them; when the access that committed ends (the commit is
/// then visible to every connection), observers of a changed table are signalled. The
/// hooks are installed only while there are observers: writes pay nothing otherwise.
package final class TransactionObservers: @unchecked Sendable {
    // Safe: every mutable property is read and written only while `lock` is held. The
    // hooks run on the thread of the writer's current access and take the same lock.
    private let lock = NSLock()
    private var observers: [UInt64: Observer] = [:]
    private var nextID: UInt64 = 0
    /// Tables changed by the transaction in progress.
    private var pending: Set<String> = []
    /// Tables changed by transactions committed during the current access.
    private var committed: Set<String> = []
    /// The connection the hooks are installed on.
    private var hookedConnection: OpaquePointer?

    private struct Observer {
        var region: ObservedRegion
        var signal: @Sendable () -> Void
    }

    package init() {}

    /// The number of registered observers, for tests.
    package var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return observers.count
    }

    /// Registers an observer of `region`; call inside an access of `connection` (the
    /// writer), so no transaction is half-way and no commit can be missed.
    func register(_ region: ObservedRegion, on connection: Connection, signal: @escaping @Sendable () -> Void)
        -> ObservationRegistration
    {
        lock.lock()
        defer { lock.unlock() }
        nextID += 1
        observers[nextID] = Observer(region: region, signal: signal)
        if hookedConnection == nil {
            installHooks(on: connection.handle)
        }
        return ObservationRegistration(observers: self, id: nextID)
    }

    func unregister(_ id: UInt64) {
        lock.lock()
        defer { lock.unlock() }
        observers[id] = nil
    }

    /// Called when an access of the writer ends: signals the observers of tables that
    /// committed transactions changed, and removes the hooks once nobody observes.
    func endAccess(of connection: Connection) {
        lock.lock()
        guard hookedConnection != nil else {
            lock.unlock()
            return
        }
        let changed = committed
        committed = []
        pending = []
        var signals: [@Sendable () -> Void] = []
        if !changed.isEmpty {
            for observer in observers.values where observer.region.isChanged(byAny: changed) {
                signals.append(observer.signal)
            }
        }
        if observers.isEmpty {
            removeHooks(from: connection.handle)
        }
        lock.unlock()
        for signal in signals { signal() }
    }

    /// Removes the hooks (the connection is closing).
    func close(_ connection: Connection) {
        lock.lock()
        defer { lock.unlock() }
        if hookedConnection != nil { removeHooks(from: connection.handle) }
    }

    // MARK: Hooks (called by SQLite on the writer's access thread)

    fileprivate func rowChanged(in table: UnsafePointer<CChar>) {
        lock.lock()
        defer { lock.unlock() }
        let name = String(cString: table)
        pending.insert(name)
    }

    fileprivate func transactionCommits() {
        lock.lock()
        defer { lock.unlock() }
        committed.formUnion(pending)
        pending = []
    }

    fileprivate func transactionRollsBack() {
        lock.lock()
        defer { lock.unlock() }
        pending = []
    }

    /// Called with `lock` held.
    private func installHooks(on handle: OpaquePointer) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_update_hook(
            handle,
            { context, _, _, table, _ in
                guard let context, let table else { return }
                Unmanaged<TransactionObservers>.fromOpaque(context).takeUnretainedValue().rowChanged(in: table)
            }, context)
        sqlite3_commit_hook(
            handle,
            { context in
                guard let context else { return 0 }
                Unmanaged<TransactionObservers>.fromOpaque(context).takeUnretainedValue().transactionCommits()
                return 0  // 0: let the commit proceed
            }, context)
        sqlite3_rollback_hook(
            handle,
            { context in
                guard let context else { return }
                Unmanaged<TransactionObservers>.fromOpaque(context).takeUnretainedValue().transactionRollsBack()
            }, context)
        hookedConnection = handle
    }

    /// Called with `lock` held.
    private func removeHooks(from handle: OpaquePointer) {
        sqlite3_update_hook(handle, nil, nil)
        sqlite3_commit_hook(handle, nil, nil)
        sqlite3_rollback_hook(handle, nil, nil)
        hookedConnection = nil
        pending = []
        committed = []
    }
}

/// An observer's place among a writer's observers; ``cancel()`` (or release) removes it.
package final class ObservationRegistration: Sendable {
    private let observers: TransactionObservers
    private let id: UInt64

    init(observers: TransactionObservers, id: UInt64) {
        self.observers = observers
        self.id = id
    }

    package func cancel() {
        observers.unregister(id)
    }

    deinit {
        observers.unregister(id)
    }
}
