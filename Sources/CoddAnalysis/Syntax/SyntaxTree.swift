/// The syntax tree of a query's statements: what the parser reads and the resolver types.
/// Every node keeps its byte range in the query file, so each diagnostic, rewrite and
/// generated doc comment points at the text as written.

/// A byte range of the file being analyzed.
package struct SourceRange: Sendable, Hashable {
    package var start: Int
    package var end: Int

    package init(_ start: Int, _ end: Int) {
        self.start = start
        self.end = end
    }

    package func union(_ other: SourceRange) -> SourceRange {
        SourceRange(min(start, other.start), max(end, other.end))
    }
}

/// An identifier as written: its unquoted text and where it stands.
package struct Name: Sendable, Hashable {
    package var text: String
    package var range: SourceRange
    package var isQuoted: Bool

    package init(_ text: String, range: SourceRange, isQuoted: Bool = false) {
        self.text = text
        self.range = range
        self.isQuoted = isQuoted
    }
}

/// A `?`, `?NNN`, `:name`, `@name` or `$name`, with `?` after a named one marking a
/// dynamic filter (`:title?`).
package struct ParameterToken: Sendable, Hashable {
    package enum Spelling: Sendable, Hashable {
        /// `?`: the next number.
        case anonymous
        /// `?NNN`.
        case numbered(Int)
        /// `:name`, `@name`, `$name` (the name without its sigil).
        case named(String)
    }

    package var spelling: Spelling
    package var range: SourceRange
    /// `:name?`: the condition holding it is dropped when the value is `nil`.
    package var isOptional: Bool
    /// Where the optional marker ends (the range of `?` included), for rewriting.
    package var fullRange: SourceRange
}

package enum LiteralValue: Sendable, Hashable {
    case integer(String)
    case real(String)
    case string(String)
    case blob
    case null
    case boolean(Bool)
    /// `CURRENT_TIME`, `CURRENT_DATE`, `CURRENT_TIMESTAMP`: text.
    case currentTime
}

/// `CAST(x AS TEXT AS UUID USING lowercase)`: the annotation after the storage class.
package struct CastAnnotation: Sendable, Hashable {
    package var typeName: String
    package var codecName: String?
    /// The annotation's bytes (` AS UUID USING lowercase`), removed before SQLite sees it.
    package var removal: SourceRange
    package var range: SourceRange
}

package struct WindowSpec: Sendable {
    package var baseName: Name?
    package var partitionBy: [Expr]
    package var orderBy: [OrderingTerm]
    /// Offsets in the frame (`ROWS BETWEEN ? PRECEDING AND CURRENT ROW`).
    package var frameExpressions: [Expr]
}

package indirect enum ExprKind: Sendable {
    case literal(LiteralValue)
    case parameter(ParameterToken)
    /// `column`, `table.column` or `schema.table.column`.
    case column(schema: Name?, table: Name?, column: Name)
    /// `-x`, `+x`, `~x`, `NOT x`.
    case unary(String, Expr)
    /// Arithmetic, comparison, logic, `||`, `->`, `->>`, `IS`, `IS NOT`.
    case binary(String, Expr, Expr)
    /// `x ISNULL`, `x NOTNULL`, `x NOT NULL`.
    case nullTest(Expr, isNull: Bool)
    case between(Expr, Expr, Expr, negated: Bool)
    case inList(Expr, [Expr], negated: Bool)
    case inSelect(Expr, SelectStatement, negated: Bool)
    /// `x IN table` or `x IN json_each(…)`.
    case inTable(Expr, Name, arguments: [Expr]?, negated: Bool)
    /// `x IN ?`: an array, expanded when bound.
    case inParameter(Expr, ParameterToken, negated: Bool)
    /// `LIKE`, `GLOB`, `MATCH`, `REGEXP`.
    case pattern(String, Expr, Expr, escape: Expr?, negated: Bool)
    case function(
        Name, arguments: [Expr], distinct: Bool, star: Bool, filter: Expr?, over: WindowSpec?, overName: Name?)
    case cast(Expr, typeName: String, annotation: CastAnnotation?)
    case caseWhen(base: Expr?, whens: [(Expr, Expr)], otherwise: Expr?)
    case exists(SelectStatement)
    case subquery(SelectStatement)
    case row([Expr])
    case collate(Expr, String)
}

package struct Expr: Sendable {
    package var kind: ExprKind
    package var range: SourceRange
    /// How deep the tree under this node is (1 for a leaf; subqueries count as one): what
    /// the parser caps, since typing and rewriting walk it recursively.
    package private(set) var depth: Int

    package init(_ kind: ExprKind, _ range: SourceRange) {
        self.kind = kind
        self.range = range
        self.depth = 1 + kind.childDepth
    }
}

