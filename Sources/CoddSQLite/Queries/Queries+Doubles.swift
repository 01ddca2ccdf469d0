import Foundation

extension Queries {
    /// A query that returns `value` without a database: for previews and tests.
    /// `observe` yields it once.
    public struct Just<Input: Sendable, Output: Sendable>: Query {
        public let value: Output

        public init(_ value: Output) {
            self.value = value
        }

        public func execute(_ input: Input) async throws -> Output { value }

        public func observe(_ input: Input) -> AsyncThrowingStream<Output, any Error> {
            AsyncThrowingStream { continuation in
                continuation.yield(value)
                continuation.finish()
            }
        }
    }

    /// A query that always throws `error`: for testing how a caller handles failure.
    public struct Fail<Input: Sendable, Output: Sendable>: Query {
        public let error: any Error

        public init(_ error: any Error) {
            self.error = error
        }

        public func execute(_ input: Input) async throws -> Output { throw error }

        public func observe(_ input: Input) -> AsyncThrowingStream<Output, any Error> {
            AsyncThrowingStream { $0.finish(throwing: error) }
        }
    }

    /// A query that records its calls: how many `execute` and `observe` calls, with which
    /// inputs; it answers with `result(input)`.
    ///
    /// ```swift
    /// let query = Queries.Test<Int, String> { "row \($0)" }
    /// _ = try await query.execute(7)
    /// query.executeCount  // 1
    /// query.inputs        // [7]
    /// ```
    public final class Test<Input: Sendable, Output: Sendable>: Query, @unchecked Sendable {
        // Safe: `calls` is read and written only while `lock` is held; `result` is immutable.
        private let lock = NSLock()
        private var calls: [(input: Input, observed: Bool)] = []
        private let result: @Sendable (Input) throws -> Output

        /// A recording query answering `result(input)` (which may throw).
        public init(_ result: @escaping @Sendable (Input) throws -> Output) {
            self.result = result
        }

        /// A recording query answering `value`.
        public convenience init(returning value: Output) {
            self.init { _ in value }
        }

        /// How many times `execute` was called.
        public var executeCount: Int { recorded.filter { !$0.observed }.count }
        /// How many times `observe` was called.
        public var observeCount: Int { recorded.filter(\.observed).count }
        /// The inputs of every call, in order.
        public var inputs: [Input] { recorded.map(\.input) }

        private var recorded: [(input: Input, observed: Bool)] {
            lock.lock()
            defer { lock.unlock() }
            return calls
        }

        private func record(_ input: Input, observed: Bool) {
            lock.lock()
            defer { lock.unlock() }
            calls.append((input, observed))
        }

        public func execute(_ input: Input) async throws -> Output {
            record(input, observed: false)
            return try result(input)
        }

        public func observe(_ input: Input) -> AsyncThrowingStream<Output, any Error> {
            record(input, observed: true)
            let result = result
            return AsyncThrowingStream { continuation in
                continuation.yield(with: Result { try result(input) })
                continuation.finish()
            }
        }
    }
}
