import CoddCore

/// JSON whose values of `Representation.Represented` take `Representation`'s JSON form:
/// how `jsonGroupArray()` of a column stored through a representation of its own reads
/// back the array SQL built from that column (`@Column(as: ColorBytes.self) var accent:
/// Color`: each element is the hex digits of the three bytes, not `Color`'s own form).
///
/// A type that is its own representation (`String`, `UUID`, `Date`) lists nothing, and
/// reads as ``StandardJSONOptions`` does. An optional representation lists the wrapped one.
public enum RepresentationJSONOptions<Representation: SQLCustomType>: JSONCodingOptions {
    public static var representations: [any SQLCustomType.Type] {
        let unwrapped = Representation.self as? any SQLOptionalRepresentation.Type
        let representation = unwrapped.map { $0.wrappedRepresentation } ?? Representation.self
        let isOwnRepresentation =
            ObjectIdentifier(JSONCodingTable.representedType(of: representation)) == ObjectIdentifier(representation)
        return isOwnRepresentation ? [] : [representation]
    }
}

extension SQLOptionalRepresentation {
    /// `Wrapped`, asked of an optional representation known only as an existential.
    fileprivate static var wrappedRepresentation: any SQLCustomType.Type { Wrapped.self }
}
