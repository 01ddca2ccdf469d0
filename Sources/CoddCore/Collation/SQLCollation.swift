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
///
/// A collation written in Swift carries its comparison
/// (``init(_:compare:)``, ``init(_:comparingUTF8:)``): the SQLite driver registers it on a
/// connection (`db.add(collation:)`, or `Configuration.add(collation:)` for every
/// connection), and registers it by itself on a connection that runs a statement whose
/// rendering named it. Two collations are the same collation when their names are, as SQLite
/// sees it (case aside).
public struct SQLCollation: Hashable, Sendable, CustomStringConvertible {
    /// The name SQL uses for the collation (case-insensitive in SQLite).
    public let name: String

    /// How the collation compares, for one written in Swift; `nil` for a collation known by
    /// name only (built in, or registered by other code).
    public let comparison: SQLCollationComparison?

    /// The collation `name`, built in or registered on the connection.
    public init(_ name: String) {
        self.name = name
        self.comparison = nil
    }

    /// The collation `name`, compared by `comparison`.
    public init(_ name: String, comparison: SQLCollationComparison) {
        self.name = name
        self.comparison = comparison
    }

    /// Byte-wise comparison (`memcmp`): SQLite's default.
    public static let binary = SQLCollation("BINARY")
    /// ASCII case folded (`A` equals `a`, `É` does not equal `é`).
    public static let nocase = SQLCollation("NOCASE")
    /// Trailing spaces ignored, otherwise ``binary``.
    public static let rtrim = SQLCollation("RTRIM")

    public var description: String { name }

    /// The name as SQLite matches it: ASCII letters folded.
    public var normalizedName: String {
        String(decoding: name.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    public static func == (lhs: SQLCollation, rhs: SQLCollation) -> Bool {
        lhs.normalizedName == rhs.normalizedName
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(normalizedName)
    }
}

extension SQLBuilder {
    /// `COLLATE "name"`, appended after the expression it collates. A collation written in
    /// Swift is noted in the fragment (``SQLFragment/collations``), so the driver registers
    /// it on the connection before the statement runs.
    public mutating func collate(_ collation: SQLCollation) {
        keyword("COLLATE")
        identifier(collation.name)
        if collation.comparison != nil { note(collation) }
    }
}
