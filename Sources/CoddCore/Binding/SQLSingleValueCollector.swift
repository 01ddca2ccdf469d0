/// A binding context that keeps the one value a ``SQLCustomType`` binds: what
/// ``SQLBuilder`` turns a value into for its placeholder, with no array per value.
struct SQLSingleValueCollector: SQLBindingContext {
    private var first: SQLValue = .null
    private var count = 0
    /// What the value needs of the engine (``SQLBindingContext/require(_:)``).
    private(set) var requirement: SQLFeatureRequirement?

    init() {}

    private mutating func collect(_ value: SQLValue) {
        if count == 0 { first = value }
        count += 1
    }

    mutating func bindNull() { collect(.null) }
    mutating func bindInteger(_ value: Int64) { collect(.integer(value)) }
    mutating func bindReal(_ value: Double) { collect(.real(value)) }
    mutating func bindText(_ value: String) { collect(.text(value)) }

    mutating func bindText(utf8 bytes: UnsafeRawBufferPointer) throws {
        guard let text = SQLUTF8.decodeUTF8(bytes) else { throw SQLUTF8.invalidUTF8Error(bytes) }
        collect(.text(text))
    }

    mutating func bindBlob(_ bytes: UnsafeRawBufferPointer) { collect(.blob(Array(bytes))) }

    mutating func require(_ requirement: SQLFeatureRequirement) {
        self.requirement = requirement
    }

    /// The bound value; throws unless exactly one was bound (a type binds itself with one call).
    func value<T>(for value: T) throws -> SQLValue {
        guard count == 1 else {
            throw SQLEncodingError(value, reason: "bind(into:) must bind exactly one value, bound \(count)")
        }
        return first
    }
}
