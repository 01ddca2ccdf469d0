/// Renders SQL text.
///
/// Everything that reaches SQL goes through one of its methods: keywords (static strings
/// written in source, never user data), quoted identifiers, escaped literals, function
/// calls and values. A value becomes a `?` placeholder and a collected binding in
/// ``Mode/parameters`` mode (for execution), or an inline literal in
/// ``Mode/inlineLiterals`` mode (for display, triggers and views). Both forms of one
/// expression mean the same thing:
///
/// ```swift
/// var builder = SQLBuilder(mode: .parameters)
/// builder.identifier("reminders", "title")
/// builder.keyword("=")
/// try builder.value("it's")
/// // builder.sql      == #""reminders"."title" = ?"#
/// // builder.bindings == [.text("it's")]
///
/// var display = SQLBuilder(mode: .inlineLiterals)
/// // … the same calls render #""reminders"."title" = 'it''s'"#
/// ```
///
/// Tokens are separated by one space, except after `(` and before `)` and `,`.
public struct SQLBuilder: Sendable {
    /// How values are rendered.
    public enum Mode: Sendable, Hashable {
        /// Values render as `?` and are collected in ``SQLBuilder/bindings``.
        case parameters
        /// Values render as SQL literals; nothing is collected.
        case inlineLiterals
    }

    /// How values are rendered.
    public let mode: Mode
    /// The SQL rendered so far.
    public private(set) var sql: String
    /// The values of the `?` placeholders rendered so far, in order.
    public private(set) var bindings: [SQLValue]

    /// Whether the next list item needs a comma before it (see ``listItem(_:)``).
    @usableFromInline var listNeedsComma = false

    /// Whether columns render qualified (`"reminders"."title"`) or bare (`"title"`).
    ///
    /// The query renderer turns it off for a statement that reads one table, as
    /// hand-written SQL does, and renders again qualified if it meets a second table.
    public var qualifiesColumnNames = true
    /// The first qualifier a column rendered with.
    public private(set) var firstQualifier: String?
    /// Whether columns of more than one table (or alias) were rendered.
    public private(set) var rendersSeveralQualifiers = false

    /// Qualifiers to render in place of others: the query renderer builds columns with a
    /// per-statement token and maps it to the table's name or alias here.
    public var qualifierMap: [String: String] = [:]

    /// Records that a column qualified by `qualifier` was rendered.
    public mutating func noteQualifier(_ qualifier: String) {
        if let firstQualifier {
            if firstQualifier != qualifier { rendersSeveralQualifiers = true }
        } else {
            firstQualifier = qualifier
        }
    }

    public init(mode: Mode = .parameters) {
        self.mode = mode
        self.sql = ""
        self.bindings = []
    }

    /// The SQL and bindings rendered so far.
    public var fragment: SQLFragment {
        var fragment = SQLFragment(sql: sql, bindings: bindings)
        fragment.requirement = requirement
        return fragment
    }

    /// The newest SQLite feature the statement uses, if any; see ``require(_:)``.
    public internal(set) var requirement: SQLFeatureRequirement?

    // MARK: Tokens

    /// Appends a token, separated from the previous one by a space where SQL needs it.
    @usableFromInline
    mutating func appendToken(_ token: some StringProtocol) {
        if let last = sql.utf8.last, last != UInt8(ascii: "("), last != UInt8(ascii: " ") {
            sql += " "
        }
        sql += token
    }

    /// Appends SQL written in source: a keyword, an operator, a clause (`SELECT`, `<=`, `IS NOT NULL`).
    ///
    /// The argument is a `StaticString`, so no runtime value can reach SQL this way.
    public mutating func keyword(_ keyword: StaticString) {
        appendToken(keyword.description)
    }

    /// Appends `(`.
    public mutating func openParenthesis() {
        appendToken("(")
    }

    /// Appends `)`.
    public mutating func closeParenthesis() {
        sql += ")"
    }

    /// Appends `,`.
    public mutating func comma() {
        sql += ","
    }

    /// Appends `( … )` around what `body` renders.
    public mutating func parenthesized(_ body: (inout SQLBuilder) throws -> Void) rethrows {
        openParenthesis()
        let saved = listNeedsComma
        listNeedsComma = false
        try body(&self)
        listNeedsComma = saved
        closeParenthesis()
    }

    /// Renders one item of a comma-separated list: a comma first unless it is the first
    /// item since the enclosing parenthesis or ``list(_:)``.
    public mutating func listItem(_ body: (inout SQLBuilder) throws -> Void) rethrows {
        if listNeedsComma { comma() }
        listNeedsComma = false
        try body(&self)
        listNeedsComma = true
    }

