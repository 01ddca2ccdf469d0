/// A type whose values PostgreSQL holds in a type of its own (a ``SQLNativeValue``), so a
/// PostgreSQL schema declares its columns in that type rather than in SQLite's storage
/// class: an annotated `TEXT AS UUID` column becomes `uuid` in a migration run on
/// PostgreSQL.
public protocol SQLNativelyTyped {
    /// PostgreSQL's name of the type: `uuid`, `timestamptz`, `jsonb`, `boolean`.
    static var nativeTypeName: String { get }
}

extension Bool: SQLNativelyTyped {
    public static var nativeTypeName: String { "boolean" }
}
