import CoddCore

/// A JSON document is a `jsonb` on PostgreSQL (the codec binds it natively there).
extension JSONDocument: SQLNativelyTyped {
    public static var nativeTypeName: String { "jsonb" }
}
