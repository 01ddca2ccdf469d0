/// A type that SQLite can store: it reads itself from a column, binds itself as a
/// parameter, renders itself as a literal, and declares its storage class.
///
/// A conforming type is a *representation*: one storage form of a Swift value. Most types
/// are their own representation (`Int` is stored as INTEGER, `String` as TEXT). A value
/// with several storage forms gets one representation type per form, whose
/// ``Represented`` is the domain type: a UUID stored as 16 bytes is a `BlobUUID`
/// representation whose `Represented` is `UUID`, chosen per column instead of `UUID`'s
/// default TEXT form. See `docs/Architecture.md`.
///
/// ```swift
/// struct Celsius: SQLCustomType, SQLComparable {
///     var degrees: Double
///     static var storage: SQLStorage { .real }
///     init(degrees: Double) { self.degrees = degrees }
///     init(reader: some SQLColumnReader, at index: Int) throws {
///         degrees = try Double(reader: reader, at: index)
///     }
///     func bind(into context: inout some SQLBindingContext) throws {
///         try context.bindReal(degrees)
///     }
/// }
/// ```
public protocol SQLCustomType: SQLRowDecodable, SQLExpression where QueryValue == Self {
    /// The Swift value this representation stands for; `Self` for a type that is its own
    /// representation.
    associatedtype Represented: Sendable = Self

    /// A fetch hands back the represented value: a `UUID`, not its `UUID.BlobRepresentation`.
    associatedtype Fetched = Represented

    /// The nullable form of this representation: `Self?`, or `Self` when it is already
    /// optional. Aggregates such as `max` produce it (no rows, no value).
    associatedtype Optionalized: SQLCustomType = Self?

    /// The storage class this representation writes.
    static var storage: SQLStorage { get }

    /// The representation of `represented`.
    init(represented: Represented)

    /// The Swift value this representation stands for.
    var represented: Represented { get }

    /// Reads the value of column `index`.
    ///
    /// Throw a ``SQLDecodingError`` (see ``SQLColumnReader/decodingError(at:for:expected:reason:)``)
    /// for a NULL, a value of another storage class or a malformed value; never trap.
    init(reader: some SQLColumnReader, at index: Int) throws

    /// Binds the value as the next parameter of `context`, with exactly one call.
    ///
    /// Throw a ``SQLEncodingError`` for a value the storage class cannot hold.
    func bind(into context: inout some SQLBindingContext) throws

    /// Renders the value as an SQL literal.
    ///
    /// The default renders the value ``bind(into:)`` binds, so the literal and the bound
    /// parameter always mean the same thing. Override it only to render something that
    /// reads more clearly and means the same.
    func render(literalInto builder: inout SQLBuilder) throws

    /// Wraps every expression of this type where it is compared, ordered or passed to a
    /// function: a column, a bound parameter or a literal.
    ///
    /// The default does not wrap. A date stored as text in several formats wraps in
    /// `julianday(…)` so that comparisons compare instants, not strings:
    ///
    /// ```swift
    /// static func wrapSQL(context: inout SQLBuilder, builder: (inout SQLBuilder) throws -> Void) rethrows {
    ///     try context.function("julianday") { try $0.listItem(builder) }
    /// }
    /// // julianday("reminders"."dueAt") < julianday(?)
    /// ```
    ///
    /// A column that is only selected to be decoded is never wrapped.
    static func wrapSQL(context: inout SQLBuilder, builder: (inout SQLBuilder) throws -> Void) rethrows

    /// Renders an expression of this type as its JSON form, inside `json_object` or
    /// `json_group_array`: the form ``init(decodingJSON:)`` reads back, and the form Codd's
    /// JSON coders give the represented value inside a JSON document.
    ///
    /// The default keeps TEXT and INTEGER as they are, renders a REAL with 18 significant
    /// digits (SQLite's JSON keeps 15: `0.30000000000000004` would come back `0.3`; and
    /// SQLite 3.40's `printf` misses the last bit of some large doubles at 17, never at 18
    /// in 150,000 random bit patterns) and a BLOB as hex digits (JSON holds no BLOB). A representation whose stored
    /// form is not its JSON form overrides it: a 16-byte UUID renders its text form, a
    /// numeric date its text form, a JSON document `json(…)` so it nests as JSON.
    ///
    /// ```swift
    /// // REAL: iif("t"."score" IS NULL, NULL, json(printf('%!.18g', "t"."score")))
    /// // BLOB: iif("t"."data" IS NULL, NULL, hex("t"."data"))
    /// ```
    static func renderJSON(context: inout SQLBuilder, builder: (inout SQLBuilder) throws -> Void) rethrows

    /// Reads the value from its JSON form inside a JSON document (the member of an
    /// aggregated row, an element of an array).
    ///
    /// The default reads the JSON value as a column through ``SQLJSONValueReader``; a
    /// representation whose ``renderJSON(context:builder:)`` changes the form reads that.
    /// (A requirement of its own, not a refinement of ``SQLJSONDecodable``: that would make
    /// `Optional`'s two conditional conformances depend on each other at run time.)
    init(decodingJSON json: SQLJSONValue) throws

    /// Whether two values stored by this representation compare (`=`, `<`, `ORDER BY`) in
    /// SQLite as their Swift values do without ``wrapSQL(context:builder:)``: a canonical
    /// form whose ordering is Swift's. Comparisons between two plain expressions of the
    /// representation then skip the wrap, so an index on the column can serve them.
    /// Default: `false`, except for types that do not wrap.
    static var comparesUnwrapped: Bool { get }
}

extension SQLCustomType where Fetched == Represented {
    @inlinable @inline(__always)
    public var fetched: Represented { represented }
}

extension SQLCustomType where Represented == Self {
    @inlinable @inline(__always)
    public init(represented: Self) { self = represented }

    @inlinable @inline(__always)
    public var represented: Self { self }
}

extension SQLCustomType {
    public func render(literalInto builder: inout SQLBuilder) throws {
        var collector = SQLValueCollector()
        try bind(into: &collector)
        try collector.requireSingleValue(for: Self.self, self)
        try builder.literal(collector.values[0])
    }

    @inlinable
    public static func wrapSQL(context: inout SQLBuilder, builder: (inout SQLBuilder) throws -> Void) rethrows {
        try builder(&context)
    }

    public static var comparesUnwrapped: Bool { false }

    /// Whether comparing two plain values of this representation can skip `wrapSQL`:
    /// it ``comparesUnwrapped``, or its `wrapSQL` renders nothing.
    public static var comparesPlainValuesUnwrapped: Bool {
        if comparesUnwrapped { return true }
        var probe = SQLBuilder()
        wrapSQL(context: &probe) { _ in }
        return probe.sqlBytes.isEmpty
    }

    /// A representation reads one column.
    @inlinable
    public static var columnCount: Int { 1 }

    @inlinable
    public init(decodingRow reader: some SQLColumnReader, at index: inout Int) throws {
        self = try Self(reader: reader, at: index)
        index += 1
    }
}
