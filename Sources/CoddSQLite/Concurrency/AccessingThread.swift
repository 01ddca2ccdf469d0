import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The thread inside an access of one ``Database``: an access nested in it on the same thread
/// would wait for the connection that thread holds, so it is refused instead.
final class AccessingThread: @unchecked Sendable {
    // Safe: `thread` is read and written only while `lock` is held.
    private let lock = NSLock()
    private var thread: UInt?

    /// Whether the calling thread is the one inside the access.
    var isCurrent: Bool {
        let current = Self.current
        lock.lock()
        defer { lock.unlock() }
        return thread == current
    }

    /// Marks the calling thread as inside the access.
    func enter() {
        let current = Self.current
        lock.lock()
        thread = current
        lock.unlock()
    }

    /// Marks the access done.
    func leave() {
        lock.lock()
        thread = nil
        lock.unlock()
    }

    static var current: UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }
}
