/// One of SQLite's five storage classes.
///
/// Every value SQLite holds has exactly one of these classes, whatever a column's
/// declared type says. A ``SQLCustomType`` declares the class it stores itself as, and
/// decoding checks the class it finds against it, so that a TEXT value never silently
/// becomes an integer.
public enum SQLStorage: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case integer
    case real
    case text
    case blob
    case null

    /// The SQL name of the storage class: `INTEGER`, `REAL`, `TEXT`, `BLOB` or `NULL`.
    public var description: String {
        switch self {
        case .integer: "INTEGER"
        case .real: "REAL"
        case .text: "TEXT"
        case .blob: "BLOB"
        case .null: "NULL"
        }
    }

    /// Resolves a storage class from its SQL name, case-insensitively (`"text"`, `"TEXT"`).
    public init?(name: some StringProtocol) {
        switch name.uppercased() {
        case "INTEGER": self = .integer
        case "REAL": self = .real
        case "TEXT": self = .text
        case "BLOB": self = .blob
        case "NULL": self = .null
        default: return nil
        }
    }
}
