import CoddCore

/// A column's `STORAGE AS Type [USING codec]` annotation, resolved to its codec.
///
/// ```sql
/// id TEXT AS UUID NOT NULL                            -- UUID, codec lowercase
/// createdAt INTEGER AS Date USING unixTimeMilliseconds -- Date, codec unixTimeMilliseconds
/// ```
public struct SQLColumnAnnotation: Sendable, CustomStringConvertible {
    /// The storage class written before `AS`.
    public var storage: SQLStorage
    /// The Swift type's name as written after `AS`, unquoted (`UUID`, `Todo.ID`).
    public var typeName: String
    /// The codec name written after `USING`, if any.
    public var codecName: String?
    /// The codec it resolves to.
    public var codec: SQLCodec
    /// The annotation's text as written (`TEXT AS "Todo.ID"`).
    public var text: String
    /// Where it is written.
    public var location: SQLSourceLocation

    public var description: String { text }
}
