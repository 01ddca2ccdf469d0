/// SQLite's functions as the analyzer types them: core scalar, aggregate, date and time,
/// math, string, JSON and window functions, and FTS5's `bm25`, `highlight` and `snippet`
/// (SQLite 3.40's set: functions of later versions are named with the version they need).
package struct FunctionSignature: Sendable {
    package enum Kind: Sendable {
        case scalar
        case aggregate
        /// A window function: only with OVER.
        case window
    }

    /// What an argument is, and so what type a parameter there takes.
    package enum Argument: Sendable {
        /// Of this type (a parameter takes it).
        case fixed(ValueType)
        /// The common type of the arguments of this group (`coalesce`, `max(a, b)`,
        /// `iif`'s branches).
        case common
        /// A number whose type comes from the other numeric arguments, or `Double`.
        case numeric
        /// Anything; a parameter here cannot be typed.
        case any
        /// An FTS5 table's name (`bm25(searchIndex)`).
        case fts5Table
    }

    package enum Result: Sendable {
        case fixed(ValueType)
        /// The common type of the `.common` arguments.
        case common
        /// `Int` or `Double` after the `.numeric` arguments.
        case numeric
        /// The first argument's type (`likely(x)`, `lag(x)`).
        case firstArgument
    }

    package enum Nullability: Sendable {
        /// NULL when any argument is.
        case ifAnyArgument
        /// NULL only when every `.common` argument is (`coalesce`).
        case ifAllCommon
        /// May be NULL whatever the arguments (`nullif`, `date('garbage')`).
        case always
        case never
        /// An aggregate over rows (`max`, `sum`, `avg`): NULL over no rows, so whenever
        /// the query has no GROUP BY (or a FILTER); NULL in a group when the argument is.
        case overRows
    }

    package var kind: Kind
    package var arity: ClosedRange<Int>
    /// The arguments' kinds; the last repeats for variadic functions.
    package var arguments: [Argument]
    package var result: Result
    package var nullability: Nullability

    package func argument(_ index: Int) -> Argument {
        guard !arguments.isEmpty else { return .any }
        return index < arguments.count ? arguments[index] : arguments[arguments.count - 1]
    }
}

