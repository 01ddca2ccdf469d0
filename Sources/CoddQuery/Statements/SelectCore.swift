import Foundation
import CoddCore

/// The clauses of a SELECT, untyped: what ``Select`` builds and renders.
///
/// `@usableFromInline`: the DSL's entry points are inlinable, so that a query built in the
/// caller's module specializes for its table (a generic one looked its types up at run
/// time, about 4,000 instructions a query); what they set here is all they touch.
@usableFromInline
package struct SelectCore: Sendable {
    /// A table read by the statement: the FROM table or a joined one.
    struct Source: Sendable {
        var tableName: String
        var alias: String?
        /// What the statement's closures qualified this table's columns with: unique to
        /// the statement, mapped to ``qualifier`` when it renders.
        var token: String
        var join: StaticString?
        var condition: (any SQLExpression)? {
            didSet { hasCondition = condition != nil }
        }
        /// Whether ``condition`` is set, asked without copying it (a test of an optional
        /// existential copies it: about 35 instructions each, on every render).
        private(set) var hasCondition = false
        /// Conditions and default scopes that restrict this (outer-joined) table: rendered
        /// in its `ON`, where they restrict the table rather than the result.
        var onTerms: [Term] = []
        var scopes: [PendingScope] = []
        /// The table's columns, rendered for a statement that selects whole rows (a
        /// metatype, not a closure: a source is built with no allocation for it).
        var columns: any TableDefinition.Type
        /// A table-valued function call read in place of the table (`json_each(?)`), its
        /// columns qualified by ``tableName`` (or the alias).
        var tableFunction: (any SQLExpression)? {
            didSet { hasTableFunction = tableFunction != nil }
        }
        private(set) var hasTableFunction = false

        var qualifier: String { alias ?? tableName }

        /// A source with no condition yet: a join sets ``condition`` after (the optional
        /// starts as `nil`; assigning or dropping a `nil` argument cost about 100 instructions
        /// a statement).
        init(tableName: String, alias: String?, token: String, join: StaticString?, columns: any TableDefinition.Type) {
            self.tableName = tableName
            self.alias = alias
            self.token = token
            self.join = join
            self.columns = columns
        }
    }

    /// A condition, and the tokens its columns must be read as: a condition built for
    /// another statement (a scope, a default scope) applies to this statement's table.
    @usableFromInline
    struct Term: Sendable {
        var expression: any SQLExpression
        /// Applied last to first: `from` renders as `to` renders.
        var remaps: [Remap]

        @usableFromInline
        init(expression: any SQLExpression, remaps: [Remap] = []) {
            self.expression = expression
            self.remaps = remaps
        }

        /// What an empty list of conditions holds inline, never read (nothing allocated:
        /// the literal fits in the existential).
        @usableFromInline
        static var placeholder: Term { Term(expression: SQLBoolLiteral(true)) }
    }

    @usableFromInline
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
        /// The table whose `all` is the scope (a metatype, not a closure: nothing to allocate).
        var table: any Table.Type

        /// The table's default scope, or `nil` when the table keeps the protocol's `all`.
        func resolve() -> SelectCore? {
            DefaultScopes.scope(of: table)
        }
    }

    /// The FROM table, held inline, then the joined ones. Hot paths read `sources.head` and
    /// `sources.tail` directly: the subscript is a coroutine, and its caller copies the source.
    var sources: InlineFirstArray<Source>
    @usableFromInline var isDistinct = false
    /// The selection, `nil` for the tables' whole rows.
    @usableFromInline var selection: (any SQLSelectable)? {
        get { hasSelection ? selectionStorage : nil }
        set {
            if let newValue { select(newValue) } else { clearSelection() }
        }
    }

    /// Sets the selection: what a `select` calls, storing it with no optional to test or
    /// copy (about 200 instructions a query).
    @inlinable
    mutating func select(_ selection: consuming some SQLSelectable) {
        selectionStorage = selection
        hasSelection = true
    }

    /// No selection: the tables' whole rows.
    @usableFromInline
    mutating func clearSelection() {
        selectionStorage = SQLBoolLiteral(true)
        hasSelection = false
    }
    /// ``selection`` held without an optional, so that a render opens it in place (binding
    /// an optional existential copies it: about 150 instructions a query); until
    /// ``hasSelection``, a literal that is never rendered (it fits the existential: nothing
    /// allocated).
    @usableFromInline var selectionStorage: any SQLSelectable = SQLBoolLiteral(true)
    /// Whether there is a selection: asked per `select`, where testing the optional
    /// existential copied it (about 150 instructions a point query).
    @usableFromInline var hasSelection = false
    @usableFromInline var wheres = InlineFirstArray(placeholder: Term.placeholder)
    @usableFromInline var orders: [SQLOrderingTerm] = []
    @usableFromInline var limit: (any SQLExpression)? {
        didSet { hasLimit = limit != nil }
    }
    /// Whether `limit` is set, asked without copying it (a test of an optional existential
    /// copies it).
    @usableFromInline private(set) var hasLimit = false
    var lineage: UInt64?
    /// Renders `SELECT count(*)` instead (see ``renderCount(into:)``).
    @usableFromInline var countsRows = false

    /// The clauses most statements never set, in one box (`nil` until one is): see
    /// ``Uncommon``.
    @usableFromInline var uncommon: Uncommon?

    /// `GROUP BY`'s expressions.
    @usableFromInline var groups: [any SQLExpression] {
        get { uncommon?.groups ?? [] }
        _modify { yield &uniqueUncommon().groups }
    }
    /// `HAVING`'s conditions.
    @usableFromInline var havings: [Term] {
        get { uncommon?.havings ?? [] }
        _modify { yield &uniqueUncommon().havings }
    }
    @usableFromInline var offset: (any SQLExpression)? {
        get { uncommon?.offset }
        _modify { yield &uniqueUncommon().offset }
    }
    /// The default scopes to resolve when the statement renders.
    var scopes: [PendingScope] {
        get { uncommon?.scopes ?? [] }
        _modify { yield &uniqueUncommon().scopes }
    }
    /// `UNION`, `INTERSECT` and `EXCEPT` operands, in order.
    var compounds: [(op: StaticString, core: SelectCore)] {
        get { uncommon?.compounds ?? [] }
        _modify { yield &uniqueUncommon().compounds }
    }
    /// Names a single selected expression (`… AS "value"`), for `IN` subqueries.
    var selectionAlias: String? {
        get { uncommon?.selectionAlias }
        _modify { yield &uniqueUncommon().selectionAlias }
    }
    /// Why the statement cannot render: a joined statement that carried more than conditions.
    var joinError: SQLEncodingError? {
        get { uncommon?.joinError }
        _modify { yield &uniqueUncommon().joinError }
    }

    /// ``uncommon``, made first, or copied if another statement shares it: what a write of
    /// one of its clauses goes through (copy on write, as for an array).
    @usableFromInline
    mutating func uniqueUncommon() -> Uncommon {
        if !isKnownUniquelyReferenced(&uncommon) {
            uncommon = uncommon.map { $0.copy() } ?? Uncommon()
        }
        return uncommon.unsafelyUnwrapped
    }
    /// Renders no FROM: a row of values (`SELECT 1 AS "value"`), a recursive CTE's seed row.
    var readsNoTable = false
    /// Set only by the protocol's own `Table.all`: the table has no default scope.
    var isProtocolDefaultScope = false

    init(source: consuming Source) {
        self.sources = InlineFirstArray(first: source)
    }

    /// The token of the source at `index`: what query closures' columns are qualified
    /// with (read in place, so building a closure's scope allocates nothing).
    @usableFromInline
    func token(at index: Int) -> String {
        index == 0 ? sources.head.token : sources.tail[index - 1].token
    }

    /// All rows of a table, with no default scope: `SELECT … FROM "table"`.
    @usableFromInline
    init(tableName: String, columns: any TableDefinition.Type) {
        self.init(tableName: tableName, columns: columns, token: Lineage.token(Lineage.next()))
    }

    init(tableName: String, columns: any TableDefinition.Type, token: String) {
        self.init(
            source: Source(tableName: tableName, alias: nil, token: token, join: nil, columns: columns))
    }

    /// A statement of `table` that starts from its default scope, resolved at render time
    /// (`all` is not read here: `static let all = Self.where { … }` builds its own value
    /// with this).
    @usableFromInline
    static func scoped(table: any Table.Type, tableName: String, columns: any TableDefinition.Type) -> SelectCore {
        // One number names both the statement's lineage and its table token.
        let (lineage, tableIsUnscoped) = Lineage.next(for: table)
        var core = SelectCore(tableName: tableName, columns: columns, token: Lineage.token(lineage))
        core.lineage = lineage
        // A table known to keep the protocol's `all` has nothing to resolve.
        if !tableIsUnscoped {
            core.scopes = [PendingScope(lineage: lineage, target: core.sources.head.token, table: table)]
        }
        return core
    }

    /// Called by a `select` that replaces the whole rows a statement starts with: a
    /// statement that already selected them explicitly (`select { $0 }`) has the same type,
    /// and its selection would be dropped; it renders an error instead.
    @usableFromInline
    mutating func noteReselection() {
        guard hasSelection || countsRows, joinError == nil else { return }
        joinError = SQLEncodingError(
            type: "Select", valuePreview: sources[0].tableName,
            reason:
                "a select after select { whole rows } or count() would replace it; select every column in one select"
        )
    }

    /// Appends `expression` to the statement's selection (a `select` after a `select`).
    @usableFromInline
    mutating func appendSelection(_ expression: any SQLSelectable) {
        guard let selection, !countsRows else {
            if joinError == nil {
                joinError = SQLEncodingError(
                    type: "Select", valuePreview: sources[0].tableName,
                    reason: "select(_:) appends to a selection, and this statement has none (or counts rows)"
                )
            }
            return
        }
        if let list = selection as? SQLSelectionList {
            self.selection = SQLSelectionList(parts: list.parts + [expression])
        } else {
            self.selection = SQLSelectionList(parts: [selection, expression])
        }
    }

    /// Whether columns can render bare: one table, under its own name. (A compound or a
    /// subquery that reads another table makes the render qualify every column.)
    var readsOneTable: Bool {
        sources.count == 1 && sources.head.alias == nil
            && (uncommon?.compounds.allSatisfy(\.core.readsOneTable) ?? true)
    }

    /// Whether the statement returns every row of its one table: no condition (its default
    /// scope's included), join, grouping, limit, offset or compound.
    var readsEveryRow: Bool {
        sources.count == 1 && groups.isEmpty && havings.isEmpty && limit == nil && offset == nil
            && compounds.isEmpty && !countsRows && !readsNoTable && joinError == nil
            && resolvedWheres().isEmpty
    }

    /// The conditions of the default scopes that apply, then the statement's own.
    func resolvedWheres() -> InlineFirstArray<Term> {
        if scopes.isEmpty { return wheres }
        let resolved = Self.resolve(scopes)
        return resolved.isEmpty ? wheres : wheres.replacing(with: resolved + wheres)
    }

    /// The conditions of `scopes`, read as conditions on their targets.
    static func resolve(_ scopes: [PendingScope]) -> [Term] {
        var terms: [Term] = []
        for scope in scopes {
            // A statement built from the default scope already holds its conditions.
            guard let defaultScope = scope.resolve(), defaultScope.lineage != scope.lineage,
                !defaultScope.wheres.isEmpty
            else { continue }
            let remap = Remap(from: defaultScope.sources[0].token, to: scope.target)
            terms += defaultScope.wheres.map { Term(expression: $0.expression, remaps: $0.remaps + [remap]) }
        }
        return terms
    }

    /// Maps every source's token to its qualifier, for the statement's render.
    func mapTokens(in builder: inout SQLBuilder) {
        // By index: a `for source in sources` copies each source, every field retained.
        // `qualifier` spelled out: the computed property copied the whole source.
        builder.qualifierMap[sources.head.token] = sources.head.alias ?? sources.head.tableName
        for index in sources.tail.indices {
            builder.qualifierMap[sources.tail[index].token] = sources.tail[index].alias ?? sources.tail[index].tableName
        }
        guard let uncommon else { return }
        for compound in uncommon.compounds {
            compound.core.mapTokens(in: &builder)
        }
    }

    /// Renders the statement; `limitingToOne` adds `LIMIT 1` to one that has no limit of
    /// its own.
    func render(into builder: inout SQLBuilder, limitingToOne: Bool = false) throws {
        mapTokens(in: &builder)
        // The uncommon clauses read from their box once, not through each accessor.
        let uncommon = self.uncommon
        if let joinError = uncommon?.joinError { throw joinError }
        if countsRows {
            try renderCount(into: &builder)
            return
        }
        builder.keyword("SELECT")
        if isDistinct { builder.keyword("DISTINCT") }
        try builder.list { builder in
            if hasSelection {
                // The alias read only from a box that exists: an optional `String` read from
                // `nil` is still released.
                if let alias = uncommon?.selectionAlias {
                    try selectionStorage.renderSelection(into: &builder, alias: alias)
                } else {
                    try selectionStorage.renderSelection(into: &builder, alias: nil)
                }
            } else {
                // Each source read in place (a `for source in sources` copies every field).
                try sources.head.columns.init(qualifier: sources.head.token).renderSelection(
                    into: &builder, alias: nil)
                for index in sources.tail.indices {
                    try sources.tail[index].columns.init(qualifier: sources.tail[index].token).renderSelection(
                        into: &builder, alias: nil)
                }
            }
        }
        if !readsNoTable { try renderFrom(into: &builder) }
        if let uncommon, !uncommon.scopes.isEmpty {
            try Self.render(terms: resolvedWheres(), keyword: "WHERE", into: &builder)
        } else {
            try Self.render(terms: wheres, keyword: "WHERE", into: &builder)
        }
        if let uncommon {
            if !uncommon.groups.isEmpty {
                builder.keyword("GROUP BY")
                try builder.list { builder in
                    for group in uncommon.groups { try builder.listItem { try group.render(into: &$0) } }
                }
            }
            try Self.render(terms: uncommon.havings, keyword: "HAVING", into: &builder)
            for compound in uncommon.compounds {
                builder.keyword(compound.op)
                if compound.core.hasOrderingOrLimit {
                    // ORDER BY and LIMIT in an operand would apply to the whole compound.
                    builder.keyword("SELECT * FROM")
                    try builder.parenthesized { try compound.core.render(into: &$0) }
                } else {
                    try compound.core.render(into: &builder)
                }
            }
        }
        if !orders.isEmpty {
            builder.keyword("ORDER BY")
            try builder.list { builder in
                for order in orders { try builder.listItem { try order.render(into: &$0) } }
            }
        }
        if hasLimit, let limit {
            builder.keyword("LIMIT")
            try limit.render(into: &builder)
        } else if limitingToOne {
            // A literal, as GRDB writes it: the SQL is the same on every fetch, so a bound 1
            // bought nothing and cost a binding (about 300 instructions a fetch).
            builder.keyword("LIMIT 1")
        } else if let uncommon, uncommon.offset != nil {
            // SQLite has no OFFSET without LIMIT: `LIMIT -1` is no limit.
            builder.dialect.spelling.renderNoLimit(into: &builder)
        }
        if let uncommon, let offset = uncommon.offset {
            builder.keyword("OFFSET")
            try offset.render(into: &builder)
        }
    }

    func renderFrom(into builder: inout SQLBuilder) throws {
        builder.keyword("FROM")
        try Self.render(sources.head, joined: false, into: &builder)
        for index in sources.tail.indices {
            try Self.render(sources.tail[index], joined: true, into: &builder)
        }
    }

    /// One table of the FROM clause, its join and `ON`. The source is borrowed, each field
    /// read in place: a copy of a source retains all its fields.
    static func render(_ source: Source, joined: Bool, into builder: inout SQLBuilder) throws {
        if joined, let join = source.join { builder.keyword(join) }
        // Asked before it is read: binding the optional existential copies it.
        if source.hasTableFunction, let function = source.tableFunction {
            try function.render(into: &builder)
        } else {
            builder.identifier(source.tableName)
        }
        // `qualifier` spelled out: the computed property copied the whole source.
        builder.noteQualifier(source.alias ?? source.tableName)
        if let alias = source.alias {
            builder.keyword("AS")
            builder.identifier(alias)
        }
        if source.hasCondition, let condition = source.condition {
            builder.keyword("ON")
            let scopeTerms = resolve(source.scopes) + source.onTerms
            if scopeTerms.isEmpty {
                try condition.render(into: &builder)
            } else {
                // An outer-joined table's default scope restricts the table, not the result.
                try condition.renderOperand(into: &builder)
                for term in scopeTerms {
                    builder.keyword("AND")
                    try render(term, into: &builder)
                }
            }
        }
    }

    /// Whether the statement has a `LIMIT` (asked without copying the expression).
    @inlinable
    var limitsItself: Bool { hasLimit }

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
    static func render(terms: InlineFirstArray<Term>, keyword: StaticString, into builder: inout SQLBuilder) throws {
        guard !terms.isEmpty else { return }
        builder.keyword(keyword)
        // The inline first term, then the rest by index: read in place, where a subscript's
        // or a `for term in terms` copy would retain each term's expression.
        try render(terms.head, into: &builder)
        try render(and: terms.tail, from: 0, into: &builder)
    }

    /// The same of terms in a plain array (`HAVING`, which is rare).
    static func render(terms: [Term], keyword: StaticString, into builder: inout SQLBuilder) throws {
        guard !terms.isEmpty else { return }
        builder.keyword(keyword)
        try render(terms[0], into: &builder)
        try render(and: terms, from: 1, into: &builder)
    }

    /// `AND (term)` for each of `terms` from `start`, read in place by index.
    private static func render(and terms: [Term], from start: Int, into builder: inout SQLBuilder) throws {
        for index in start..<terms.count {
            builder.keyword("AND")
            try render(terms[index], into: &builder)
        }
    }

    /// One condition, its tokens remapped, parenthesized unless it is a plain column.
    static func render(_ term: Term, into builder: inout SQLBuilder) throws {
        // Most conditions are the statement's own: no closure for the remaps.
        guard term.remaps.isEmpty else {
            return try withRemaps(term.remaps, in: &builder) { try renderUnmapped(term, into: &$0) }
        }
        try renderUnmapped(term, into: &builder)
    }

    private static func renderUnmapped(_ term: Term, into builder: inout SQLBuilder) throws {
        if term.expression.isPlainRepresentation {
            try term.expression.render(into: &builder)
        } else {
            try builder.parenthesized { try term.expression.render(into: &$0) }
        }
    }

    /// Runs `body` with each remap's `from` token rendering as its `to` token does
    /// (applied last to first), then restores the map.
    static func withRemaps(_ remaps: [Remap], in builder: inout SQLBuilder, _ body: (inout SQLBuilder) throws -> Void)
        rethrows
    {
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
    /// Guards the counter, and ``DefaultScopes``' tables: a statement built from a table
    /// reads both under one lock.
    static let lock = NSLock()
    /// Exclusivity is not checked at run time (about 40 instructions a statement): every
    /// access holds `lock`.
    @exclusivity(unchecked) nonisolated(unsafe) private static var counter: UInt64 = 0

    static func next() -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        counter &+= 1
        return counter
    }

    /// The table last found to keep the protocol's `all`: a loop builds statements of one
    /// table, and comparing an identifier is cheaper than hashing it into the set (about
    /// 110 instructions a statement).
    @exclusivity(unchecked) nonisolated(unsafe) private static var lastUnscopedTable: ObjectIdentifier?

    /// The next number, and whether `table` is known to keep the protocol's `all`.
    static func next(for table: any Table.Type) -> (number: UInt64, tableIsUnscoped: Bool) {
        let id = ObjectIdentifier(table)
        lock.lock()
        defer { lock.unlock() }
        counter &+= 1
        if lastUnscopedTable == id { return (counter, true) }
        let isUnscoped = DefaultScopes.unscopedTables.contains(id)
        if isUnscoped { lastUnscopedTable = id }
        return (counter, isUnscoped)
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
