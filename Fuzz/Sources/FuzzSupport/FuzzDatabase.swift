import CoddSQLite

/// One in-memory database for the whole run: opening one per input would cost more than
/// what is fuzzed. Every access goes through `withConnection`, as a user's would.
public final class FuzzDatabase: @unchecked Sendable {
    public let database: Database

    /// Opens the database and runs `setUp` on it once; a failure here is the harness's
    /// own, not a finding, and stops the run.
    public init(setUp: (Connection) throws -> Void = { _ in }) {
        do {
            database = try Database.inMemory()
            try database.withConnection(setUp)
        } catch {
            fuzzCheck(false, "cannot open the fuzzing database: \(error)")
            preconditionFailure("unreachable")
        }
    }

    /// Runs `body` on the connection; an error it throws is a property failure, since
    /// every target catches the errors its input may cause.
    public func run(_ body: (Connection) throws -> Void) {
        do {
            try database.withConnection(body)
        } catch {
            fuzzCheck(false, "unexpected error: \(error)")
        }
    }
}
