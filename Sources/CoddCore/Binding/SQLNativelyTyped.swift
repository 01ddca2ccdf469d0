/// A type whose values some engines hold in a type of their own (a ``SQLNativeValue``): in
/// a dialect with ``SQLDialect/Capabilities/nativeTypes`` the builder and the driver bind
/// it as ``nativeValue`` instead of calling `bind(into:)`, compare it unwrapped and nest it
/// in JSON as it is; a schema declares its column in that type (an annotated `TEXT AS UUID`
/// column becomes `uuid` in a migration run on PostgreSQL). Its `bind(into:)` binds its
/// SQLite storage class only.
public protocol SQLNativelyTyped {
    /// The native type its values take.
    static var nativeKind: SQLNativeKind { get }

    /// The value in its native type; `nil` for NULL (an optional that is `nil`).
    var nativeValue: SQLNativeValue? { get throws }
}

extension Bool: SQLNativelyTyped {
    public static var nativeKind: SQLNativeKind { .boolean }
    public var nativeValue: SQLNativeValue? { .boolean(self) }
}

extension Optional: SQLNativelyTyped where Wrapped: SQLNativelyTyped {
    public static var nativeKind: SQLNativeKind { Wrapped.nativeKind }

    /// The wrapped value's, or `nil` (NULL).
    public var nativeValue: SQLNativeValue? {
        get throws { try self?.nativeValue }
    }
}