package enum FunctionCatalog {
    private static let int = FunctionSignature.Argument.fixed(.int)
    private static let double = FunctionSignature.Argument.fixed(.double)
    private static let string = FunctionSignature.Argument.fixed(.string)
    private static let time = FunctionSignature.Argument.fixed(.dateText)
    private static let many = Int.max

    private static func scalar(
        _ arity: ClosedRange<Int>, _ arguments: [FunctionSignature.Argument], _ result: FunctionSignature.Result,
        _ nullability: FunctionSignature.Nullability = .ifAnyArgument
    ) -> FunctionSignature {
        FunctionSignature(kind: .scalar, arity: arity, arguments: arguments, result: result, nullability: nullability)
    }

    /// Signatures by lowercased name.
    package static let functions: [String: FunctionSignature] = {
        var table: [String: FunctionSignature] = [:]
        // Core scalar functions.
        table["abs"] = scalar(1...1, [.numeric], .numeric)
        table["changes"] = scalar(0...0, [], .fixed(.int), .never)
        table["total_changes"] = scalar(0...0, [], .fixed(.int), .never)
        table["last_insert_rowid"] = scalar(0...0, [], .fixed(.int), .never)
        table["char"] = scalar(0...many, [int], .fixed(.string), .never)
        table["coalesce"] = scalar(2...many, [.common], .common, .ifAllCommon)
        table["ifnull"] = scalar(2...2, [.common], .common, .ifAllCommon)
        table["nullif"] = scalar(2...2, [.common], .common, .always)
        table["iif"] = scalar(3...3, [.fixed(.bool), .common, .common], .common)
        table["format"] = scalar(1...many, [string, .any], .fixed(.string))
        table["printf"] = table["format"]
        table["glob"] = scalar(2...2, [string], .fixed(.bool))
        table["like"] = scalar(2...3, [string], .fixed(.bool))
        table["hex"] = scalar(1...1, [.any], .fixed(.string), .never)
        table["instr"] = scalar(2...2, [string], .fixed(.int))
        table["length"] = scalar(1...1, [string], .fixed(.int))
        table["likelihood"] = scalar(2...2, [.any, double], .firstArgument)
        table["likely"] = scalar(1...1, [.any], .firstArgument)
        table["unlikely"] = scalar(1...1, [.any], .firstArgument)
        table["lower"] = scalar(1...1, [string], .fixed(.string))
        table["upper"] = scalar(1...1, [string], .fixed(.string))
        table["ltrim"] = scalar(1...2, [string], .fixed(.string))
        table["rtrim"] = scalar(1...2, [string], .fixed(.string))
        table["trim"] = scalar(1...2, [string], .fixed(.string))
        table["quote"] = scalar(1...1, [.any], .fixed(.string), .never)
        table["random"] = scalar(0...0, [], .fixed(.int), .never)
        table["randomblob"] = scalar(1...1, [int], .fixed(.data), .never)
        table["zeroblob"] = scalar(1...1, [int], .fixed(.data), .never)
        table["replace"] = scalar(3...3, [string], .fixed(.string))
        table["round"] = scalar(1...2, [double, int], .fixed(.double))
        table["sign"] = scalar(1...1, [.numeric], .fixed(.int), .always)
        table["soundex"] = scalar(1...1, [string], .fixed(.string), .never)
        table["sqlite_version"] = scalar(0...0, [], .fixed(.string), .never)
        table["sqlite_source_id"] = scalar(0...0, [], .fixed(.string), .never)
        table["sqlite_compileoption_get"] = scalar(1...1, [int], .fixed(.string), .always)
        table["sqlite_compileoption_used"] = scalar(1...1, [string], .fixed(.bool), .never)
        table["substr"] = scalar(2...3, [string, int, int], .firstArgument)
        table["substring"] = table["substr"]
        table["typeof"] = scalar(1...1, [.any], .fixed(.string), .never)
        table["unicode"] = scalar(1...1, [string], .fixed(.int), .always)
        table["max"] = scalar(2...many, [.common], .common)
        table["min"] = scalar(2...many, [.common], .common)
        // Date and time: a parameter standing for a time value is a Date in Codd's default
        // TEXT form, which these functions read. Invalid input gives NULL.
        table["date"] = scalar(0...many, [time, string], .fixed(.string), .always)
        table["time"] = scalar(0...many, [time, string], .fixed(.string), .always)
        table["datetime"] = scalar(0...many, [time, string], .fixed(.string), .always)
        table["julianday"] = scalar(0...many, [time, string], .fixed(.double), .always)
        table["unixepoch"] = scalar(0...many, [time, string], .fixed(.int), .always)
        table["strftime"] = scalar(1...many, [string, time, string], .fixed(.string), .always)
        // Math (NULL outside a function's domain).
        for name in [
            "acos", "acosh", "asin", "asinh", "atan", "atanh", "cos", "cosh", "exp", "ln", "log10", "log2", "sin",
            "sinh", "sqrt", "tan", "tanh",
        ] {
            table[name] = scalar(1...1, [double], .fixed(.double), .always)
        }
        table["log"] = scalar(1...2, [double], .fixed(.double), .always)
        for name in ["atan2", "mod", "pow", "power"] {
            table[name] = scalar(2...2, [double], .fixed(.double), .always)
        }
        for name in ["ceil", "ceiling", "floor", "trunc"] {
            table[name] = scalar(1...1, [.numeric], .numeric)
        }
        table["degrees"] = scalar(1...1, [double], .fixed(.double))
        table["radians"] = scalar(1...1, [double], .fixed(.double))
        table["pi"] = scalar(0...0, [], .fixed(.double), .never)
        // JSON (SQLite's built-in JSON1): JSON text is a String.
        table["json"] = scalar(1...1, [string], .fixed(.string))
        table["json_array"] = scalar(0...many, [.any], .fixed(.string), .never)
        table["json_array_length"] = scalar(1...2, [string], .fixed(.int), .always)
        table["json_extract"] = scalar(2...many, [string], .fixed(.any), .always)
        table["json_insert"] = scalar(3...many, [string, string, .any], .fixed(.string), .always)
        table["json_replace"] = table["json_insert"]
        table["json_set"] = table["json_insert"]
        table["json_object"] = scalar(0...many, [string, .any], .fixed(.string), .never)
        table["json_patch"] = scalar(2...2, [string], .fixed(.string), .always)
        table["json_remove"] = scalar(1...many, [string], .fixed(.string), .always)
        table["json_type"] = scalar(1...2, [string], .fixed(.string), .always)
        table["json_valid"] = scalar(1...1, [string], .fixed(.bool))
        table["json_quote"] = scalar(1...1, [.any], .fixed(.string), .never)
        // Aggregates.
        table["avg"] = FunctionSignature(
            kind: .aggregate, arity: 1...1, arguments: [double], result: .fixed(.double), nullability: .overRows)
        table["count"] = FunctionSignature(
            kind: .aggregate, arity: 0...1, arguments: [.any], result: .fixed(.int), nullability: .never)
        table["group_concat"] = FunctionSignature(
            kind: .aggregate, arity: 1...2, arguments: [string], result: .fixed(.string), nullability: .overRows)
        table["sum"] = FunctionSignature(
            kind: .aggregate, arity: 1...1, arguments: [.numeric], result: .numeric, nullability: .overRows)
        table["total"] = FunctionSignature(
            kind: .aggregate, arity: 1...1, arguments: [double], result: .fixed(.double), nullability: .never)
        table["json_group_array"] = FunctionSignature(
            kind: .aggregate, arity: 1...1, arguments: [.any], result: .fixed(.string), nullability: .never)
        table["json_group_object"] = FunctionSignature(
            kind: .aggregate, arity: 2...2, arguments: [string, .any], result: .fixed(.string), nullability: .never)
        // Window functions.
        table["row_number"] = FunctionSignature(
            kind: .window, arity: 0...0, arguments: [], result: .fixed(.int), nullability: .never)
        table["rank"] = FunctionSignature(
            kind: .window, arity: 0...0, arguments: [], result: .fixed(.int), nullability: .never)
        table["dense_rank"] = FunctionSignature(
            kind: .window, arity: 0...0, arguments: [], result: .fixed(.int), nullability: .never)
        table["percent_rank"] = FunctionSignature(
            kind: .window, arity: 0...0, arguments: [], result: .fixed(.double), nullability: .never)
        table["cume_dist"] = FunctionSignature(
            kind: .window, arity: 0...0, arguments: [], result: .fixed(.double), nullability: .never)
        table["ntile"] = FunctionSignature(
            kind: .window, arity: 1...1, arguments: [int], result: .fixed(.int), nullability: .never)
        table["lag"] = FunctionSignature(
            kind: .window, arity: 1...3, arguments: [.common, int, .common], result: .common, nullability: .always)
        table["lead"] = table["lag"]
        table["first_value"] = FunctionSignature(
            kind: .window, arity: 1...1, arguments: [.any], result: .firstArgument, nullability: .ifAnyArgument)
        table["last_value"] = table["first_value"]
        table["nth_value"] = FunctionSignature(
            kind: .window, arity: 2...2, arguments: [.any, int], result: .firstArgument, nullability: .always)
        // FTS5 auxiliary functions: the first argument is the FTS5 table.
        table["bm25"] = scalar(1...many, [.fts5Table, double], .fixed(.double), .never)
        table["highlight"] = scalar(4...4, [.fts5Table, int, string, string], .fixed(.string), .always)
        table["snippet"] = scalar(6...6, [.fts5Table, int, string, string, string, int], .fixed(.string), .always)
        return table
    }()

    /// Functions of SQLite versions after 3.40 (Debian 12's), with the version they need.
    package static let newer: [String: String] = [
        "concat": "3.44", "concat_ws": "3.44", "string_agg": "3.44", "unhex": "3.41", "octet_length": "3.43",
        "timediff": "3.43", "json_error_position": "3.42", "jsonb": "3.45",
    ]

    /// Table-valued functions and their columns (`json_each(x)`, `json_tree(x)`).
    package static let tableValued: [String: [CatalogColumn]] = {
        let json = [
            CatalogColumn(name: "key", type: .any, isNullable: true),
            CatalogColumn(name: "value", type: .any, isNullable: true),
            CatalogColumn(name: "type", type: .string, isNullable: false),
            CatalogColumn(name: "atom", type: .any, isNullable: true),
            CatalogColumn(name: "id", type: .int, isNullable: false),
            CatalogColumn(name: "parent", type: .int, isNullable: true),
            CatalogColumn(name: "fullkey", type: .string, isNullable: false),
            CatalogColumn(name: "path", type: .string, isNullable: false),
            CatalogColumn(name: "json", type: .string, isNullable: true, isHidden: true),
            CatalogColumn(name: "root", type: .string, isNullable: true, isHidden: true),
        ]
        return ["json_each": json, "json_tree": json]
    }()
}
