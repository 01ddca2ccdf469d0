/// A piece of the SQL a generated query runs: text, a bound value, an `IN ?` list expanded
/// when bound, or a dynamic filter's term, dropped (rendered `1`, true) when its value is nil.
public enum SQLPiece: Sendable, Hashable {
    /// SQL text, as written (annotations removed).
    case text(String)
    /// One `?`, bound to input `input` through `representation`.
    case bind(input: Int, representation: String)
    /// `(?, ?, …)`: one `?` per element of array input `input` (`()` for none).
    case list(input: Int, representation: String)
    /// A dynamic filter's term: `pieces` when every one of `inputs` has a value, else `1`.
    case optional(inputs: [Int], pieces: [SQLPiece])

    /// Whether the text of `pieces` changes with the inputs (a list or a dropped term).
    public static func isDynamic(_ pieces: [SQLPiece]) -> Bool {
        pieces.contains { piece in
            switch piece {
            case .text, .bind: false
            case .list, .optional: true
            }
        }
    }

    /// The SQL of static `pieces`, with `?` for each bound value.
    public static func staticSQL(_ pieces: [SQLPiece]) -> String {
        pieces.map { piece in
            switch piece {
            case .text(let text): text
            case .bind: "?"
            case .list: "(?)"
            case .optional(_, let inner): staticSQL(inner)
            }
        }.joined()
    }

    /// The bound values of static `pieces`, in order.
    public static func bindings(_ pieces: [SQLPiece]) -> [(input: Int, representation: String)] {
        pieces.flatMap { piece -> [(input: Int, representation: String)] in
            switch piece {
            case .text: []
            case .bind(let input, let representation): [(input, representation)]
            case .list(let input, let representation): [(input, representation)]
            case .optional(_, let inner): bindings(inner)
            }
        }
    }
}
