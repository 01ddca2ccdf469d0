#if PostgreSQL
import CoddCore
import PostgresNIO

/// An error from PostgreSQL or from the connection to it: the SQLSTATE and message the
/// server sent (`23505`, `duplicate key value violates unique constraint …`), or what
/// went wrong with the connection, and the SQL that was running.
///
/// Bound values are never included: they may hold personal data.
public struct PGError: Error, Sendable, CustomStringConvertible {
    /// What failed.
    public enum Kind: Sendable, Hashable {
        /// The server rejected the statement or the login: see ``PGError/sqlState``.
        case server
        /// The connection failed or was closed (the server stopped, a network error).
        case connection
        /// The statement was cancelled (its task was).
        case cancelled
        /// The login failed before any statement ran (wrong password, missing database):
        /// ``PGError/sqlState`` says which (`28P01`, `3D000`).
        case login
        /// Codd's own misuse check: a statement the driver cannot run as given, or a result
        /// of more or fewer columns than the row type fetched reads by position (`The query
        /// returns 3 column(s) but (Int, String) reads 2`).
        case misuse
    }

    public var kind: Kind
    /// PostgreSQL's five-character SQLSTATE code, when the server sent one: `23505`
    /// (unique violation), `28P01` (wrong password), `3D000` (no such database), `57014`
    /// (cancelled).
    public var sqlState: String?
    /// The server's message, or a description of the connection failure.
    public var message: String
    /// The SQL that was running, if any.
    public var sql: String?

    public init(kind: Kind, sqlState: String? = nil, message: String, sql: String? = nil) {
        self.kind = kind
        self.sqlState = sqlState
        self.message = message
        self.sql = sql
    }

    public var description: String {
        var text = "PostgreSQL \(kind)"
        if let sqlState { text += " [\(sqlState)]" }
        text += ": \(message)"
        if let sql { text += " (SQL: \(SQLValuePreview.statement(sql)))" }
        return text
    }

    /// A result of `count` columns for a row type that reads `reads` of them by position:
    /// hand-written SQL that selects more or fewer columns than the type declares. Unchecked,
    /// an extra column is dropped unseen and a missing one reads as NULL (an optional field
    /// `nil`). SQLite's check, with its message.
    static func columnCount(_ count: Int, reads: Int, type: Any.Type, sql: String) -> PGError {
        PGError(kind: .misuse, message: "The query returns \(count) column(s) but \(type) reads \(reads)", sql: sql)
    }

    /// The connection is gone: it closed, or the server ended it (SQLSTATE class `08`,
    /// connection exception, or `57P`, operator intervention: terminated by an
    /// administrator, a shutdown, a crash), so no later statement can run on it.
    ///
    /// Codd begins a transaction again on another connection when its `BEGIN` meets a lost
    /// connection; a statement outside a transaction is never run again, since it may have
    /// run: an app that knows its statement is safe to repeat checks this and retries.
    public var isConnectionLoss: Bool {
        kind == .connection || sqlState.map { $0.hasPrefix("08") || $0.hasPrefix("57P") } == true
    }

    /// `error` as a `PGError`: PostgreSQL's SQLSTATE and message for a server error,
    /// the connection failure otherwise; other errors (Codd's own, cancellation) unchanged.
    static func wrap(_ error: any Error, sql: String?, login: Bool = false) -> any Error {
        if error is PGError || error is SQLDecodingError || error is SQLEncodingError { return error }
        if error is CancellationError {
            return PGError(kind: .cancelled, sqlState: "57014", message: "the task was cancelled", sql: sql)
        }
        guard let psql = error as? PSQLError else {
            if let transaction = error as? PostgresTransactionError {
                return wrap(
                    transaction.closureError ?? transaction.beginError ?? transaction.commitError ?? error, sql: sql)
            }
            return error
        }
        if let info = psql.serverInfo {
            let state = info[.sqlState]
            let message = info[.message] ?? "no message"
            let kind: Kind =
                state == "57014"
                ? .cancelled : (login || state?.hasPrefix("28") == true || state == "3D000") ? .login : .server
            return PGError(kind: kind, sqlState: state, message: message, sql: sql)
        }
        switch psql.code {
        case .queryCancelled:
            return PGError(kind: .cancelled, sqlState: "57014", message: "the statement was cancelled", sql: sql)
        default:
            var message = psql.code.description
            if let underlying = psql.underlying { message += ": \(String(describing: underlying))" }
            return PGError(kind: login ? .login : .connection, message: message, sql: sql)
        }
    }
}
extension PGError: SQLConstraintViolationReporting {
    /// The kind its SQLSTATE names: `23505` (unique, the primary key included), `23503`
    /// (foreign key), `23502` (not null), `23514` (check).
    public var constraintViolation: SQLConstraintViolation? {
        guard kind == .server else { return nil }
        switch sqlState {
        case "23505": return .unique
        case "23503": return .foreignKey
        case "23502": return .notNull
        case "23514": return .check
        default: return nil
        }
    }
}
#endif
