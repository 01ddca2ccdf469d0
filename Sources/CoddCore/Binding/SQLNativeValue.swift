import Foundation

/// A value in a type some engines hold natively and SQLite does not: what a natively typed
/// value (``SQLNativelyTyped``) is in a dialect with ``SQLDialect/Capabilities/nativeTypes``,
/// which binds and renders it in its own types (PostgreSQL's `uuid`, `timestamptz`, `jsonb`,
/// `boolean`, `numeric`, in CoddPostgres). On SQLite the same value binds its storage class.
public enum SQLNativeValue: Sendable, Hashable {
    /// A UUID.
    case uuid(UUID)
    /// An instant: microseconds since 1970-01-01 00:00:00 UTC.
    case timestamp(microsecondsSince1970: Int64)
    /// A JSON document, as JSON text.
    case jsonb(String)
    /// A boolean.
    case boolean(Bool)
    /// An exact decimal number, as its canonical text (`-12.5`).
    case numeric(String)

    /// Which of the native types it is.
    public var kind: SQLNativeKind {
        switch self {
        case .uuid: .uuid
        case .timestamp: .timestamp
        case .jsonb: .json
        case .boolean: .boolean
        case .numeric: .numeric
        }
    }
}

/// The native types a ``SQLNativeValue`` can be.
public enum SQLNativeKind: Sendable, Hashable {
    case uuid, timestamp, json, boolean, numeric
}