extension ExprKind {
    /// The depth of the deepest child expression.
    var childDepth: Int {
        switch self {
        case .literal, .parameter, .column, .exists, .subquery: 0
        case .unary(_, let operand), .nullTest(let operand, _), .collate(let operand, _), .cast(let operand, _, _),
            .inSelect(let operand, _, _), .inParameter(let operand, _, _):
            operand.depth
        case .binary(_, let left, let right): max(left.depth, right.depth)
        case .between(let a, let b, let c, _): max(a.depth, b.depth, c.depth)
        case .inList(let operand, let list, _): list.reduce(operand.depth) { max($0, $1.depth) }
        case .inTable(let operand, _, let arguments, _): (arguments ?? []).reduce(operand.depth) { max($0, $1.depth) }
        case .pattern(_, let left, let right, let escape, _): max(left.depth, right.depth, escape?.depth ?? 0)
        case .function(_, let arguments, _, _, let filter, _, _):
            arguments.reduce(filter?.depth ?? 0) { max($0, $1.depth) }
        case .caseWhen(let base, let whens, let otherwise):
            whens.reduce(max(base?.depth ?? 0, otherwise?.depth ?? 0)) { max($0, $1.0.depth, $1.1.depth) }
        case .row(let elements): elements.reduce(0) { max($0, $1.depth) }
        }
    }
}

package struct OrderingTerm: Sendable {
    package var expr: Expr
    package var descending: Bool
}

package enum ResultColumn: Sendable {
    /// `*`.
    case star(SourceRange)
    /// `table.*`.
    case tableStar(Name, SourceRange)
    case expr(Expr, alias: Name?)
}

package enum JoinKind: Sendable, Hashable {
    case comma, inner, cross, left, right, full
}

package enum JoinConstraint: Sendable {
    case none
    case on(Expr)
    case using([Name])
}

package indirect enum TableSource: Sendable {
    /// `[schema.]table [AS alias] [INDEXED BY … | NOT INDEXED]`.
    case table(schema: Name?, name: Name, alias: Name?)
    /// `json_each(x) [AS alias]`.
    case function(Name, arguments: [Expr], alias: Name?)
    case subquery(SelectStatement, alias: Name?, range: SourceRange)
    /// `( join-clause )`.
    case nested(FromClause, range: SourceRange)
}

package struct JoinedSource: Sendable {
    /// `nil` for the first source.
    package var kind: JoinKind?
    package var isNatural: Bool
    package var source: TableSource
    package var constraint: JoinConstraint
    package var range: SourceRange
}

package struct FromClause: Sendable {
    package var sources: [JoinedSource]
}

package struct SelectCore: Sendable {
    package var isDistinct: Bool
    package var columns: [ResultColumn]
    package var from: FromClause?
    package var whereClause: Expr?
    package var groupBy: [Expr]
    package var having: Expr?
    package var windows: [(Name, WindowSpec)]
    /// `VALUES (…), (…)` in place of a SELECT.
    package var values: [[Expr]]?
    package var range: SourceRange
}

package enum CompoundOperator: Sendable {
    case union, unionAll, intersect, except
}

package struct CommonTableExpression: Sendable {
    package var name: Name
    package var columns: [Name]?
    package var select: SelectStatement
    package var range: SourceRange
}

package struct WithClause: Sendable {
    package var isRecursive: Bool
    package var tables: [CommonTableExpression]
}

package struct SelectStatement: Sendable {
    package var with: WithClause?
    package var cores: [SelectCore]
    package var operators: [CompoundOperator]
    package var orderBy: [OrderingTerm]
    package var limit: Expr?
    package var offset: Expr?
    package var range: SourceRange
}

package struct SetClause: Sendable {
    package var columns: [Name]
    package var value: Expr
}

package struct Upsert: Sendable {
    package var target: [Expr]
    package var targetWhere: Expr?
    /// `nil`: `DO NOTHING`.
    package var update: [SetClause]?
    package var updateWhere: Expr?
}

package enum InsertSource: Sendable {
    case values([[Expr]])
    case select(SelectStatement)
    case defaultValues
}

package struct InsertStatement: Sendable {
    package var with: WithClause?
    /// `OR IGNORE`, `OR REPLACE`, … (`REPLACE INTO` is `REPLACE`), uppercased.
    package var conflictAction: String?
    package var table: Name
    package var alias: Name?
    package var columns: [Name]?
    package var source: InsertSource
    package var upserts: [Upsert]
    package var returning: [ResultColumn]?
    package var range: SourceRange
}

package struct UpdateStatement: Sendable {
    package var with: WithClause?
    package var conflictAction: String?
    package var table: Name
    package var alias: Name?
    package var set: [SetClause]
    package var from: FromClause?
    package var whereClause: Expr?
    package var returning: [ResultColumn]?
    package var range: SourceRange
}

package struct DeleteStatement: Sendable {
    package var with: WithClause?
    package var table: Name
    package var alias: Name?
    package var whereClause: Expr?
    package var returning: [ResultColumn]?
    package var range: SourceRange
}

package enum Statement: Sendable {
    case select(SelectStatement)
    case insert(InsertStatement)
    case update(UpdateStatement)
    case delete(DeleteStatement)

    package var range: SourceRange {
        switch self {
        case .select(let statement): statement.range
        case .insert(let statement): statement.range
        case .update(let statement): statement.range
        case .delete(let statement): statement.range
        }
    }
}
