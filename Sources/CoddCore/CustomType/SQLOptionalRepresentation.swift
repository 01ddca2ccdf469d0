/// An optional representation, `Wrapped?`: what lets an optional expression compare with a
/// non-optional one of the same representation (`$0.completedAt < $0.dueAt`, a `Date?`
/// and a `Date` column) through non-generic overloads, and what reads an optional from
/// its JSON form through the wrapped representation's own.
public protocol SQLOptionalRepresentation: SQLCustomType {
    associatedtype Wrapped: SQLCustomType

    /// The optional holding `wrapped`, or `nil`.
    init(wrapping wrapped: Wrapped?)
}

extension Optional: SQLOptionalRepresentation where Wrapped: SQLCustomType {
    @inlinable
    public init(wrapping wrapped: Wrapped?) {
        self = wrapped
    }
}

extension SQLCustomType where Self: SQLOptionalRepresentation {
    /// `nil` for JSON `null` or a missing member; otherwise the wrapped representation reads
    /// its own JSON form. A `Date?` stored as unix milliseconds renders its text form
    /// inside `json_object` once it is not NULL, and reads that text back here, as the
    /// non-optional column does (reading it as a column would expect the INTEGER).
    @inlinable
    public init(decodingJSON json: SQLJSONValue) throws {
        self.init(wrapping: json.isNull ? nil : try Wrapped(decodingJSON: json))
    }
}
