/// A codec: one storage form of a Swift type, identified by the type, its storage class
/// and a short stable name: `TEXT AS UUID` (`lowercase`), `BLOB AS UUID` (`bytes`),
/// `TEXT AS Date USING iso8601`.
///
/// The representation type does the work; the codec names it so schema annotations and
/// tooling can find it.
public struct SQLCodec: Sendable, CustomStringConvertible {
    /// The Swift type's name as annotations write it (`"UUID"`, `"Date"`).
    public var typeName: String
    /// The storage class the codec writes.
    public var storage: SQLStorage
    /// A short stable name, unique for the type and storage (`"lowercase"`, `"iso8601"`).
    public var name: String
    /// Whether `TYPE AS Name` without `USING` picks this codec for its storage class.
    public var isDefault: Bool
    /// The representation type.
    public var representation: any SQLCustomType.Type

    public init(typeName: String, name: String, isDefault: Bool = false, representation: any SQLCustomType.Type) {
        self.typeName = typeName
        self.storage = representation.storage
        self.name = name
        self.isDefault = isDefault
        self.representation = representation
    }

    /// A codec named after the type its representation stands for: `representation`
    /// `UUID.BlobRepresentation.self` is a codec of `UUID`.
    public init<Representation: SQLCustomType>(
        name: String, isDefault: Bool = false, representation: Representation.Type
    ) {
        self.init(
            typeName: SQLTypeName.of(Representation.Represented.self), name: name, isDefault: isDefault,
            representation: representation
        )
    }

    /// `TEXT AS UUID USING lowercase`.
    public var description: String {
        "\(storage) AS \(typeName) USING \(name)"
    }
}
