/// A type that SQLite can store and the query renderer can use: the name a type conforms to.
///
/// It is the sum of small protocols, one job each, with defaults for all but the first two:
///
/// | protocol | job | default |
/// | --- | --- | --- |
/// | ``SQLColumnDecodable`` | `init(reader:at:)`: read a column | none |
/// | ``SQLBindable`` | `storage`, `bind(into:)`: bind a parameter | none |
/// | ``SQLLiteralRenderable`` | `render(literalInto:)`: render a literal | the bound value as a literal |
/// | ``SQLComparisonWrapping`` | `wrapSQL(into:_:)`, `comparesUnwrapped`: how it compares | no wrap; wrapped |
/// | ``SQLJSONRepresentable`` | `renderJSON(into:_:)`, `init(decodingJSON:)`: its JSON form | by storage class |
///
/// A conforming type is a *representation*: one storage form of a Swift value. Most types
/// are their own representation (`Int` is stored as INTEGER, `String` as TEXT). A value
/// with several storage forms gets one representation type per form, whose
/// ``Represented`` is the domain type: a UUID stored as 16 bytes is a
/// `UUID.BlobRepresentation` whose `Represented` is `UUID`, chosen per column instead of
/// `UUID`'s default TEXT form (see ``SQLRepresentation``).
///
/// ```swift
/// struct Celsius: SQLCustomType, SQLComparable {
///     var degrees: Double
///     static var storage: SQLStorage { .real }
///     init(degrees: Double) { self.degrees = degrees }
///     init(reader: borrowing some SQLColumnReader, at index: Int) throws {
///         degrees = try Double(reader: reader, at: index)
///     }
///     func bind(into context: inout some SQLBindingContext) throws {
///         try context.bindReal(degrees)
///     }
/// }
/// ```
public protocol SQLCustomType:
    SQLColumnDecodable, SQLLiteralRenderable, SQLComparisonWrapping, SQLJSONRepresentable, SQLExpression
where QueryValue == Self {
    /// The Swift value this representation stands for; `Self` for a type that is its own
    /// representation.
    associatedtype Represented: Sendable = Self

    /// A fetch hands back the represented value: a `UUID`, not its `UUID.BlobRepresentation`.
    associatedtype Fetched = Represented

    /// The nullable form of this representation: `Self?`, or `Self` when it is already
    /// optional. Aggregates such as `max` produce it (no rows, no value).
    associatedtype Optionalized: SQLCustomType = Self?

    /// The representation of `represented`.
    init(represented: Represented)

    /// The Swift value this representation stands for.
    var represented: Represented { get }
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
