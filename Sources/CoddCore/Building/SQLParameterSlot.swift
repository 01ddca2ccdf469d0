/// A placeholder whose value is given each time a prepared statement runs, not when it is
/// rendered: what a named parameter (`SQLNamedBindingReference`) renders.
///
/// The placeholder is an ordinary `?` (`$n` in a dialect that numbers them): the name
/// lives on the Swift side, so a statement prepared once binds new values by name.
public struct SQLParameterSlot: Sendable, Hashable {
    /// The parameter's name, as the query wrote it.
    public let name: String
    /// The position of the placeholder among the statement's bindings (from 0).
    public let position: Int

    /// A slot named `name` at `position` among the bindings; ``SQLBuilder/namedParameter(_:)``
    /// makes them.
    public init(name: String, position: Int) {
        self.name = name
        self.position = position
    }
}

extension SQLBuilder {
    /// Appends a placeholder whose value is bound when the statement runs, recording it as
    /// a slot named `name`.
    ///
    /// In ``Mode/inlineLiterals`` mode (display) it renders `:name`, which SQLite itself
    /// rejects in a view or trigger: a named parameter has no value to inline.
    ///
    /// - Throws: ``SQLParameterError`` when `name` is not an identifier (`[A-Za-z_][A-Za-z0-9_]*`).
    public mutating func namedParameter(_ name: String) throws {
        guard SQLParameterSlot.isValidName(name) else { throw SQLParameterError.invalidName(name) }
        switch mode {
        case .parameters:
            let position = bindings.count
            // A stand-in value: the statement binds the caller's value in its place.
            try placeholder(.null)
            parameterSlots.append(SQLParameterSlot(name: name, position: position))
        case .inlineLiterals:
            separateToken()
            sqlBuffer.append(UInt8(ascii: ":"))
            sqlBuffer.append(contentsOf: name.utf8)
        }
    }
}

extension SQLParameterSlot {
    /// Whether `name` is an identifier: ASCII letters, digits and `_`, not starting with a digit.
    static func isValidName(_ name: String) -> Bool {
        var first = true
        for byte in name.utf8 {
            let isLetter =
                (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
            let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            guard isLetter || (!first && isDigit) else { return false }
            first = false
        }
        return !first
    }
}

extension SQLParameterSlot {
    /// Throws unless `slots` is empty: run as an ordinary statement, a named parameter
    /// would silently bind NULL.
    @inlinable
    static func requireNone(_ slots: [SQLParameterSlot], sql: @autoclosure () -> String) throws {
        if !slots.isEmpty {
            throw SQLParameterError.unbound(names: slots.map(\.name), sql: sql())
        }
    }
}

extension SQLFragment {
    /// Throws unless the fragment has no named parameters: run as an ordinary statement, a
    /// named parameter would silently bind NULL.
    @inlinable
    public func requireNoParameterSlots() throws {
        try SQLParameterSlot.requireNone(parameterSlots, sql: sql)
    }
}

extension SQLBuilder {
    /// Throws unless the rendered SQL has no named parameters; see
    /// ``SQLFragment/requireNoParameterSlots()``.
    @inlinable
    public func requireNoParameterSlots() throws {
        try SQLParameterSlot.requireNone(parameterSlots, sql: sql)
    }
}
