/// A query a view model can hold without holding a database: it runs (`execute`) or
/// watches (`observe`) one query, and a test or a preview hands in a double instead.
///
/// ```swift
/// @MainActor final class RemindersModel {
///     let titles: any Query<Void, [String]>
///     var shown: [String] = []
///     init(titles: any Query<Void, [String]>) { self.titles = titles }
///     func load() async throws { shown = try await titles.execute() }
/// }
///
/// let live = RemindersModel(titles: Queries.Live(database) { db, _ in
///     try db.fetchAll(String.self, #"SELECT "title" FROM "reminders""#)
/// })
/// let preview = RemindersModel(titles: Queries.Just(["Buy milk"]))
/// ```
public protocol Query<Input, Output>: Sendable {
    /// What the query takes (`Void` when nothing).
    associatedtype Input: Sendable
    /// What it returns.
    associatedtype Output: Sendable

    /// Runs the query once.
    func execute(_ input: Input) async throws -> Output

    /// The query's result now and after every change that may alter it.
    func observe(_ input: Input) -> AsyncThrowingStream<Output, any Error>
}

extension Query where Input == Void {
    /// Runs a query that takes no input.
    public func execute() async throws -> Output {
        try await execute(())
    }

    /// Observes a query that takes no input.
    public func observe() -> AsyncThrowingStream<Output, any Error> {
        observe(())
    }
}

/// Query values: live ones on a database, and doubles for tests and previews.
public enum Queries {}
