import Foundation

/// Hands out a fixed set of resources (connections) one holder at a time each, to
/// synchronous callers (which block their thread) and to tasks (which suspend: no
/// cooperative thread ever blocks), in arrival order.
///
/// A task cancelled while it waits leaves the queue and gets `CancellationError`.
final class AccessGate<Resource: Sendable>: @unchecked Sendable {
    // Safe: every mutable property below is read and written only while `condition` (an
    // NSCondition, which is a lock) is held.
    private let condition = NSCondition()
    private var idle: [Resource]
    private var waiters: [Waiter] = []
    /// Resources handed to blocked synchronous waiters, by waiter id, until they wake.
    private var handedToSync: [UInt64: Resource] = [:]
    private var nextID: UInt64 = 0

    private struct Waiter {
        var id: UInt64
        /// `nil` for a synchronous waiter blocked on `condition`.
        var continuation: CheckedContinuation<Resource, any Error>?
    }

    init(_ resources: [Resource]) {
        idle = resources
    }

    /// The number of waiters in the queue, for tests.
    var waiterCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return waiters.count
    }

    /// A resource, blocking the calling thread until one is free.
    func acquireBlocking() -> Resource {
        condition.lock()
        defer { condition.unlock() }
        if let resource = idle.popLast() { return resource }
        nextID += 1
        let id = nextID
        waiters.append(Waiter(id: id, continuation: nil))
        while true {
            if let resource = handedToSync.removeValue(forKey: id) { return resource }
            condition.wait()
        }
    }

    /// A resource, suspending the task until one is free.
    ///
    /// - Throws: `CancellationError` when the task is cancelled before it gets one.
    func acquire() async throws -> Resource {
        let id = nextWaiterID()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Resource, any Error>) in
                condition.lock()
                // Checked under the lock: a cancellation handler that ran before this
                // waiter was queued found nothing to remove.
                if Task.isCancelled {
                    condition.unlock()
                    continuation.resume(throwing: CancellationError())
                } else if let resource = idle.popLast() {
                    condition.unlock()
                    continuation.resume(returning: resource)
                } else {
                    waiters.append(Waiter(id: id, continuation: continuation))
                    condition.unlock()
                }
            }
        } onCancel: {
            condition.lock()
            let index = waiters.firstIndex { $0.id == id }
            let removed = index.map { waiters.remove(at: $0) }
            condition.unlock()
            removed?.continuation?.resume(throwing: CancellationError())
        }
    }

    /// Gives `resource` back: to the first waiter, or to the idle set.
    func release(_ resource: Resource) {
        condition.lock()
        guard !waiters.isEmpty else {
            idle.append(resource)
            condition.unlock()
            return
        }
        let waiter = waiters.removeFirst()
        if let continuation = waiter.continuation {
            condition.unlock()
            continuation.resume(returning: resource)
        } else {
            handedToSync[waiter.id] = resource
            condition.broadcast()
            condition.unlock()
        }
    }

    private func nextWaiterID() -> UInt64 {
        condition.lock()
        defer { condition.unlock() }
        nextID += 1
        return nextID
    }
}
