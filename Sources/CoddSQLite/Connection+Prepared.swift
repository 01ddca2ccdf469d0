import CoddCore

// The driver's half of prepared statements with named parameters: the statement is found
// in the cache by its rendered bytes, the values rendered with it are bound in place, and
// each named slot is bound by the caller, straight through its value's codec (no
// `SQLValue` in between).

extension Connection {
    /// Runs `body` with the statement for `sql` bound: `bindings` in order, except at each
    /// of `slots`, where `bindSlot` binds the value for that slot's name. `boundValues`
    /// gives the values as bound, for an error that lists them (it runs only then).
    @inlinable
    package func withStatement<T>(
        utf8 sql: [UInt8],
        bindings: [SQLValue],
        slots: [SQLParameterSlot],
        bindSlot: (SQLParameterSlot, Statement) throws -> Void,
        boundValues: () -> [SQLValue],
        _ body: (Statement) throws -> T
    ) throws -> T {
        try withStatement(
            try acquireStatement(utf8: sql),
            bind: { statement in
                var nextSlot = 0
                for position in bindings.indices {
                    if nextSlot < slots.count, slots[nextSlot].position == position {
                        try bindSlot(slots[nextSlot], statement)
                        nextSlot += 1
                    } else {
                        try statement.bind(bindings[position])
                    }
                }
                try statement.requireAllParametersBound()
            },
            boundValues: boundValues,
            body
        )
    }
}
