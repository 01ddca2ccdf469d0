import Foundation

/// Runs work that recurses as deep as the SQL nests on a thread with a large stack.
///
/// Parsing and typing walk the syntax tree recursively, and SQLite allows expressions
/// 1,000 levels deep (nested or chained: `a + b + … + z`). A debug build's frames are
/// large, and the threads Swift concurrency and test runners use have small stacks (a
/// chain of 1,000 overflowed one): the analysis runs on a thread of its own, with a stack
/// of 256 MB reserved (address space; only the pages a deep query touches are used:
/// a debug build needs between 16 and 64 MB for 1,000 levels, a sanitized one more).
package enum LargeStack {
    package static let size = 256 << 20

    package static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        let result = Box<T>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            result.set(body())
            done.signal()
        }
        thread.stackSize = size
        thread.start()
        done.wait()
        // Set before the signal; run here only if the thread could not be started.
        return result.get() ?? body()
    }

    /// The result, handed from the worker thread to the waiting one.
    private final class Box<T: Sendable>: @unchecked Sendable {
        // Safe: written once by the worker before it signals, read after the wait.
        private let lock = NSLock()
        private var value: T?

        func set(_ newValue: T) {
            lock.lock()
            defer { lock.unlock() }
            value = newValue
        }

        func get() -> T? {
            lock.lock()
            defer { lock.unlock() }
            return value
        }
    }
}
