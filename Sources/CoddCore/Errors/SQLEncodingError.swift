/// A Swift value has no representation in the storage class its type declares.
///
/// Thrown when a value is bound or rendered as a literal: a `UInt64` above `Int64.max`,
/// a NaN `Double` rendered as a literal, a date outside a TEXT codec's years.
public struct SQLEncodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The Swift type being encoded.
    public var type: String
    /// At most 64 characters of the value, as Swift prints it.
    public var valuePreview: String
    /// Why it cannot be encoded.
    public var reason: String

    public init(type: String, valuePreview: String, reason: String) {
        self.type = type
        self.valuePreview = SQLValuePreview.truncated(valuePreview)
        self.reason = reason
    }

    /// An error for `value` of type `T`.
    public init<T>(_ value: T, reason: String) {
        self.init(type: SQLTypeName.of(T.self), valuePreview: "\(value)", reason: reason)
    }

    /// `Cannot encode UInt64 value 18446744073709551615: …`; without a value to show,
    /// `Cannot encode SQLCase: a CASE needs at least one WHEN`.
    public var description: String {
        valuePreview.isEmpty
            ? "Cannot encode \(type): \(reason)" : "Cannot encode \(type) value \(valuePreview): \(reason)"
    }
}
