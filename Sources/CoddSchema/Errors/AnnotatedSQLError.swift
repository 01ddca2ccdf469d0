import CoddCore

/// Why annotated SQL was refused, and where: the file, the line and column (1-based,
/// counted in characters), and the annotation as written.
///
/// ```text
/// Migrations/1.sql:4:15: BLOB AS Date: Date has no BLOB codec; available: TEXT (text, iso8601), INTEGER (unixTime,
/// unixTimeMilliseconds), REAL (julianDay, unixTime)
/// ```
///
/// Nothing reaches SQLite when the SQL has one: the whole file is checked first.
public struct AnnotatedSQLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public enum Reason: Sendable, Equatable {
        /// A `'…` string literal never closes.
        case unterminatedString
        /// A quoted identifier (double quotes, brackets or backquotes) never closes.
        case unterminatedIdentifier
        /// A `/* …` comment never closes.
        case unterminatedComment
        /// A NUL byte: SQLite would stop reading the SQL there.
        case nulByte
        /// A `(` never closes, or a `)` closes nothing.
        case unbalancedParentheses
        /// A `CREATE TRIGGER … BEGIN` whose body has no `END`.
        case unterminatedTrigger
        /// The annotation names no codec (unknown type, no codec for the storage class,
        /// unknown codec name, several codecs and no default); the lookup error lists
        /// the codecs that exist.
        case unresolved(SQLCodecLookupError)
        /// What stands before `AS` is not one of the storage classes INTEGER, REAL, TEXT,
        /// BLOB (`VARCHAR(36) AS UUID`): a codec writes one of those.
        case notAStorageClass(String)
        /// `AS Type` with no storage class before it (`id AS UUID`).
        case missingStorageClass
        /// `AS` or `USING` without the name that must follow it.
        case incompleteAnnotation
        /// An annotation after a constraint (`TEXT NOT NULL AS UUID`): it must follow the
        /// storage class directly.
        case misplacedAnnotation
        /// A word an FTS5 column does not take (`title X`, or a second storage class): an
        /// FTS5 column is `name`, then `UNINDEXED`, a storage class (annotated or not) and
        /// `NOT NULL`, each at most once. FTS5 refuses any other column option.
        case malformedFTS5Column(String)
    }

    /// The file name given to the parser (`Migrations/1.sql`), or `<sql>`.
    public var file: String
    public var line: Int
    public var column: Int
    /// The annotation as written (`BLOB AS Date`), when the error is about one.
    public var annotation: String?
    public var reason: Reason

    public init(file: String, line: Int, column: Int, annotation: String? = nil, reason: Reason) {
        self.file = file
        self.line = line
        self.column = column
        self.annotation = annotation
        self.reason = reason
    }

    /// `Migrations/1.sql:4:15: BLOB AS Date: Date has no BLOB codec; available: …`.
    public var description: String {
        let subject = annotation.map { "\($0): " } ?? ""
        return "\(file):\(line):\(column): \(subject)\(reason)"
    }
}

extension AnnotatedSQLError.Reason: CustomStringConvertible {
    public var description: String {
        switch self {
        case .unterminatedString: "unterminated string literal: a ' is never closed"
        case .unterminatedIdentifier: "unterminated quoted identifier: a \", [ or ` is never closed"
        case .unterminatedComment: "unterminated comment: a /* is never closed by */"
        case .nulByte: "NUL byte in the SQL: SQLite would stop reading there"
        case .unbalancedParentheses: "unbalanced parentheses"
        case .unterminatedTrigger: "CREATE TRIGGER body has no END"
        case .unresolved(let error): error.description
        case .notAStorageClass(let type):
            "\(type) is not a storage class; an annotated column is declared INTEGER, REAL, TEXT or BLOB (e.g. TEXT AS UUID)"
        case .missingStorageClass: "an annotation needs a storage class before AS (e.g. TEXT AS UUID)"
        case .incompleteAnnotation:
            "AS and USING must be followed by a name (e.g. INTEGER AS Date USING unixTimeMilliseconds)"
        case .misplacedAnnotation:
            "the annotation must follow the storage class directly, before any constraint (e.g. TEXT AS UUID NOT NULL)"
        case .malformedFTS5Column(let word):
            "\(word) is not an FTS5 column option; an FTS5 column is a name, then UNINDEXED, a storage class (e.g. TEXT AS UUID) and NOT NULL, each at most once"
        }
    }
}

extension AnnotatedSQLError.Reason {
    /// The lexer's reason, as annotated SQL reports it.
    package init(_ reason: SQLLexer.Failure.Reason) {
        switch reason {
        case .unterminatedString: self = .unterminatedString
        case .unterminatedIdentifier: self = .unterminatedIdentifier
        case .unterminatedComment: self = .unterminatedComment
        case .nulByte: self = .nulByte
        }
    }
}
