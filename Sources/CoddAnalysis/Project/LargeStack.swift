#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Runs work that recurses as deep as the SQL nests on a thread with a large stack.
///
/// Parsing and typing walk the syntax tree recursively, and SQLite allows expressions
/// 1,000 levels deep (nested or chained: `a + b + … + z`). A debug build's frames are
/// large, and the threads Swift concurrency and test runners use have small stacks (a
/// chain of 1,000 overflowed one): the analysis runs on a thread of its own, with a stack
/// of 256 MB reserved (address space; only the pages a deep query touches are used:
/// a debug build needs between 16 and 64 MB for 1,000 levels, a sanitized one more).
///
/// One such thread serves the process, started at the first use and fed under a POSIX
/// mutex: no thread is created per analysis, and no stack is handed from an ended thread
/// to a new one (ThreadSanitizer reported that reuse, with a thread per call, as races).
package enum LargeStack {
    package static let size = 256 << 20

    package static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        // Already on the large stack (work that runs more work), or no thread could be
        // started: the work runs here.
        guard let worker = LargeStackWorker.shared, !worker.isCurrentThread else { return body() }
        let work = LargeStackWork(body)
        worker.perform(work)
        return work.result ?? body()
    }
}

/// The work the large-stack thread runs, behind a non-generic base.
private class LargeStackJob: @unchecked Sendable {
    // Guarded by the worker's mutex.
    var isDone = false

    func run() {}
}

private final class LargeStackWork<T: Sendable>: LargeStackJob, @unchecked Sendable {
    // Safe: written by the worker before it marks the job done under the mutex, read by
    // the caller after it saw that under the same mutex.
    let body: @Sendable () -> T
    var result: T?

    init(_ body: @escaping @Sendable () -> T) {
        self.body = body
    }

    override func run() {
        result = body()
    }
}

/// The one large-stack thread: callers queue a job and wait until it is done.
private final class LargeStackWorker: @unchecked Sendable {
    // Safe: `pending` and each job's `isDone` are read and written under `mutex` only.
    static let shared = LargeStackWorker()

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let jobQueued = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let jobDone = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var pending: [LargeStackJob] = []
    private var thread: pthread_t?

    private init?() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(jobQueued, nil)
        pthread_cond_init(jobDone, nil)
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, LargeStack.size)
        let context = Unmanaged.passRetained(self).toOpaque()
        #if canImport(Darwin)
        var started: pthread_t?
        let status = pthread_create(
            &started, &attributes,
            { raw in
                Unmanaged<LargeStackWorker>.fromOpaque(raw).takeUnretainedValue().serve()
                return nil
            }, context)
        let created = status == 0 ? started : nil  // Darwin's pthread_t is optional until set
        #else
        var started = pthread_t()
        let status = pthread_create(
            &started, &attributes,
            { raw in
                if let raw { Unmanaged<LargeStackWorker>.fromOpaque(raw).takeUnretainedValue().serve() }
                return nil
            }, context)
        let created: pthread_t? = status == 0 ? started : nil
        #endif
        guard let created else {
            Unmanaged<LargeStackWorker>.fromOpaque(context).release()
            return nil
        }
        pthread_mutex_lock(mutex)
        thread = created
        pthread_mutex_unlock(mutex)
        pthread_detach(created)
    }

    var isCurrentThread: Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        guard let thread else { return false }
        return pthread_equal(thread, pthread_self()) != 0
    }

    /// Queues `job` and returns when the thread has run it.
    func perform(_ job: LargeStackJob) {
        pthread_mutex_lock(mutex)
        pending.append(job)
        pthread_cond_signal(jobQueued)
        while !job.isDone { pthread_cond_wait(jobDone, mutex) }
        pthread_mutex_unlock(mutex)
    }

    /// The thread's loop, for the life of the process.
    private func serve() {
        while true {
            pthread_mutex_lock(mutex)
            while pending.isEmpty { pthread_cond_wait(jobQueued, mutex) }
            let job = pending.removeFirst()
            pthread_mutex_unlock(mutex)
            job.run()
            pthread_mutex_lock(mutex)
            job.isDone = true
            pthread_cond_broadcast(jobDone)
            pthread_mutex_unlock(mutex)
        }
    }
}
