import Codd
import CoddSchema

/// One named step of a schema's history: annotated SQL (a `Migrations/N.sql` file or a
/// string) or a Swift closure. A ``Migrator`` runs each once, in its own transaction.
public struct Migration: Sendable {
    /// The name recorded when it is applied (`1.sql`, `createReminders`).
    public let name: String
    /// The SHA-256 of its SQL as written (annotations included), recorded when it is
    /// applied; empty for a Swift migration, whose code cannot be compared.
    public let checksum: String
    let body: Body

    enum Body: Sendable {
        case sql(AnnotatedSQL)
        case swift(@Sendable (Connection) throws -> Void)
    }

    /// The parsed SQL of a SQL migration.
    public var sql: AnnotatedSQL? {
        if case .sql(let sql) = body { sql } else { nil }
    }

    init(name: String, sql: AnnotatedSQL) {
        self.name = name
        self.checksum = SHA256.hex(sql.source)
        self.body = .sql(sql)
    }

    init(name: String, body: @escaping @Sendable (Connection) throws -> Void) {
        self.name = name
        self.checksum = ""
        self.body = .swift(body)
    }
}
