/// The SQL dialect a builder renders: how placeholders look, and whatever a type's
/// `wrapSQL`, literal or JSON form does differently per database engine.
///
/// SQLite is the default; PostgreSQL is the other. Rendering code that differs per
/// engine asks the builder (`builder.dialect`), so a new dialect changes no call site:
///
/// ```swift
/// static func wrapSQL(into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void) rethrows {
///     if builder.dialect == .sqlite {
///         try builder.function("julianday") { try $0.listItem(expression) }
///     } else {
///         try expression(&builder)
///     }
/// }
/// ```
public struct SQLDialect: Sendable, Hashable, CustomStringConvertible {
    // Every builder holds one: trivial fields only, so copying a builder retains nothing.
    /// How a dialect writes the placeholder of a bound parameter.
    @usableFromInline package enum PlaceholderStyle: Sendable, Hashable {
        /// `?`: SQLite binds parameters in order.
        case questionMark
        /// `$1`, `$2`, …: numbered from one in order of appearance.
        case dollarNumbered
    }

    /// The engine's name, for messages: `SQLite`.
    public var name: String { staticName.description }
    private let staticName: StaticString
    /// How placeholders are written.
    @usableFromInline package let placeholderStyle: PlaceholderStyle

    package init(name: StaticString, placeholderStyle: PlaceholderStyle) {
        self.staticName = name
        self.placeholderStyle = placeholderStyle
    }

    public static func == (lhs: SQLDialect, rhs: SQLDialect) -> Bool {
        lhs.name == rhs.name && lhs.placeholderStyle == rhs.placeholderStyle
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(placeholderStyle)
    }

    /// SQLite: `?` placeholders, `julianday` for dates, `json_group_array` for JSON.
    public static let sqlite = SQLDialect(name: "SQLite", placeholderStyle: .questionMark)

    /// PostgreSQL: `$1 … $n` placeholders, native `uuid`, `timestamptz`, `jsonb` and
    /// `boolean` values (`$1::uuid`), `json_agg` / `jsonb_build_object` for JSON, no
    /// `julianday` wrap (see docs/PostgreSQL.md).
    public static let postgreSQL = SQLDialect(name: "PostgreSQL", placeholderStyle: .dollarNumbered)

    /// Whether this is SQLite: rendering code asks this where SQLite's form differs.
    @inlinable
    public var isSQLite: Bool { placeholderStyle == .questionMark }

    /// Whether values of `uuid`, `timestamptz`, `jsonb` and `boolean` bind in their native
    /// types (`SQLNativeValue`), rather than as SQLite storage classes.
    @inlinable
    public var hasNativeTypes: Bool { placeholderStyle == .dollarNumbered }

    public var description: String { name }
}
