import CoddCore
import CoddQuery
import CoddSQLite

// Observation and injectable queries of DSL statements: the rows of a statement, now and
// after every commit that changed a table it reads.

extension DatabaseWriter {
    /// The rows of `statement` now and after every committed transaction that changed a
    /// table it reads (SQLite reports the tables while it prepares the statement).
    ///
    /// ```swift
    /// for try await reminders in database.observe(Reminder.order(by: \.title)) {
    ///     print(reminders.map(\.title))
    /// }
    /// ```
    public func observe<S: SQLSelectStatement>(_ statement: S) -> DatabaseObservation<[S.Row.Fetched]>
    where S.Row.Fetched: Sendable {
        observe { db in try statement.fetchAll(db) }
    }

    /// The first row of `statement` (or `nil`) now and after every committed transaction
    /// that changed a table it reads.
    public func observeOne<S: SQLSelectStatement>(_ statement: S) -> DatabaseObservation<S.Row.Fetched?>
    where S.Row.Fetched: Sendable {
        observe { db in try statement.fetchOne(db) }
    }
}

extension Queries.Live {
    /// A live query of the rows of `statement`.
    ///
    /// ```swift
    /// let reminders: any Query<Void, [Reminder]> = Queries.Live(database, Reminder.order(by: \.title))
    /// ```
    public init<S: SQLSelectStatement>(_ database: any DatabaseWriter, _ statement: S)
    where Input == Void, Output == [S.Row.Fetched], S.Row.Fetched: Sendable {
        self.init(database) { db, _ in try statement.fetchAll(db) }
    }

    /// A live query of the rows of the statement `makeStatement` builds from the input.
    ///
    /// ```swift
    /// let byPriority = Queries.Live(database) { (priority: Priority) in
    ///     Reminder.where { $0.priority == priority }
    /// }
    /// ```
    public init<S: SQLSelectStatement>(
        _ database: any DatabaseWriter, statement makeStatement: @escaping @Sendable (Input) -> S
    )
    where Output == [S.Row.Fetched], S.Row.Fetched: Sendable {
        self.init(database) { db, input in try makeStatement(input).fetchAll(db) }
    }
}
