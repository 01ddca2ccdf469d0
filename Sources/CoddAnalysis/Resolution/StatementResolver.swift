import CoddCore
import CoddSchema

/// What a parameter's position says of it: the type and name the context gives, whether
/// NULL may be bound there, whether it is an `IN ?` list.
package struct Expectation: Sendable {
    package var type: ValueType
    package var name: String?
    package var allowsNil: Bool = false
    package var isArray: Bool = false
}

/// One occurrence of a parameter, typed or not yet.
package struct ParameterUse: Sendable {
    package var token: ParameterToken
    package var expectation: Expectation?
    /// The statement it is in (a definition may hold several).
    package var statement: Int
    /// The column without a type it stands against, if any (`tag = ?` where `tag` declares
    /// no storage class): what an untyped parameter's error names.
    package var untypedColumn: String?
}

/// A dynamic filter's droppable term: the smallest AND term holding an optional parameter.
package struct OptionalTerm: Sendable {
    package var range: SourceRange
    /// The optional parameters' tokens it holds (by start offset).
    package var parameterStarts: [Int]
}

/// A result column, resolved.
package struct ResolvedColumn: Sendable {
    /// The name SQLite gives it: the alias, the column's name, or the expression's text.
    package var name: String
    /// Whether the name is the expression's text (no alias, not a column): a generated
    /// struct needs an alias for it, or takes a function's name.
    package var isUnnamed: Bool = false
    /// The function an unnamed column calls (`count` of `count(*)`).
    package var functionName: String?
    package var type: ExprType
    package var range: SourceRange
    /// Set when the column comes from `*` or `t.*`: the source and the star that expanded it.
    package var star: StarOrigin?
}

package struct StarOrigin: Sendable, Hashable {
    package var sourceID: Int
    /// The star's position among the result columns of the SELECT.
    package var group: Int
}

/// The result of a SELECT (or RETURNING): its columns, how many rows, and the sources
/// its stars expanded.
package struct ResolvedSelect: Sendable {
    package var columns: [ResolvedColumn]
    package var cardinality: Cardinality
    package var starSources: [Int: ScopeSource] = [:]
}

/// Types and checks the statements of one query definition against the schema catalogue:
/// names (unknown and ambiguous columns and tables), result column types and nullability
/// (outer joins through subqueries and CTEs), parameter types from their positions,
/// cardinality, and the dynamic-filter rule. Problems are collected, never thrown, so a
/// run reports them all.
package struct StatementResolver {
    package let catalog: SchemaCatalog
    package let types: TypeCatalog
    package let functions: [String: FunctionSignature]
    package let bytes: [UInt8]
    package var problems: [LocatedProblem] = []
    package var uses: [Int: ParameterUse] = [:]
    package var optionalTerms: [OptionalTerm] = []
    /// Optional parameters a droppable term holds (by token start).
    package var claimedOptionals: Set<Int> = []
    /// The column each column reference (by its start) read.
    package var columnOrigins: [Int: ColumnOrigin] = [:]
    /// Which statement of the definition is being resolved.
    package var statementIndex = 0
    private var nextSourceID = 0

    package init(catalog: SchemaCatalog, types: TypeCatalog, functions: [String: FunctionSignature], bytes: [UInt8]) {
        self.catalog = catalog
        self.types = types
        self.functions = functions
        self.bytes = bytes
    }

    package mutating func report(_ offset: Int, _ message: String, advisory: Bool = false) {
        let problem = LocatedProblem(offset: offset, message: message, isAdvisory: advisory)
        if !problems.contains(problem) { problems.append(problem) }
    }

    package mutating func makeSourceID() -> Int {
        nextSourceID += 1
        return nextSourceID
    }

    package func text(_ range: SourceRange) -> String {
        guard range.start >= 0, range.start <= range.end, range.end <= bytes.count else { return "" }
        return String(decoding: bytes[range.start..<range.end], as: UTF8.self)
    }

    /// Records what a parameter's position says of it (a later, typed record wins over an
    /// untyped one).
    package mutating func use(_ token: ParameterToken, _ expectation: Expectation?) {
        let key = token.range.start
        if let existing = uses[key], existing.expectation != nil, expectation == nil { return }
        var expectation = expectation
        var untypedColumn: String?
        // An untyped column gives nothing to bind through: the parameter stays untyped.
        if expectation?.type.storage == nil {
            untypedColumn = expectation?.name
            expectation = nil
        }
        uses[key] = ParameterUse(
            token: token, expectation: expectation, statement: statementIndex, untypedColumn: untypedColumn)
    }

    // MARK: Statements

    package mutating func resolve(_ statement: Statement) -> ResolvedSelect? {
        switch statement {
        case .select(let select):
            return resolveSelect(select, outer: nil)
        case .insert(let insert):
            return resolveInsert(insert)
        case .update(let update):
            return resolveUpdate(update)
        case .delete(let delete):
            return resolveDelete(delete)
        }
    }
}
