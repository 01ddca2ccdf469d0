/// A type that binds itself as a statement parameter, in one storage class.
///
/// One job of the ``SQLCustomType`` family: `execute(sql, arguments…)` needs only this.
public protocol SQLBindable: Sendable {
    /// The storage class the value is written as.
    static var storage: SQLStorage { get }

    /// Binds the value as the next parameter of `context`, with exactly one call.
    ///
    /// Throw a ``SQLEncodingError`` for a value the storage class cannot hold.
    func bind(into context: inout some SQLBindingContext) throws
}
