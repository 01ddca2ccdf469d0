import CoddCore

/// The Swift type of a value in generated code, and the representation it is read and
/// bound through: a column `completedOn INTEGER AS Date` is `Date` read through
/// `Date.UnixTimeRepresentation`; `name TEXT` is `String` through `String`.
public struct ValueType: Sendable, Hashable, CustomStringConvertible {
    /// The type generated code declares (`Date`, `Int`, `Todo.ID`, `SQLAny`).
    public var swiftName: String
    /// The `SQLCustomType` that reads and binds it (`Date.UnixTimeMillisecondsRepresentation`);
    /// the same as `swiftName` when the type is its own representation.
    public var representation: String
    /// The storage class its codec writes; `nil` for `SQLAny` (whatever SQLite holds).
    public var storage: SQLStorage?

    public init(swiftName: String, representation: String? = nil, storage: SQLStorage?) {
        self.swiftName = swiftName
        self.representation = representation ?? swiftName
        self.storage = storage
    }

    public var description: String { swiftName }

    /// Whether the value is read through another type than the one declared.
    public var isRepresented: Bool { representation != swiftName }

    public static let int = ValueType(swiftName: "Int", storage: .integer)
    public static let double = ValueType(swiftName: "Double", storage: .real)
    public static let string = ValueType(swiftName: "String", storage: .text)
    public static let data = ValueType(swiftName: "Data", storage: .blob)
    public static let bool = ValueType(swiftName: "Bool", storage: .integer)
    /// Any storage class: what an untyped column or `json_extract` returns.
    public static let any = ValueType(swiftName: "SQLAny", storage: nil)
    /// An FTS5 query (CoddFTS5's `FTS5Pattern`, bound as its TEXT): what a parameter on the
    /// right of `MATCH` on an FTS5 table takes, so that text a user typed is escaped rather
    /// than read as query syntax.
    public static let fts5Pattern = ValueType(swiftName: "FTS5Pattern", storage: .text)
    /// A time value for SQLite's date functions: a `Date` in Codd's default TEXT form
    /// (`YYYY-MM-DD HH:MM:SS.SSS`), which those functions read.
    public static let dateText = ValueType(swiftName: "Date", storage: .text)

    /// The plain type of this storage class (`Date` stored as INTEGER is `Int` in
    /// arithmetic).
    public var base: ValueType {
        switch storage {
        case .integer: swiftName == "Bool" ? .bool : .int
        case .real: .double
        case .text: .string
        case .blob: .data
        case .null, nil: .any
        }
    }

    /// Whether it is a number (INTEGER or REAL storage).
    public var isNumeric: Bool { storage == .integer || storage == .real }
}

/// What the analyzer knows of an expression: its type (unknown for a parameter no context
/// types yet, or `NULL`), whether it may be NULL, and the column it reads, if it reads one.
package struct ExprType: Sendable {
    package var value: ValueType?
    package var isNullable: Bool
    /// The column a bare reference reads: names parameters compared with it, and decides
    /// whether a WHERE pins a key.
    package var column: ColumnOrigin?
    /// Where SQLite takes the collation it compares the expression in (see ``Collating``).
    package var collating: Collating?

    package init(_ value: ValueType?, nullable: Bool, column: ColumnOrigin? = nil) {
        self.value = value
        self.isNullable = nullable
        self.column = column
    }

    package static func known(_ value: ValueType, nullable: Bool = false) -> ExprType {
        ExprType(value, nullable: nullable)
    }

    package static let unknown = ExprType(nil, nullable: true)
}

/// A column of a source of the FROM clause: which source (its position in the scope)
/// and the column's name.
package struct ColumnOrigin: Sendable, Hashable {
    package var sourceID: Int
    package var name: String
}

/// Where SQLite finds the collation an expression compares, orders and picks (`min`, `max`)
/// in, as `sqlite3ExprCollSeq` does: a column's declared one (a subquery's, a CTE's or a
/// view's column keeps its expression's), or one written with `COLLATE`, which a call or
/// an operator whose operand writes one carries too. `+x` and `CAST` keep their operand's.
package enum Collating: Sendable, Hashable {
    /// A column, with the collation it declares (`nil`: BINARY).
    case column(String?)
    /// Written: `x COLLATE NOCASE`, or a call whose argument writes it.
    case written(String)

    /// The collation named, `nil` for BINARY.
    package var name: String? {
        switch self {
        case .column(let name): name
        case .written(let name): name
        }
    }

    package var isWritten: Bool {
        if case .written = self { true } else { false }
    }
}
