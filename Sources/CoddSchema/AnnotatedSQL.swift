import CoddCore

/// SQL whose column types name their Swift type, checked against a codec registry and
/// stripped of the annotations before SQLite sees it.
///
/// ```swift
/// let migration = try AnnotatedSQL("""
///     CREATE TABLE todo (
///       id TEXT AS UUID PRIMARY KEY NOT NULL,
///       name TEXT NOT NULL,
///       completedOn INTEGER AS Date
///     );
///     """, file: "Migrations/1.sql", registry: .standard)
/// migration.sql
/// // CREATE TABLE todo (
/// //   id TEXT PRIMARY KEY NOT NULL,
/// //   name TEXT NOT NULL,
/// //   completedOn INTEGER
/// // );
/// ```
///
/// An annotation is `STORAGE AS Type [USING codec]` right after a column's storage class,
/// in `CREATE TABLE`, `ALTER TABLE … ADD COLUMN` and the columns of
/// `CREATE VIRTUAL TABLE … USING fts5(…)` (whose storage class and `NOT NULL` are removed
/// too: FTS5 takes neither). The storage class is case-insensitive (`blob As UUID`); the
/// type and codec names are not. A type with a dot is quoted: `TEXT AS "Todo.ID"`. Words
/// inside strings, comments, quoted identifiers, `CHECK (…)` and defaults are left alone,
/// and everything but the annotations stays byte for byte as written.
public struct AnnotatedSQL: Sendable {
    /// The file name errors and locations name (`Migrations/1.sql`).
    public let file: String
    /// The SQL as written, annotations included.
    public let source: String
    /// The SQL without its annotations: what SQLite runs.
    public let sql: String
    /// The statements, in order.
    public let statements: [AnnotatedStatement]

    /// Parses `source` and resolves each annotation through `registry`.
    ///
    /// - Throws: ``AnnotatedSQLError`` naming `file`, the line and column, the annotation,
    ///   and for an unresolved annotation the codecs that exist.
    public init(_ source: String, file: String = "<sql>", registry: SQLCodecRegistry) throws(AnnotatedSQLError) {
        self.file = file
        self.source = source
        var parser = AnnotatedSQLParser(source: source, file: file, registry: registry)
        let parsed = try parser.parse()
        self.sql = parsed.sql
        self.statements = parsed.statements
    }

    /// Every annotation, in order.
    public var annotations: [SQLColumnAnnotation] {
        statements.flatMap(\.annotations)
    }
}

/// One statement of annotated SQL.
public struct AnnotatedStatement: Sendable {
    /// The statement without annotations, from its first token to its last (no `;`, no
    /// comments around it): what SQLite runs and `sqlite_schema` records.
    public let sql: String
    /// Where the statement starts.
    public let location: SQLSourceLocation
    /// Its first word, uppercased (`CREATE`, `INSERT`, `BEGIN`).
    public let keyword: String
    /// Its annotations.
    public let annotations: [SQLColumnAnnotation]
    /// What it changes in the schema model.
    package let change: SQLSchemaChange?
}
