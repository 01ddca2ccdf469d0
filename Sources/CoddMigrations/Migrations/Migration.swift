import Codd
import CoddSchema

/// One named step of a schema's history: annotated SQL (a `Migrations/N.sql` file or a
/// string) or a Swift closure. A ``Migrator`` runs each once, in its own transaction.
public struct Migration: Sendable {
    /// The name recorded when it is applied and shown in errors: the file name for a
    /// migrations folder's file (`1.sql`), else the name it was registered under (`"4"`,
    /// `"createReminders"`).
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

    /// Its place in the numbered sequence: `4` for `4.sql` or a migration named `"4"`;
    /// `nil` for another name, which keeps its place of registration.
    public var number: Int? {
        let digits = name.hasSuffix(".sql") ? name.dropLast(4) : Substring(name)
        guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    /// Whether it is a file of a migrations folder (`4.sql`).
    var isFile: Bool { name.hasSuffix(".sql") }

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
