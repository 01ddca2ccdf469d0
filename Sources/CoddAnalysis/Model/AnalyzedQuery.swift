import CoddSchema

/// An input of a query: a parameter, under the name generated code gives it.
public struct QueryInput: Sendable, Hashable {
    /// The Swift name (`userId`, `dateLower`; a Swift keyword in backticks).
    public var name: String
    public var type: ValueType
    /// `String?`: NULL may be bound (an insert into a nullable column, `IS ?`) or, for a
    /// dynamic filter, `nil` drops its condition.
    public var isOptional: Bool
    /// `[Int]`: an `IN ?` list.
    public var isArray: Bool
    /// A dynamic filter (`:title?`): `nil` drops the smallest AND term holding it.
    public var isFilter: Bool

    /// `Int`, `[UUID]`, `String?`.
    public var swiftType: String {
        let element = isArray ? "[\(type.swiftName)]" : type.swiftName
        return isOptional ? "\(element)?" : element
    }
}

/// How many rows a query returns.
public enum Cardinality: Sendable, Hashable {
    /// A write without RETURNING: no rows (`Void`).
    case none
    /// Exactly one (an aggregate without GROUP BY, one inserted row with RETURNING).
    case one
    /// At most one (`LIMIT 1`, a key pinned by the WHERE clause): `Output?`.
    case optional
    /// Any number: `[Output]`.
    case many
}

/// A field of a generated output struct.
public enum OutputField: Sendable, Hashable {
    /// One column: its property name, the SQL name, type and nullability.
    case column(name: String, sqlName: String, type: ValueType, isOptional: Bool)
    /// A table's row embedded whole (`SELECT user.*`): `user: User`, `nil` when an outer
    /// join found no row (`presenceColumn`, an offset into the table's columns, is one
    /// that is NULL only then; without one, a row of all NULLs reads as `nil`).
    case embedded(
        name: String, rowType: String, tableName: String, columnCount: Int, isOptional: Bool, presenceColumn: Int?)

    public var name: String {
        switch self {
        case .column(let name, _, _, _), .embedded(let name, _, _, _, _, _): name
        }
    }
}

/// What one row of a query's result reads as.
public enum RowShape: Sendable, Hashable {
    /// One table's rows: its row type (`Todo`).
    case table(rowType: String, tableName: String)
    /// One column: its type.
    case single(ValueType, isOptional: Bool)
    /// Several: a struct generated for the query.
    case structure(name: String, fields: [OutputField])
}

/// One statement of a query, ready to generate.
public struct AnalyzedStatement: Sendable {
    public var pieces: [SQLPiece]
    /// Whether it returns rows (a SELECT, or a write with RETURNING).
    public var returnsRows: Bool
    public var isWrite: Bool
    /// Where it starts.
    public var location: SQLSourceLocation
    /// The statement as SQLite checks it (parameters as written, `IN ?` as `IN (?)`,
    /// annotations removed), and for each byte of it the byte of the file it came from.
    package var checkSQL: String
    package var checkOffsets: [Int]
    /// The result columns the analyzer expects SQLite to report, by name.
    package var resultColumnNames: [String]
    /// The file's lines, for locating an offset.
    package var lines: SQLLineIndex

    /// The line and column of a byte of the file.
    package func location(ofFileOffset offset: Int) -> SQLSourceLocation {
        lines.location(of: offset)
    }
}

/// A query definition, analyzed: its inputs, output and statements.
public struct AnalyzedQuery: Sendable {
    /// The definition's name (`selectTodos`).
    public var name: String
    /// The name its types start with (`SelectTodos`).
    public var typeName: String
    public var documentation: [String]
    public var inputs: [QueryInput]
    /// The input struct's name, when the query takes more than one value (or the header
    /// names one).
    public var inputTypeName: String?
    public var cardinality: Cardinality
    /// `nil` for a query returning no rows.
    public var row: RowShape?
    public var statements: [AnalyzedStatement]
    public var location: SQLSourceLocation

    public var isWrite: Bool { statements.contains(where: \.isWrite) }

    /// The Swift type of `execute`'s input: `Void`, one value's type, or the input struct.
    public var inputType: String {
        if let inputTypeName { return inputTypeName }
        return inputs.first?.swiftType ?? "Void"
    }

    /// The Swift type of one row.
    public var rowType: String? {
        switch row {
        case .table(let rowType, _): rowType
        case .single(let type, let isOptional): isOptional ? "\(type.swiftName)?" : type.swiftName
        case .structure(let name, _): name
        case nil: nil
        }
    }

    /// The Swift type of `execute`'s output: `Void`, `Row`, `Row?` or `[Row]`.
    public var outputType: String {
        guard let rowType else { return "Void" }
        switch cardinality {
        case .none: return "Void"
        case .one: return rowType
        case .optional:
            if case .single(_, true) = row { return rowType }
            return "\(rowType)?"
        case .many: return "[\(rowType)]"
        }
    }
}

/// A query file, analyzed.
public struct AnalyzedQueryFile: Sendable {
    /// The file's name without `.sql` (`Todo`).
    public var name: String
    public var queries: [AnalyzedQuery]
}
