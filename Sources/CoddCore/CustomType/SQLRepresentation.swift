/// A representation of another type's values: one storage form of `Represented`, chosen
/// per column (`@Column(as: UUID.BlobRepresentation.self)`).
///
/// The shared base of such types: a representation holds the value and says how it is
/// stored; equality, hashing and the name errors print come from here.
///
/// ```swift
/// extension UUID {
///     public struct BlobRepresentation: SQLRepresentation, SQLEquatable {
///         public var represented: UUID
///         public init(represented: UUID) { self.represented = represented }
///         // storage, init(reader:at:), bind(into:) …
///     }
/// }
/// ```
public protocol SQLRepresentation: SQLCustomType, Hashable where Represented: Hashable {}

extension SQLRepresentation {
    /// The name errors print for the representation: `UUID.BlobRepresentation`.
    public static var typeName: String { SQLTypeName.of(Self.self) }
}
