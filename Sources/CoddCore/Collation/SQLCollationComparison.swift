import Foundation

/// How a collation written in Swift compares two texts: what `db.add(collation:)` registers.
///
/// SQLite hands a collation the UTF-8 bytes of the two texts as stored. A comparison makes
/// one ``SQLTextComparator`` per connection (a connection runs on one thread at a time, so a
/// comparator may keep state, such as an ICU collator, without a lock).
///
/// The order must be total and stable, as an index needs: `compare(a, b)` is the opposite
/// of `compare(b, a)`, equal texts compare equal, and the answer never changes for the same
/// two texts.
public final class SQLCollationComparison: Sendable {
    private let factory: @Sendable () throws -> any SQLTextComparator

    /// A comparison whose per-connection comparator `makeComparator` makes (it may throw:
    /// an ICU locale that cannot be opened is a typed error when the collation is registered).
    public init(makeComparator: @escaping @Sendable () throws -> any SQLTextComparator) {
        self.factory = makeComparator
    }

    /// A comparator for one connection.
    public func makeComparator() throws -> any SQLTextComparator {
        try factory()
    }

    /// A comparison of the UTF-8 bytes, allocation-free: negative, zero or positive as the
    /// first text sorts before, with or after the second.
    public static func utf8(
        _ compare: @escaping @Sendable (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Int
    ) -> SQLCollationComparison {
        let comparator = UTF8Comparator(compare)
        return SQLCollationComparison { comparator }
    }

    /// A comparison of the texts as `String`s. Bytes that are not UTF-8 (SQLite stores what
    /// it is given) are read with U+FFFD in their place, so every text has a place in the
    /// order. Each comparison makes two `String`s: a hot `ORDER BY` is faster with ``utf8(_:)``.
    public static func strings(_ compare: @escaping @Sendable (String, String) -> ComparisonResult)
        -> SQLCollationComparison
    {
        utf8 { lhs, rhs in
            compare(String(decoding: lhs, as: UTF8.self), String(decoding: rhs, as: UTF8.self)).rawValue
        }
    }
}

/// Compares two texts for a collation, on one connection (never two threads at once).
public protocol SQLTextComparator: AnyObject {
    /// Negative, zero or positive as `lhs` sorts before, with or after `rhs` (UTF-8 bytes).
    func compare(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Int
}

/// A stateless comparison shared by every connection.
private final class UTF8Comparator: SQLTextComparator, Sendable {
    let body: @Sendable (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Int

    init(_ body: @escaping @Sendable (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Int) {
        self.body = body
    }

    func compare(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Int {
        body(lhs, rhs)
    }
}

extension SQLCollation {
    /// A collation written in Swift, comparing `String`s:
    ///
    /// ```swift
    /// let byLength = SQLCollation("byLength") { lhs, rhs in
    ///     lhs.count == rhs.count ? (lhs < rhs ? .orderedAscending : lhs == rhs ? .orderedSame : .orderedDescending)
    ///         : lhs.count < rhs.count ? .orderedAscending : .orderedDescending
    /// }
    /// // … ORDER BY "title" COLLATE "byLength"
    /// ```
    public init(_ name: String, compare: @escaping @Sendable (String, String) -> ComparisonResult) {
        self.init(name, comparison: .strings(compare))
    }

    /// A collation written in Swift, comparing UTF-8 bytes without allocating: negative,
    /// zero or positive as the first text sorts before, with or after the second.
    public init(
        _ name: String,
        comparingUTF8 compare: @escaping @Sendable (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Int
    ) {
        self.init(name, comparison: .utf8(compare))
    }
}

extension SQLBuilder {
    /// Notes that the statement names `collation`, written in Swift: the driver registers
    /// it on the connection before the statement runs.
    public mutating func note(_ collation: SQLCollation) {
        if !collations.contains(collation) { collations.append(collation) }
    }
}
