import CoddCore

/// How Codd's JSON coders store values that JSON has no type for: dates, UUIDs, data and
/// any other `SQLCustomType`.
///
/// By default such a value takes the JSON form of its type's own representation, the one
/// a column of that type gets: a `Date` is `"2024-05-01 09:30:00.000"`, a `UUID` is
/// lowercase text, `Data` is hex digits. That is also the form `json_object` renders a
/// column in, so a date inside a JSON document and a date in a column read the same way.
/// List representations here to store some types otherwise:
///
/// ```swift
/// enum EpochDates: JSONCodingOptions {
///     static var representations: [any SQLCustomType.Type] { [Date.UnixTimeRepresentation.self] }
/// }
/// // @Column(as: JSONDocument<Event, EpochDates>.self) var event: Event
/// ```
public protocol JSONCodingOptions: Sendable {
    /// Representations that replace a type's own, looked up by their `Represented` type.
    static var representations: [any SQLCustomType.Type] { get }
}

/// Every type in the JSON form of its own representation.
public enum StandardJSONOptions: JSONCodingOptions {
    public static var representations: [any SQLCustomType.Type] { [] }
}

/// `Optional`, whatever it wraps: the coders let `Optional`'s own `Codable` unwrap it, so a
/// listed representation applies to the wrapped type (`[Date?]` stores its dates as listed).
protocol JSONOptionalMarker {}
extension Optional: JSONOptionalMarker {}

/// What the coders look up for each value; built once per encode or decode.
struct JSONCodingTable: Sendable {
    let overrides: [ObjectIdentifier: any SQLCustomType.Type]

    init(_ representations: [any SQLCustomType.Type]) {
        var overrides: [ObjectIdentifier: any SQLCustomType.Type] = [:]
        for representation in representations {
            overrides[ObjectIdentifier(Self.representedType(of: representation))] = representation
        }
        self.overrides = overrides
    }

    static func representedType<R: SQLCustomType>(of representation: R.Type) -> Any.Type {
        R.Represented.self
    }

    func representation(for type: Any.Type) -> (any SQLCustomType.Type)? {
        overrides.isEmpty ? nil : overrides[ObjectIdentifier(type)]
    }
}
