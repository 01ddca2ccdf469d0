import CSQLite
import Dispatch
import Foundation

/// Stops the statements of one asynchronous access when its task is cancelled:
/// `sqlite3_interrupt` for a statement that is running, and a progress handler for one
/// that starts after the cancellation (SQLite clears an interrupt that arrives between
/// two statements).
final class StatementInterrupter: @unchecked Sendable {
    // Safe: `handle` and `isCancelled` are read and written only while `lock` is held, and
    // `sqlite3_interrupt` is called under it, so it never reaches a connection after the
    // access gave it back (`end()` clears `handle` under the same lock).
    private let lock = NSLock()
    private var handle: OpaquePointer?
    private var isCancelled = false

    /// Marks the access cancelled and interrupts its running statement, if any.
    func cancel() {
        lock.lock()
        defer { lock.unlock() }
        isCancelled = true
        if let handle { sqlite3_interrupt(handle) }
    }

    var wasCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return isCancelled
    }

    /// Runs `body` on `connection`, interruptible by ``cancel()``.
    ///
    /// - Throws: `CancellationError` when the access was cancelled before it started, or
    ///   when a statement was interrupted because of the cancellation.
    func run<T>(on connection: Connection, _ body: () throws -> T) throws -> T {
        lock.lock()
        if isCancelled {
            lock.unlock()
            throw CancellationError()
        }
        handle = connection.handle
        lock.unlock()
        let context = Unmanaged.passUnretained(self).toOpaque()
        // Every 1,000 virtual machine instructions: a cancelled access stops within
        // microseconds, at no measurable cost to the statement.
        sqlite3_progress_handler(
            connection.handle, 1000,
            { context in
                guard let context else { return 0 }
                return Unmanaged<StatementInterrupter>.fromOpaque(context).takeUnretainedValue().wasCancelled ? 1 : 0
            }, context)
        defer {
            sqlite3_progress_handler(connection.handle, 0, nil, nil)
            lock.lock()
            handle = nil
            lock.unlock()
        }
        do {
            return try body()
        } catch let error as SQLiteError where error.code == .interrupt && wasCancelled {
            throw CancellationError()
        }
    }

    /// Runs `work` on a dispatch queue (never on a cooperative thread: SQLite blocks),
    /// with a fresh interrupter that the task's cancellation triggers.
    static func runOffCooperativePool<T: Sendable>(
        _ work: @escaping @Sendable (StatementInterrupter) throws -> T
    ) async throws -> T {
        let interrupter = StatementInterrupter()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                DispatchQueue.global(qos: .userInitiated).async {
                    continuation.resume(with: Result { try work(interrupter) })
                }
            }
        } onCancel: {
            interrupter.cancel()
        }
    }
}
