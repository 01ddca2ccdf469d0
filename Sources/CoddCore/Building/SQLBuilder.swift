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
    /// The dialect rendered: ``SQLDialect/sqlite`` unless a driver for another engine
    /// says otherwise.
    public let dialect: SQLDialect
    /// The UTF-8 bytes of the SQL rendered so far, written in place.
    ///
    /// Rendering appends bytes (keywords straight from their static strings, identifiers
    /// quoted in place): no `String` per token. ``sql`` makes the text.
    package internal(set) var sqlBuffer: SQLByteBuffer
    /// The UTF-8 bytes of the SQL rendered so far, copied into a new array on every read:
    /// a driver reads them in place with ``withSQLBytes(_:)``.
    public var sqlBytes: [UInt8] { sqlBuffer.array }
    /// The SQL rendered so far.
    public var sql: String { sqlBuffer.withUnsafeBytes { String(decoding: $0, as: UTF8.self) } }

    /// Calls `body` with the UTF-8 bytes of the SQL rendered so far, read in place: how a
    /// driver finds a prepared statement by its SQL without copying it. The pointer is valid
    /// only inside `body`.
    public func withSQLBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try sqlBuffer.withUnsafeBytes(body)
    }
    /// The values of the `?` placeholders rendered so far, in order.
    public internal(set) var bindings: [SQLValue]
    /// The placeholders among ``bindings`` that named parameters rendered: their values
    /// come when a prepared statement runs (see ``namedParameter(_:)``).
    public internal(set) var parameterSlots: [SQLParameterSlot] = []

    /// Whether the next list item needs a comma before it (see ``listItem(_:)``).
    @usableFromInline var listNeedsComma = false

    /// Whether columns render qualified (`"reminders"."title"`) or bare (`"title"`).
    ///
    /// The query renderer turns it off for a statement that reads one table, as
    /// hand-written SQL does, and renders again qualified if it meets a second table.
    public var qualifiesColumnNames = true
    /// The first qualifier a column rendered with.
    package private(set) var firstQualifier: String?
    /// Whether columns of more than one table (or alias) were rendered.
    package private(set) var rendersSeveralQualifiers = false

    /// Qualifiers to render in place of others: the query renderer builds columns with a
    /// per-statement token and maps it to the table's name or alias here.
    package var qualifierMap = SQLQualifierMap()

    /// Records that a column qualified by `qualifier` was rendered.
    package mutating func noteQualifier(_ qualifier: String) {
        if let firstQualifier {
            if firstQualifier != qualifier { rendersSeveralQualifiers = true }
        } else {
            firstQualifier = qualifier
        }
    }

    public init(mode: Mode = .parameters, dialect: SQLDialect = .sqlite) {
        self.mode = mode
        self.dialect = dialect
        self.sqlBuffer = SQLByteBuffer()
        self.bindings = []
    }

    /// A builder that renders into `buffers`, reusing their capacity (see
    /// ``SQLRenderBuffers``).
    public init(mode: Mode = .parameters, dialect: SQLDialect = .sqlite, reusing buffers: consuming SQLRenderBuffers) {
        self.mode = mode
        self.dialect = dialect
        self.sqlBuffer = SQLByteBuffer()
        self.bindings = []
        // Swapped out, not copied: the arrays stay uniquely referenced, so emptying them
        // keeps their storage rather than allocating anew.
        swap(&sqlBuffer, &buffers.sqlBuffer)
        swap(&bindings, &buffers.bindings)
        sqlBuffer.removeAll()
        if !bindings.isEmpty { bindings.removeAll(keepingCapacity: true) }
    }

    /// The SQL and bindings rendered so far.
    public var fragment: SQLFragment {
        var fragment = SQLFragment(sql: sql, bindings: bindings)
        fragment.requirement = requirement
        fragment.parameterSlots = parameterSlots
        fragment.collations = collations
        return fragment
    }

    /// The newest SQLite feature the statement uses, if any; see ``require(_:)``.
    public internal(set) var requirement: SQLFeatureRequirement?

    /// The collations written in Swift that the statement names (``collate(_:)``): the
    /// driver registers them on the connection before the statement runs.
    public internal(set) var collations: [SQLCollation] = []

    // MARK: Tokens

    /// A space before the next token, unless the SQL is empty or ends with `(` or a space.
    @inline(__always)
    mutating func separateToken() {
        if sqlBuffer.needsSeparator { sqlBuffer.append(UInt8(ascii: " ")) }
    }

    /// Appends a token, separated from the previous one by a space where SQL needs it.
    mutating func appendToken(_ token: String) {
        separateToken()
        sqlBuffer.append(contentsOf: token.utf8)
    }

    /// Appends the bytes of a static string, with no separator.
    @inline(__always)
    mutating func appendBytes(of text: StaticString) {
        if text.hasPointerRepresentation {
            sqlBuffer.append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        } else {
            text.withUTF8Buffer { sqlBuffer.append($0) }
        }
    }

    /// Appends SQL written in source: a keyword, an operator, a clause (`SELECT`, `<=`, `IS NOT NULL`).
    ///
    /// The argument is a `StaticString`, so no runtime value can reach SQL this way.
    public mutating func keyword(_ keyword: StaticString) {
        let spaced = sqlBuffer.needsSeparator
        if keyword.hasPointerRepresentation {
            sqlBuffer.append(
                UnsafeBufferPointer(start: keyword.utf8Start, count: keyword.utf8CodeUnitCount), spaced: spaced)
        } else {
            keyword.withUTF8Buffer { sqlBuffer.append($0, spaced: spaced) }
        }
    }

    /// Reserves room for `count` bytes of SQL: a statement's render starts with this.
    public mutating func reserveCapacity(_ count: Int) {
        sqlBuffer.reserveCapacity(count)
    }

    /// Appends `(`.
    public mutating func openParenthesis() {
        sqlBuffer.append(UInt8(ascii: "("), spaced: sqlBuffer.needsSeparator)
    }

    /// Appends `)`.
    public mutating func closeParenthesis() {
        sqlBuffer.append(UInt8(ascii: ")"))
    }

    /// Appends `,`.
    public mutating func comma() {
        sqlBuffer.append(UInt8(ascii: ","))
    }

    /// Appends `( … )` around what `body` renders.
    @inlinable
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
    @inlinable
    public mutating func listItem(_ body: (inout SQLBuilder) throws -> Void) rethrows {
        if listNeedsComma { comma() }
        listNeedsComma = false
        try body(&self)
        listNeedsComma = true
    }

    /// Starts a new comma-separated list, as after `SELECT` or `ORDER BY`.
    @inlinable
    public mutating func list(_ body: (inout SQLBuilder) throws -> Void) rethrows {
        let saved = listNeedsComma
        listNeedsComma = false
        try body(&self)
        listNeedsComma = saved
    }

    // MARK: Identifiers

    /// Appends a quoted identifier: `"name"`, embedded quotes doubled (`"a""b"`).
    public mutating func identifier(_ name: String) {
        appendQuoted(name, spaced: sqlBuffer.needsSeparator)
    }

    /// Appends a qualified identifier: `"table"."column"`.
    public mutating func identifier(_ qualifier: String, _ name: String) {
        appendQuoted(qualifier, spaced: sqlBuffer.needsSeparator)
        sqlBuffer.append(UInt8(ascii: "."))
        appendQuoted(name)
    }

    /// Appends `"name"`, embedded quotes doubled, with no separator.
    mutating func appendQuoted(_ name: String, spaced: Bool = false) {
        let quote = UInt8(ascii: "\"")
        let plain = name.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            for byte in bytes where byte == quote { return false }
            sqlBuffer.append(bytes, between: quote, spaced: spaced)
            return true
        }
        if plain == true { return }
        if spaced { sqlBuffer.append(UInt8(ascii: " ")) }
        sqlBuffer.append(quote)
        if name.utf8.contains(quote) {
            for byte in name.utf8 {
                sqlBuffer.append(byte)
                if byte == quote { sqlBuffer.append(quote) }
            }
        } else {
            sqlBuffer.append(contentsOf: name.utf8)
        }
        sqlBuffer.append(quote)
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
        keyword(name)
        try callArguments(arguments)
    }

    /// Appends a call of a function whose name is only known at run time (one registered
    /// from Swift, say), quoting the name: `"my_function"(arguments)`.
    public mutating func function(named name: String, _ arguments: (inout SQLBuilder) throws -> Void) rethrows {
        separateToken()
        appendQuoted(name)
        try callArguments(arguments)
    }

    /// `(arguments)` right after a callee, the arguments a list of their own.
    private mutating func callArguments(_ arguments: (inout SQLBuilder) throws -> Void) rethrows {
        sqlBuffer.append(UInt8(ascii: "("))
        let saved = listNeedsComma
        listNeedsComma = false
        try arguments(&self)
        listNeedsComma = saved
        sqlBuffer.append(UInt8(ascii: ")"))
    }

    // MARK: Values

    /// Appends `value` as a `?` placeholder and binding, or as a literal, by ``mode``.
    ///
    /// The value is not wrapped; use ``wrappedValue(_:)`` where it is compared.
    public mutating func value<T: SQLCustomType>(_ value: T) throws {
        // A natively typed value in a dialect with native types (PostgreSQL's `uuid`):
        // its native form, asked before `bind(into:)`, which binds storage classes only.
        if dialect.hasNativeTypes, let typed = value as? any SQLNativelyTyped, let native = try typed.nativeValue {
            return try nativeValue(native)
        }
        switch mode {
        case .parameters:
            var collector = SQLSingleValueCollector()
            try value.bind(into: &collector)
            if let requirement = collector.requirement { require(requirement) }
            try placeholder(try collector.value(for: value))
        case .inlineLiterals:
            let before = sqlBuffer.count
            try value.render(literalInto: &self)
            if sqlBuffer.count == before {
                throw SQLEncodingError(value, reason: "render(literalInto:) rendered nothing")
            }
        }
    }

    /// Appends the decimal digits of a positive number, with no separator and no `String`.
    private mutating func appendDigits(_ number: Int) {
        let start = sqlBuffer.count
        var rest = number
        repeat {
            sqlBuffer.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10))
            rest /= 10
        } while rest > 0
        sqlBuffer.reverse(from: start)
    }

    /// Appends `value` wrapped by its type's ``SQLComparisonWrapping/wrapSQL(into:_:)``
    /// (`julianday(?)` for a date compared as a julian day).
    public mutating func wrappedValue<T: SQLCustomType>(_ value: T) throws {
        // In a dialect with native types a natively typed value compares as it is.
        if dialect.hasNativeTypes, T.self is any SQLNativelyTyped.Type {
            return try self.value(value)
        }
        try T.wrapSQL(into: &self) { try $0.value(value) }
    }

    /// Appends an already-encoded value as a `?` placeholder (collecting it) or as a
    /// literal, by ``mode``.
    ///
    /// - Throws: ``SQLEncodingError`` for a non-finite real in ``Mode/inlineLiterals`` mode.
    public mutating func placeholder(_ value: SQLValue) throws {
        switch mode {
        case .parameters:
            switch dialect.placeholderStyle {
            case .questionMark:
                sqlBuffer.append(UInt8(ascii: "?"), spaced: sqlBuffer.needsSeparator)
            case .dollarNumbered:
                sqlBuffer.append(UInt8(ascii: "$"), spaced: sqlBuffer.needsSeparator)
                appendDigits(bindings.count + 1)
            }
            // Room for a few at the first: one allocation where growing 1, 2, 4 takes three.
            if bindings.capacity == 0 { bindings.reserveCapacity(4) }
            bindings.append(value)
        case .inlineLiterals:
            try literal(value)
        }
    }

    // MARK: Raw SQL for Codd's own modules

    /// Appends SQL text verbatim. For Codd's renderer (the literal parts of an `#sql`
    /// string written in source); never exposed to user data.
    package mutating func appendRaw(_ sql: String) {
        sqlBuffer.append(contentsOf: sql.utf8)
    }

    /// Appends another rendered fragment, keeping its bindings in order.
    ///
    /// The fragment must have been rendered in this builder's mode and dialect. In a
    /// dialect that numbers its placeholders (PostgreSQL) they are renumbered to follow
    /// the builder's: a fragment's `$1` appended after two values becomes `$3`.
    public mutating func append(_ fragment: SQLFragment) {
        guard !fragment.sql.isEmpty else { return }
        if dialect.placeholderStyle == .dollarNumbered && !bindings.isEmpty && !fragment.bindings.isEmpty {
            // `$1` of the fragment is this builder's next placeholder: renumber.
            separateToken()
            sqlBuffer.append(
                contentsOf: SQLPlaceholderRenumbering.renumbered(Array(fragment.sql.utf8), offset: bindings.count))
        } else {
            appendToken(fragment.sql)
        }
        if !fragment.parameterSlots.isEmpty {
            let offset = bindings.count
            parameterSlots += fragment.parameterSlots.map {
                SQLParameterSlot(name: $0.name, position: $0.position + offset)
            }
        }
        bindings += fragment.bindings
        if let requirement = fragment.requirement { require(requirement) }
        for collation in fragment.collations { note(collation) }
    }
}
