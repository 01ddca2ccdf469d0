/// What a type binds itself through when it is a parameter of a statement.
///
/// A context is a cursor over parameters: each call binds the next `?`. The driver's
/// statement binds straight into `sqlite3_stmt`; a ``SQLBuilder`` collects the values in
/// order for the statement it renders. A ``SQLCustomType`` makes exactly one call.
///
/// A context is valid only during the `bind(into:)` call it is passed to: do not keep a
/// copy of it (the driver's may refer to its statement without retaining it).
public protocol SQLBindingContext {
    /// Binds NULL.
    mutating func bindNull() throws
    /// Binds an INTEGER.
    mutating func bindInteger(_ value: Int64) throws
    /// Binds a REAL.
    mutating func bindReal(_ value: Double) throws
    /// Binds TEXT.
    mutating func bindText(_ value: String) throws
    /// Binds TEXT from UTF-8 bytes, copied before the call returns.
    ///
    /// The bytes must be valid UTF-8: a codec that formats into a stack buffer uses this
    /// to avoid allocating a `String`.
    mutating func bindText(utf8 bytes: UnsafeRawBufferPointer) throws
    /// Binds a BLOB, copied before the call returns; an empty buffer binds a zero-length BLOB.
    mutating func bindBlob(_ bytes: UnsafeRawBufferPointer) throws

    /// Notes that the value being bound needs `requirement` of the engine (a JSONB value,
    /// SQLite 3.45): the driver throws `SQLUnsupportedFeatureError` where the running SQLite
    /// lacks it, before anything is stored; a builder notes it in the statement it renders.
    /// The default does nothing.
    mutating func require(_ requirement: SQLFeatureRequirement) throws

    /// Binds `value` in the engine's native type and returns `true`, or returns `false`
    /// when the engine has none.
    ///
    /// Codd's codecs no longer call it: a driver with native types asks a natively typed
    /// value for its ``SQLNativelyTyped/nativeValue`` before calling `bind(into:)`, which
    /// binds storage classes only.
    @available(*, deprecated, message: "bind storage classes only; conform to SQLNativelyTyped for a native form")
    mutating func bindNative(_ value: SQLNativeValue) throws -> Bool

    /// Whether ``bindNative(_:)`` binds.
    @available(*, deprecated, message: "bind storage classes only; conform to SQLNativelyTyped for a native form")
    var acceptsNativeValues: Bool { get }
}

extension SQLBindingContext {
    @inlinable
    public mutating func require(_ requirement: SQLFeatureRequirement) throws {}

    @available(*, deprecated, message: "bind storage classes only; conform to SQLNativelyTyped for a native form")
    @inlinable @inline(__always)
    public mutating func bindNative(_ value: SQLNativeValue) throws -> Bool { false }

    @available(*, deprecated, message: "bind storage classes only; conform to SQLNativelyTyped for a native form")
    @inlinable @inline(__always)
    public var acceptsNativeValues: Bool { false }
}
