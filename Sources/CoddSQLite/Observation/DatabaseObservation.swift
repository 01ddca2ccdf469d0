/// The values of a query, now and after every committed transaction that changed a table
/// it reads: an `AsyncSequence` that starts when you iterate it.
///
/// ```swift
/// for try await count in database.observe({ db in
///     try db.fetchOne(Int.self, #"SELECT count(*) FROM "reminders""#) ?? 0
/// }) {
///     print(count)  // now, then after each commit that changed "reminders"
/// }
/// ```
///
/// - The first value is fetched, and the tables it reads recorded (by SQLite's
///   authorizer), in one access of the writer, which also registers the observation: no
///   commit falls between them.
/// - Each later value is fetched after a commit that changed one of those tables (update
///   and commit hooks), in a read transaction; fetches run one at a time, in order, so
///   the last value always reflects the last commit. Commits to other tables do not
///   fetch. A slow consumer skips intermediate values, never the last one.
/// - Cancelling the iterating task (or dropping the iterator) ends the observation and
///   unregisters it.
///
/// Only transactions committed through this ``Database`` or ``DatabasePool`` are seen
/// (not other processes), and the tables are those the first fetch read. Changes to
/// `WITHOUT ROWID` tables are not reported by SQLite's update hook.
public struct DatabaseObservation<Value: Sendable>: AsyncSequence, Sendable {
    public typealias Element = Value
    public typealias AsyncIterator = AsyncThrowingStream<Value, any Error>.Iterator

    let start: @Sendable (_ signal: @escaping @Sendable () -> Void) async throws -> ObservationStart<Value>
    let refetch: @Sendable () async throws -> Value
    var isDuplicate: (@Sendable (Value, Value) -> Bool)?

    init(
        start: @escaping @Sendable (_ signal: @escaping @Sendable () -> Void) async throws -> ObservationStart<Value>,
        refetch: @escaping @Sendable () async throws -> Value
    ) {
        self.start = start
        self.refetch = refetch
    }

    /// The same observation, skipping a value equal to the one before it.
    public func removeDuplicates() -> DatabaseObservation<Value> where Value: Equatable {
        var copy = self
        copy.isDuplicate = { $0 == $1 }
        return copy
    }

    public func makeAsyncIterator() -> AsyncIterator {
        values().makeAsyncIterator()
    }

    /// The observation as a stream (also what a ``Query``'s `observe` returns).
    public func values() -> AsyncThrowingStream<Value, any Error> {
        let (stream, output) = AsyncThrowingStream<Value, any Error>.makeStream(bufferingPolicy: .bufferingNewest(1))
        // A pending change is one signal, however many commits it stands for.
        let (signals, signal) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let start = start
        let refetch = refetch
        let isDuplicate = isDuplicate
        let task = Task {
            do {
                let first = try await start { signal.yield() }
                defer { first.registration.cancel() }
                output.yield(first.value)
                var last = first.value
                for await _ in signals {
                    try Task.checkCancellation()
                    let value = try await refetch()
                    if let isDuplicate, isDuplicate(last, value) { continue }
                    last = value
                    output.yield(value)
                }
                output.finish()
            } catch is CancellationError {
                output.finish()
            } catch {
                output.finish(throwing: error)
            }
        }
        output.onTermination = { _ in
            task.cancel()
            signal.finish()
        }
        return stream
    }
}

/// What starting an observation gives: the first value, and the registration (of the
/// tables that fetch read) that keeps it signalled.
package struct ObservationStart<Value: Sendable>: Sendable {
    package var value: Value
    package var registration: ObservationRegistration
}
