import CoddCore

/// The clauses of a SELECT, untyped: what ``Select`` builds and renders.
public struct SelectCore: Sendable {
    /// A table read by the statement: the FROM table or a joined one.
    struct Source: Sendable {
        var tableName: String
        var alias: String?
        var join: StaticString?
        var condition: (any SQLExpression)?
        /// Renders the table's columns, for a statement that selects whole rows.
        var renderColumns: @Sendable (inout SQLBuilder, String) throws -> Void

        var qualifier: String { alias ?? tableName }
    }

    /// A condition, and the alias its columns must take (clauses of a joined, aliased query).
    struct Term: Sendable {
        var expression: any SQLExpression
        var renaming: Renaming?
    }

    struct Renaming: Sendable {
        var from: String
        var to: String
    }

    /// A table's default scope, resolved when the statement renders.
    struct PendingScope: Sendable {
        /// Identifies the entry point the statement came from: the default scope is not
        /// applied to itself, nor to statements built from it.
        var lineage: UInt64
        var renaming: Renaming?
        var resolve: @Sendable () -> SelectCore
    }

    var sources: [Source]
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

    init(source: Source) {
        self.sources = [source]
    }

    /// Whether columns can render bare: one table, under its own name. (A compound or a
    /// subquery that reads another table makes the render qualify every column.)
    var readsOneTable: Bool {
        sources.count == 1 && sources[0].alias == nil && compounds.allSatisfy(\.core.readsOneTable)
    }

    /// The conditions of the default scopes that apply, then the statement's own.
    func resolvedWheres() -> [Term] {
        var terms: [Term] = []
        for scope in scopes {
            let defaultScope = scope.resolve()
            // A statement built from the default scope already holds its conditions.
            guard defaultScope.lineage != scope.lineage else { continue }
            terms += defaultScope.wheres.map { Term(expression: $0.expression, renaming: $0.renaming ?? scope.renaming) }
        }
        return terms + wheres
    }

    func render(into builder: inout SQLBuilder) throws {
        builder.keyword("SELECT")
        if isDistinct { builder.keyword("DISTINCT") }
        try builder.list { builder in
            if let selection {
                try selection.renderSelection(into: &builder, alias: nil)
            } else {
                for source in sources {
                    try source.renderColumns(&builder, source.qualifier)
                }
            }
        }
        try renderFrom(into: &builder)
        try Self.render(terms: resolvedWheres(), keyword: "WHERE", into: &builder)
        if !groups.isEmpty {
            builder.keyword("GROUP BY")
            try builder.list { builder in
                for group in groups { try builder.listItem { try group.render(into: &$0) } }
            }
        }
        try Self.render(terms: havings, keyword: "HAVING", into: &builder)
        for compound in compounds {
            builder.keyword(compound.op)
            try compound.core.render(into: &builder)
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
            if let alias = source.alias {
                builder.keyword("AS")
                builder.identifier(alias)
            }
            if let condition = source.condition {
                builder.keyword("ON")
                try condition.render(into: &builder)
            }
        }
    }

    /// `WHERE (a) AND (b)`: each condition parenthesized unless it is a plain column.
    static func render(terms: [Term], keyword: StaticString, into builder: inout SQLBuilder) throws {
        guard !terms.isEmpty else { return }
        builder.keyword(keyword)
        for (index, term) in terms.enumerated() {
            if index > 0 { builder.keyword("AND") }
            let saved = builder.qualifierRenaming
            if let renaming = term.renaming { builder.qualifierRenaming = (renaming.from, renaming.to) }
            defer { builder.qualifierRenaming = saved }
            if term.expression.isPlainRepresentation {
                try term.expression.render(into: &builder)
            } else {
                try builder.parenthesized { try term.expression.render(into: &$0) }
            }
        }
    }
}

/// A fresh identity for a statement built from a table's entry point.
enum Lineage {
    static func next() -> UInt64 {
        var generator = SystemRandomNumberGenerator()
        return generator.next()
    }
}
