/// The SQL dialect a builder renders: how placeholders look, what the engine can do
/// (``Capabilities``), and how it spells what engines write differently (its
/// ``SQLDialectSpelling`` table).
///
/// SQLite is the default, defined here; a driver defines its engine's dialect in its own
/// module (CoddPostgres defines `SQLDialect.postgreSQL`). Rendering code asks the builder's
/// dialect for a capability or a spelling, never for its identity, so a dialect is added
/// in one place:
///
/// ```swift
/// try builder.require(.dateFunctions, "date arithmetic")            // throws on PostgreSQL
/// builder.keyword(builder.dialect.spelling.nullSafeEquality(negated: false))   // IS, or IS NOT DISTINCT FROM
/// ```
public struct SQLDialect: @unchecked Sendable, Hashable, CustomStringConvertible {
    // Every builder holds one: trivial fields only (a static string, flags, a metatype), so
    // copying a builder retains nothing. Sendable: every field is immutable, and the
    // spelling table is a type's static members (a metatype is not `Sendable` before
    // Swift 6.2's SendableMetatype, which Codd's Swift 6.1 floor lacks).

    /// How a dialect writes the placeholder of a bound parameter.
    public enum PlaceholderStyle: Sendable, Hashable {
        /// `?`: SQLite binds parameters in order.
        case questionMark
        /// `$1`, `$2`, …: numbered from one in order of appearance.
        case dollarNumbered
    }

    /// What an engine can do that another cannot; rendering code asks, and a statement that
    /// needs a capability its dialect lacks is an ``SQLDialectError`` naming the feature.
    public struct Capabilities: OptionSet, Sendable, Hashable {
        public let rawValue: UInt16

        public init(rawValue: UInt16) {
            self.rawValue = rawValue
        }

        /// Natively typed values (``SQLNativelyTyped``: UUIDs, dates, JSON documents,
        /// booleans) bind, compare and nest in JSON in the engine's own types, not as
        /// SQLite's storage classes: no `julianday` wrap, no hex form of a 16-byte UUID.
        public static let nativeTypes = Capabilities(rawValue: 1 << 0)
        /// SQLite's date and time functions (`julianday`, `strftime` with modifiers): date
        /// arithmetic and differences in the DSL.
        public static let dateFunctions = Capabilities(rawValue: 1 << 1)
        /// `INSERT OR …` and `UPDATE OR …` conflict clauses.
        public static let conflictClauses = Capabilities(rawValue: 1 << 2)
        /// FTS5 virtual tables and `MATCH`.
        public static let fts5 = Capabilities(rawValue: 1 << 3)
        /// A CTE may read itself without `WITH RECURSIVE`.
        public static let implicitRecursion = Capabilities(rawValue: 1 << 4)
        /// SQLite's table-valued JSON functions, `json_each` and `json_tree`: a JSON array
        /// read as rows (`contains`, `IN (SELECT value FROM json_each(?))`).
        public static let jsonTableFunctions = Capabilities(rawValue: 1 << 5)
        /// Several `ON CONFLICT` clauses in one INSERT, tried in order (SQLite 3.35).
        public static let multipleConflictTargets = Capabilities(rawValue: 1 << 6)
    }

    /// The engine's name, for messages: `SQLite`.
    public var name: String { staticName.description }
    private let staticName: StaticString
    /// How placeholders are written.
    public let placeholderStyle: PlaceholderStyle
    /// What the engine can do.
    public let capabilities: Capabilities
    /// How the engine spells what engines write differently.
    public let spelling: any SQLDialectSpelling.Type

    /// A dialect: its name, placeholders, capabilities and spelling table.
    public init(
        name: StaticString, placeholderStyle: PlaceholderStyle, capabilities: Capabilities,
        spelling: any SQLDialectSpelling.Type
    ) {
        self.staticName = name
        self.placeholderStyle = placeholderStyle
        self.capabilities = capabilities
        self.spelling = spelling
    }

    public static func == (lhs: SQLDialect, rhs: SQLDialect) -> Bool {
        lhs.name == rhs.name && lhs.placeholderStyle == rhs.placeholderStyle && lhs.capabilities == rhs.capabilities
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(placeholderStyle)
        hasher.combine(capabilities.rawValue)
    }

    /// SQLite: `?` placeholders, storage classes only, `julianday` for dates,
    /// `json_group_array` for JSON, every SQLite-only feature.
    public static let sqlite = SQLDialect(
        name: "SQLite", placeholderStyle: .questionMark,
        capabilities: [
            .dateFunctions, .conflictClauses, .fts5, .implicitRecursion, .jsonTableFunctions, .multipleConflictTargets,
        ],
        spelling: SQLiteSpelling.self
    )

    /// Whether the dialect can do `capability`.
    @inlinable
    public func supports(_ capability: Capabilities) -> Bool {
        capabilities.contains(capability)
    }

    /// Whether natively typed values bind, compare and nest in the engine's own types.
    @inlinable
    public var hasNativeTypes: Bool { capabilities.contains(.nativeTypes) }

    /// Whether this is SQLite.
    @available(
        *, deprecated,
        message: "ask for a capability (supports(_:)) or a spelling (spelling), which a new dialect answers too"
    )
    public var isSQLite: Bool { name == "SQLite" }

    public var description: String { name }
}
