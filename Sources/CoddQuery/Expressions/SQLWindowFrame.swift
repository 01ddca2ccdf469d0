import CoddCore

/// The frame of a window: which rows of the partition, around the current one, a window
/// function reads. `ROWS` counts rows, `RANGE` compares the `ORDER BY` value, `GROUPS`
/// counts groups of peers (rows equal in the `ORDER BY`).
///
/// ```swift
/// SQLWindowFrame.rows(from: .preceding(2), to: .currentRow)
/// // ROWS BETWEEN 2 PRECEDING AND CURRENT ROW
/// SQLWindowFrame.groups(from: .unboundedPreceding, to: .unboundedFollowing, excluding: .ties)
/// // GROUPS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING EXCLUDE TIES
/// ```
///
/// A frame cannot start at `UNBOUNDED FOLLOWING` nor end at `UNBOUNDED PRECEDING` (SQL's
/// grammar refuses both): ``Start`` and ``End`` have no such case. An offset is written as an
/// integer literal; a negative one, and a `RANGE` offset without exactly one `ORDER BY`
/// term, throw `SQLEncodingError` when the statement renders, as SQLite and PostgreSQL
/// would refuse them.
public struct SQLWindowFrame: Sendable, Hashable {
    /// What the frame's offsets count.
    public enum Unit: Sendable, Hashable {
        case rows, range, groups
    }

    /// Where the frame starts.
    public enum Start: Sendable, Hashable {
        case unboundedPreceding
        case preceding(Int)
        case currentRow
        case following(Int)
    }

    /// Where the frame ends.
    public enum End: Sendable, Hashable {
        case preceding(Int)
        case currentRow
        case following(Int)
        case unboundedFollowing
    }

    /// Rows left out of the frame (`EXCLUDE`); SQL's default keeps them all (`NO OTHERS`).
    public enum Exclusion: Sendable, Hashable {
        /// `EXCLUDE CURRENT ROW`.
        case currentRow
        /// `EXCLUDE GROUP`: the current row and its peers.
        case group
        /// `EXCLUDE TIES`: the current row's peers, not the row itself.
        case ties
    }

    public var unit: Unit
    public var start: Start
    public var end: End
    public var exclusion: Exclusion?

    public init(_ unit: Unit, from start: Start, to end: End = .currentRow, excluding exclusion: Exclusion? = nil) {
        self.unit = unit
        self.start = start
        self.end = end
        self.exclusion = exclusion
    }

    /// `ROWS BETWEEN start AND end`.
    public static func rows(from start: Start, to end: End = .currentRow, excluding exclusion: Exclusion? = nil)
        -> SQLWindowFrame
    {
        SQLWindowFrame(.rows, from: start, to: end, excluding: exclusion)
    }

    /// `RANGE BETWEEN start AND end`: an offset needs exactly one `ORDER BY` term, numeric.
    public static func range(from start: Start, to end: End = .currentRow, excluding exclusion: Exclusion? = nil)
        -> SQLWindowFrame
    {
        SQLWindowFrame(.range, from: start, to: end, excluding: exclusion)
    }

    /// `GROUPS BETWEEN start AND end`.
    public static func groups(from start: Start, to end: End = .currentRow, excluding exclusion: Exclusion? = nil)
        -> SQLWindowFrame
    {
        SQLWindowFrame(.groups, from: start, to: end, excluding: exclusion)
    }

    /// `ROWS BETWEEN … AND … [EXCLUDE …]`; `orders`, the window's `ORDER BY` terms, check
    /// what the frame needs of them.
    func render(into builder: inout SQLBuilder, orders: [SQLOrderingTerm]) throws {
        try check(orders: orders)
        switch unit {
        case .rows: builder.keyword("ROWS BETWEEN")
        case .range: builder.keyword("RANGE BETWEEN")
        case .groups: builder.keyword("GROUPS BETWEEN")
        }
        switch start {
        case .unboundedPreceding: builder.keyword("UNBOUNDED PRECEDING")
        case .preceding(let offset): Self.offset(offset, "PRECEDING", into: &builder)
        case .currentRow: builder.keyword("CURRENT ROW")
        case .following(let offset): Self.offset(offset, "FOLLOWING", into: &builder)
        }
        builder.keyword("AND")
        switch end {
        case .preceding(let offset): Self.offset(offset, "PRECEDING", into: &builder)
        case .currentRow: builder.keyword("CURRENT ROW")
        case .following(let offset): Self.offset(offset, "FOLLOWING", into: &builder)
        case .unboundedFollowing: builder.keyword("UNBOUNDED FOLLOWING")
        }
        switch exclusion {
        case .currentRow: builder.keyword("EXCLUDE CURRENT ROW")
        case .group: builder.keyword("EXCLUDE GROUP")
        case .ties: builder.keyword("EXCLUDE TIES")
        case nil: break
        }
    }

    /// What SQLite or PostgreSQL would refuse, or SQLite read wrongly without a word, refused
    /// here with the reason.
    private func check(orders: [SQLOrderingTerm]) throws {
        let startOffset: Int? =
            switch start {
            case .preceding(let offset), .following(let offset): offset
            default: nil
            }
        let endOffset: Int? =
            switch end {
            case .preceding(let offset), .following(let offset): offset
            default: nil
            }
        for offset in [startOffset, endOffset].compactMap({ $0 }) where offset < 0 {
            throw Self.error("\(offset)", "a window frame's offset must be 0 or more")
        }
        // Preceding rows, the current row, following rows: a frame cannot start in a later
        // part than it ends in (either engine refuses it).
        let startPart =
            switch start {
            case .unboundedPreceding, .preceding: 0
            case .currentRow: 1
            case .following: 2
            }
        let endPart =
            switch end {
            case .preceding: 0
            case .currentRow: 1
            case .following, .unboundedFollowing: 2
            }
        if startPart > endPart {
            throw Self.error(
                "\(start) to \(end)", "a window frame cannot start after the part of the partition it ends in")
        }
        if unit == .groups && orders.isEmpty {
            throw Self.error(
                "GROUPS", "a GROUPS frame needs an ORDER BY in its window (PostgreSQL refuses one without)")
        }
        if unit == .range, startOffset != nil || endOffset != nil {
            guard orders.count == 1 else {
                throw Self.error(
                    "RANGE",
                    "a RANGE frame with an offset needs exactly one ORDER BY term in its window, not \(orders.count)")
            }
            guard orders[0].ordersByAPlainNumber else {
                throw Self.error(
                    "RANGE",
                    "a RANGE frame's offset counts in the ORDER BY value, which must be a plain number (an Int or a Double column): SQLite reads other values wrongly, PostgreSQL refuses them"
                )
            }
        }
    }

    private static func error(_ preview: String, _ reason: String) -> SQLEncodingError {
        SQLEncodingError(type: "SQLWindowFrame", valuePreview: preview, reason: reason)
    }

    private static func offset(_ offset: Int, _ direction: StaticString, into builder: inout SQLBuilder) {
        builder.integer(Int64(offset))
        builder.keyword(direction)
    }
}

extension SQLOrderingTerm {
    /// Whether the term orders by a number stored and compared as it is: what a `RANGE`
    /// offset counts in, on both engines.
    var ordersByAPlainNumber: Bool {
        func plain<E: SQLExpression>(_ expression: E) -> Bool {
            let storage = E.QueryValue.storage
            return (storage == .integer || storage == .real) && E.QueryValue.comparesUnwrapped
                && !(E.QueryValue.self is any SQLNativelyTyped.Type)
        }
        return plain(expression)
    }
}
