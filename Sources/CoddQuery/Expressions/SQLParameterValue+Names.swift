import CoddCore

/// The check every prepared statement makes before a run, whatever its engine: each value
/// names one of the statement's parameters, once. Per run, so it allocates nothing: the
/// values are few, compared pairwise.
@inlinable
package func checkParameterNames<each V>(
    _ slots: [SQLParameterSlot], sql: @autoclosure () -> String, _ values: repeat SQLParameterValue<each V>
) throws {
    for value in repeat each values {
        guard slots.contains(where: { $0.name == value.name }) else {
            throw SQLParameterError.unknownName(name: value.name, sql: sql())
        }
        var count = 0
        for other in repeat each values {
            if other.name == value.name { count += 1 }
        }
        if count > 1 { throw SQLParameterError.duplicateValue(name: value.name) }
    }
}
