import Codd

/// A column of a `@Table` type, as validation sees it: its SQL name, its Swift property,
/// and its representation.
struct ReflectedColumn {
    var property: String
    var name: String
    /// The representation, optional unwrapped (`UUID.BlobRepresentation`).
    var representation: any SQLCustomType.Type
    var isOptional: Bool
}

/// `TableColumn` tells its name and value type without knowing its generic arguments.
protocol ReflectableColumn {
    var name: String { get }
    static var representation: any SQLCustomType.Type { get }
}

extension TableColumn: ReflectableColumn {
    static var representation: any SQLCustomType.Type { Value.self }
}

/// `Optional<Wrapped>` of a representation: the wrapped representation.
protocol OptionalRepresentation {
    static var wrapped: any SQLCustomType.Type { get }
}

extension Optional: OptionalRepresentation where Wrapped: SQLCustomType {
    static var wrapped: any SQLCustomType.Type { Wrapped.self }
}

enum TableReflection {
    /// The columns of `table`, in declaration order, read from its `TableColumns` value
    /// (the stored `TableColumn` properties the macro generates).
    static func columns<T: Table>(of table: T.Type) -> [ReflectedColumn] {
        Mirror(reflecting: T.columns).children.compactMap { child in
            guard let column = child.value as? any ReflectableColumn else { return nil }
            var representation = type(of: column).representation
            var isOptional = false
            while let optional = representation as? any OptionalRepresentation.Type {
                representation = optional.wrapped
                isOptional = true
            }
            return ReflectedColumn(
                property: child.label ?? column.name, name: column.name, representation: representation,
                isOptional: isOptional)
        }
    }
}
