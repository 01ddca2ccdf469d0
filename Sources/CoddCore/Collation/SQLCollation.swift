/// A collating sequence by name: how text compares in `=`, `<`, `ORDER BY`, `GROUP BY`
/// and an index.
///
/// SQLite ships three (``binary``, ``nocase``, ``rtrim``); others are registered on a
/// connection before a statement names them. The name is rendered as a quoted
/// identifier:
///
/// ```swift
/// builder.collate(.nocase)   // COLLATE "NOCASE"
/// ```
public struct SQLCollation: Hashable, Sendable, CustomStringConvertible {
    /// The name SQL uses for the collation (case-insensitive in SQLite).
    public let name: String

    /// The collation `name`, built in or registered on the connection.
    public init(_ name: String) {
        self.name = name
    }

    /// Byte-wise comparison (`memcmp`): SQLite's default.
    public static let binary = SQLCollation("BINARY")
    /// ASCII case folded (`A` equals `a`, `É` does not equal `é`).
    public static let nocase = SQLCollation("NOCASE")
    /// Trailing spaces ignored, otherwise ``binary``.
    public static let rtrim = SQLCollation("RTRIM")

    public var description: String { name }
}

extension SQLBuilder {
    /// `COLLATE "name"`, appended after the expression it collates.
    public mutating func collate(_ collation: SQLCollation) {
        keyword("COLLATE")
        identifier(collation.name)
    }
}
