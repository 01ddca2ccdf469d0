import Foundation

/// The threads inside a read of one ``DatabasePool``: a synchronous read nested in another
/// on the same thread would wait for a reader while its own thread holds one, forever once
/// every reader is taken, so it is refused, whatever the number of free readers (a nested
/// read that works only while readers are free is a deadlock waiting for load).
final class ReadingThreads: @unchecked Sendable {
    // Safe: `threads` is read and written only while `lock` is held.
    private let lock = NSLock()
    private var threads: Set<UInt> = []

    /// Marks the calling thread as reading.
    ///
    /// - Throws: ``SQLiteError`` (misuse) when it already is.
    func enter() throws {
        let thread = AccessingThread.current
        lock.lock()
        defer { lock.unlock() }
        guard threads.insert(thread).inserted else {
            throw SQLiteError.misuse(
                "The pool is already being read on this thread; a nested read would wait for a reader this thread holds. Inside read, use the Connection you were given"
            )
        }
    }

    /// Marks the calling thread as done reading.
    func leave() {
        let thread = AccessingThread.current
        lock.lock()
        threads.remove(thread)
        lock.unlock()
    }
}
