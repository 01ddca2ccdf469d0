import Foundation
import CoddCore

/// The clauses of a SELECT, untyped: what ``Select`` builds and renders.
package struct SelectCore: Sendable {
    /// A table read by the statement: the FROM table or a joined one.
    struct Source: Sendable {
        var tableName: String
        var alias: String?
        /// What the statement's closures qualified this table's columns with: unique to
        /// the statement, mapped to ``qualifier`` when it renders.
        var token: String
        var join: StaticString?
        var condition: (any SQLExpression)?
        /// Conditions and default scopes that restrict this (outer-joined) table: rendered
        /// in its `ON`, where they restrict the table rather than the result.
        var onTerms: [Term] = []
        var scopes: [PendingScope] = []
        /// The table's columns, rendered for a statement that selects whole rows (a
        /// metatype, not a closure: a source is built with no allocation for it).
        var columns: any TableDefinition.Type

        var qualifier: String { alias ?? tableName }
    }

    /// A condition, and the tokens its columns must be read as: a condition built for
    /// another statement (a scope, a default scope) applies to this statement's table.
    struct Term: Sendable {
        var expression: any SQLExpression
        /// Applied last to first: `from` renders as `to` renders.
        var remaps: [Remap] = []
    }

    struct Remap: Sendable {
        var from: String
        var to: String
    }

    /// A table's default scope, resolved when the statement renders.
    struct PendingScope: Sendable {
        /// Identifies the entry point the statement came from: the default scope is not
        /// applied to itself, nor to statements built from it.
        var lineage: UInt64
        /// The token of the source the scope restricts.
        var target: String
        var resolve: @Sendable () -> SelectCore
    }

    var sources: [Source] {
        didSet { tokens = sources.map(\.token) }
    }
    /// Each source's token, in order: what query closures' columns are built from, kept
    /// with the sources so building a statement's closure scope allocates nothing.
    private(set) var tokens: [String]
    var isDistinct = false
    var selection: (any SQLSelectable)?
    var wheres: [Term] = []
    var groups: [any SQLExpression] = []
    var havings: [Term] = []
    var orders: [SQLOrderingTerm] = []
    var limit: (any SQLExpression)?
    var offset: (any SQLExpression)?
    var scopes: [PendingScope] = []
    var lineage: UInt64?
    var compounds: [(op: StaticString, core: SelectCore)] = []
    /// Renders `SELECT count(*)` instead (see ``renderCount(into:)``).
    var countsRows = false
    /// Names a single selected expression (`… AS "value"`), for `IN` subqueries.
    var selectionAlias: String?
    /// Why the statement cannot render: a joined statement that carried more than conditions.
    var joinError: SQLEncodingError?
    /// Renders no FROM: a row of values (`SELECT 1 AS "value"`), a recursive CTE's seed row.
    var readsNoTable = false

    init(source: Source) {
        self.sources = [source]
        self.tokens = [source.token]
    }

    /// Whether columns can render bare: one table, under its own name. (A compound or a
    /// subquery that reads another table makes the render qualify every column.)
    var readsOneTable: Bool {
        sources.count == 1 && sources[0].alias == nil && compounds.allSatisfy(\.core.readsOneTable)
    }

    /// Whether the statement returns every row of its one table: no condition (its default
    /// scope's included), join, grouping, limit, offset or compound.
    var readsEveryRow: Bool {
        sources.count == 1 && groups.isEmpty && havings.isEmpty && limit == nil && offset == nil
            && compounds.isEmpty && !countsRows && !readsNoTable && joinError == nil
            && resolvedWheres().isEmpty
    }

    /// The conditions of the default scopes that apply, then the statement's own.
    func resolvedWheres() -> [Term] {
        if scopes.isEmpty { return wheres }
        let resolved = Self.resolve(scopes)
        return resolved.isEmpty ? wheres : resolved + wheres
    }

    /// The conditions of `scopes`, read as conditions on their targets.
    static func resolve(_ scopes: [PendingScope]) -> [Term] {
        var terms: [Term] = []
        for scope in scopes {
            let defaultScope = scope.resolve()
            // A statement built from the default scope already holds its conditions.
            guard defaultScope.lineage != scope.lineage, !defaultScope.wheres.isEmpty else { continue }
            let remap = Remap(from: defaultScope.sources[0].token, to: scope.target)
            terms += defaultScope.wheres.map { Term(expression: $0.expression, remaps: $0.remaps + [remap]) }
        }
        return terms
    }

    /// Maps every source's token to its qualifier, for the statement's render.
    func mapTokens(in builder: inout SQLBuilder) {
        for source in sources {
            builder.qualifierMap[source.token] = source.qualifier
        }
        for compound in compounds {
            compound.core.mapTokens(in: &builder)
        }
    }

    func render(into builder: inout SQLBuilder) throws {
        mapTokens(in: &builder)
        if let joinError { throw joinError }
        if countsRows {
            try renderCount(into: &builder)
            return
        }
        builder.keyword("SELECT")
        if isDistinct { builder.keyword("DISTINCT") }
        try builder.list { builder in
            if let selection {
                try selection.renderSelection(into: &builder, alias: selectionAlias)
            } else {
                for source in sources {
                    try source.columns.init(qualifier: source.token).renderSelection(into: &builder, alias: nil)
                }
            }
        }
        if !readsNoTable { try renderFrom(into: &builder) }
        if scopes.isEmpty {
            try Self.render(terms: wheres, keyword: "WHERE", into: &builder)
        } else {
            try Self.render(terms: resolvedWheres(), keyword: "WHERE", into: &builder)
        }
        if !groups.isEmpty {
            builder.keyword("GROUP BY")
            try builder.list { builder in
                for group in groups { try builder.listItem { try group.render(into: &$0) } }
            }
        }
        try Self.render(terms: havings, keyword: "HAVING", into: &builder)
        for compound in compounds {
            builder.keyword(compound.op)
            if compound.core.hasOrderingOrLimit {
                // ORDER BY and LIMIT in an operand would apply to the whole compound.
                builder.keyword("SELECT * FROM")
                try builder.parenthesized { try compound.core.render(into: &$0) }
            } else {
                try compound.core.render(into: &builder)
            }
        }
        if !orders.isEmpty {
            builder.keyword("ORDER BY")
            try builder.list { builder in
                for order in orders { try builder.listItem { try order.render(into: &$0) } }
            }
        }
        if let limit {
            builder.keyword("LIMIT")
            try limit.render(into: &builder)
        }
        if let offset {
            builder.keyword("OFFSET")
            try offset.render(into: &builder)
        }
    }

    func renderFrom(into builder: inout SQLBuilder) throws {
        builder.keyword("FROM")
        for (index, source) in sources.enumerated() {
            if index > 0, let join = source.join { builder.keyword(join) }
            builder.identifier(source.tableName)
            builder.noteQualifier(source.qualifier)
            if let alias = source.alias {
                builder.keyword("AS")
                builder.identifier(alias)
            }
            if let condition = source.condition {
                builder.keyword("ON")
                let scopeTerms = Self.resolve(source.scopes) + source.onTerms
                if scopeTerms.isEmpty {
                    try condition.render(into: &builder)
                } else {
                    // An outer-joined table's default scope restricts the table, not the result.
                    try condition.renderOperand(into: &builder)
                    for term in scopeTerms {
                        builder.keyword("AND")
                        try Self.render(term, into: &builder)
                    }
                }
            }
        }
    }

    /// Whether ORDER BY, LIMIT or OFFSET would change what the statement returns.
    var hasOrderingOrLimit: Bool {
        !orders.isEmpty || limit != nil || offset != nil
    }

    /// Whether the statement is more than conditions on one table: what a joined
    /// statement, an UPDATE or a DELETE can take directly.
    var isPlainFilter: Bool {
        sources.count == 1 && !isDistinct && groups.isEmpty && havings.isEmpty
            && !hasOrderingOrLimit && compounds.isEmpty && selection == nil
    }

    /// `SELECT count(*)`: over the conditions, or over the rows of the whole statement
    /// when it limits, groups, deduplicates or combines them.
    func renderCount(into builder: inout SQLBuilder) throws {
        var counted = self
        counted.countsRows = false
        if isDistinct || !groups.isEmpty || limit != nil || offset != nil || !compounds.isEmpty {
            builder.keyword("SELECT count(*) FROM")
            try builder.parenthesized { try counted.render(into: &$0) }
        } else {
            counted.selection = SQLCountAll()
            counted.orders = []
            try counted.render(into: &builder)
        }
    }

    /// `WHERE (a) AND (b)`: each condition parenthesized unless it is a plain column.
    static func render(terms: [Term], keyword: StaticString, into builder: inout SQLBuilder) throws {
        guard !terms.isEmpty else { return }
        builder.keyword(keyword)
        for (index, term) in terms.enumerated() {
            if index > 0 { builder.keyword("AND") }
            try render(term, into: &builder)
        }
    }

    /// One condition, its tokens remapped, parenthesized unless it is a plain column.
    static func render(_ term: Term, into builder: inout SQLBuilder) throws {
        try withRemaps(term.remaps, in: &builder) { builder in
            if term.expression.isPlainRepresentation {
                try term.expression.render(into: &builder)
            } else {
                try builder.parenthesized { try term.expression.render(into: &$0) }
            }
        }
    }

    /// Runs `body` with each remap's `from` token rendering as its `to` token does
    /// (applied last to first), then restores the map.
    static func withRemaps(_ remaps: [Remap], in builder: inout SQLBuilder, _ body: (inout SQLBuilder) throws -> Void) rethrows {
        guard !remaps.isEmpty else { return try body(&builder) }
        let saved = builder.qualifierMap
        defer { builder.qualifierMap = saved }
        for remap in remaps.reversed() {
            builder.qualifierMap[remap.from] = builder.qualifierMap[remap.to] ?? remap.to
        }
        try body(&builder)
    }
}

/// A fresh identity for a statement built from a table's entry point: a process-wide
/// counter (not a random number: that is a system call per query).
enum Lineage {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var counter: UInt64 = 0

    static func next() -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        counter &+= 1
        return counter
    }

    /// The qualifier token of a new statement, never valid SQL on its own: for lineage
    /// number `number`: `\u{2}#` and the number in base 36, at most
    /// 15 bytes, so a small string that allocates nothing.
    static func token(_ number: UInt64) -> String {
        // Written byte by byte into a small string: `String(number, radix: 36)` and a
        // concatenation cost hundreds of instructions for every statement built.
        var count = 1
        var rest = number / 36
        while rest > 0 {
            count += 1
            rest /= 36
        }
        let digits: StaticString = "0123456789abcdefghijklmnopqrstuvwxyz"
        return String(unsafeUninitializedCapacity: 2 + count) { buffer in
            buffer[0] = 2
            buffer[1] = UInt8(ascii: "#")
            var rest = number
            for index in stride(from: 1 + count, through: 2, by: -1) {
                buffer[index] = digits.utf8Start[Int(rest % 36)]
                rest /= 36
            }
            return 2 + count
        }
    }

}
