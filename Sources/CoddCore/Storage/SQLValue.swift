/// A value in one of SQLite's storage classes.
///
/// `SQLValue` is what a ``SQLBuilder`` collects for each `?` placeholder, and what it
/// renders as a literal in its inline form. The per-row paths (decoding a column,
/// binding a parameter) never box values into it.
public enum SQLValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    /// The storage class of the value.
    public var storage: SQLStorage {
        switch self {
        case .null: .null
        case .integer: .integer
        case .real: .real
        case .text: .text
        case .blob: .blob
        }
    }
}

extension SQLValue: CustomStringConvertible {
    /// The value as an SQL literal, for messages (`NULL`, `42`, `'it''s'`, `X'00FF'`).
    ///
    /// A real that is not finite has no literal; it is shown as Swift prints it.
    public var description: String {
        var builder = SQLBuilder(mode: .inlineLiterals)
        do {
            try builder.literal(self)
            return builder.sql
        } catch {
            if case .real(let value) = self { return "\(value)" }
            return "<\(storage)>"
        }
    }
}
