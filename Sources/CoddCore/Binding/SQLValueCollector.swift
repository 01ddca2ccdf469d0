/// A binding context that collects values instead of binding them.
///
/// ``SQLBuilder`` uses it to turn a ``SQLCustomType`` into the ``SQLValue`` of a
/// placeholder, and default literal rendering uses it so that a type's literal and its
/// bound parameter are the same value.
public struct SQLValueCollector: SQLBindingContext, Sendable {
    /// The values bound so far, in order.
    public private(set) var values: [SQLValue] = []
    /// What the values need of the engine (``SQLBindingContext/require(_:)``), the newest.
    public private(set) var requirement: SQLFeatureRequirement?

    public init() {}

    public mutating func bindNull() { values.append(.null) }
    public mutating func bindInteger(_ value: Int64) { values.append(.integer(value)) }
    public mutating func bindReal(_ value: Double) { values.append(.real(value)) }
    public mutating func bindText(_ value: String) { values.append(.text(value)) }

    public mutating func bindText(utf8 bytes: UnsafeRawBufferPointer) throws {
        guard let text = SQLUTF8.decodeUTF8(bytes) else { throw SQLUTF8.invalidUTF8Error(bytes) }
        values.append(.text(text))
    }

    public mutating func bindBlob(_ bytes: UnsafeRawBufferPointer) {
        values.append(.blob(Array(bytes)))
    }

    public mutating func require(_ requirement: SQLFeatureRequirement) {
        if let current = self.requirement, (current.major, current.minor) >= (requirement.major, requirement.minor) {
            return
        }
        self.requirement = requirement
    }

    /// Throws unless exactly one value was bound: a type binds itself with one call.
    func requireSingleValue<T>(for type: T.Type, _ value: T) throws {
        guard values.count == 1 else {
            throw SQLEncodingError(value, reason: "bind(into:) must bind exactly one value, bound \(values.count)")
        }
    }
}