    /// Starts a new comma-separated list, as after `SELECT` or `ORDER BY`.
    public mutating func list(_ body: (inout SQLBuilder) throws -> Void) rethrows {
        let saved = listNeedsComma
        listNeedsComma = false
        try body(&self)
        listNeedsComma = saved
    }

    // MARK: Identifiers

    /// Appends a quoted identifier: `"name"`, embedded quotes doubled (`"a""b"`).
    public mutating func identifier(_ name: String) {
        appendToken(Self.quoted(name))
    }

    /// Appends a qualified identifier: `"table"."column"`.
    public mutating func identifier(_ qualifier: String, _ name: String) {
        appendToken(Self.quoted(qualifier) + "." + Self.quoted(name))
    }

    /// `name` as a quoted SQL identifier: `"name"`, embedded quotes doubled.
    public static func quoted(_ name: String) -> String {
        var result = "\""
        result.reserveCapacity(name.utf8.count + 2)
        for character in name.unicodeScalars {
            if character == "\"" { result += "\"\"" } else { result.unicodeScalars.append(character) }
        }
        result += "\""
        return result
    }

    // MARK: Functions

    /// Appends a call of a built-in SQL function: `name(arguments)`.
    ///
    /// Render each argument with ``listItem(_:)``:
    ///
    /// ```swift
    /// builder.function("substr") {
    ///     $0.listItem { $0.identifier("title") }
    ///     $0.listItem { $0.integer(1) }
    /// }
    /// // substr("title", 1)
    /// ```
    public mutating func function(_ name: StaticString, _ arguments: (inout SQLBuilder) throws -> Void) rethrows {
        try call(name.description, arguments)
    }

    /// Appends a call of a function whose name is only known at run time (one registered
    /// from Swift, say), quoting the name: `"my_function"(arguments)`.
    public mutating func function(named name: String, _ arguments: (inout SQLBuilder) throws -> Void) rethrows {
        try call(Self.quoted(name), arguments)
    }

    /// `callee(arguments)`, the arguments a list of their own.
    private mutating func call(_ callee: String, _ arguments: (inout SQLBuilder) throws -> Void) rethrows {
        appendToken(callee)
        sql += "("
        let saved = listNeedsComma
        listNeedsComma = false
        try arguments(&self)
        listNeedsComma = saved
        sql += ")"
    }

    // MARK: Values

    /// Appends `value` as a `?` placeholder and binding, or as a literal, by ``mode``.
    ///
    /// The value is not wrapped; use ``wrappedValue(_:)`` where it is compared.
    public mutating func value<T: SQLCustomType>(_ value: T) throws {
        switch mode {
        case .parameters:
            var collector = SQLValueCollector()
            try value.bind(into: &collector)
            try collector.requireSingleValue(for: T.self, value)
            try placeholder(collector.values[0])
        case .inlineLiterals:
            let before = sql.utf8.count
            try value.render(literalInto: &self)
            if sql.utf8.count == before {
                throw SQLEncodingError(value, reason: "render(literalInto:) rendered nothing")
            }
        }
    }

    /// Appends `value` wrapped by its type's ``SQLCustomType/wrapSQL(context:builder:)``
    /// (`julianday(?)` for a date compared as a julian day).
    public mutating func wrappedValue<T: SQLCustomType>(_ value: T) throws {
        try T.wrapSQL(context: &self) { try $0.value(value) }
    }

    /// Appends an already-encoded value as a `?` placeholder (collecting it) or as a
    /// literal, by ``mode``.
    ///
    /// - Throws: ``SQLEncodingError`` for a non-finite real in ``Mode/inlineLiterals`` mode.
    public mutating func placeholder(_ value: SQLValue) throws {
        switch mode {
        case .parameters:
            appendToken("?")
            bindings.append(value)
        case .inlineLiterals:
            try literal(value)
        }
    }

    // MARK: Raw SQL for Codd's own modules

    /// Appends SQL text verbatim. For Codd's renderer (the literal parts of an `#sql`
    /// string written in source); never exposed to user data.
    package mutating func appendRaw(_ sql: String) {
        self.sql += sql
    }

    /// Appends another rendered fragment, keeping its bindings in order.
    ///
    /// The fragment's placeholders are taken as they are, so it must have been rendered
    /// in this builder's mode.
    public mutating func append(_ fragment: SQLFragment) {
        guard !fragment.sql.isEmpty else { return }
        appendToken(fragment.sql)
        bindings += fragment.bindings
        if let requirement = fragment.requirement { require(requirement) }
    }
}
