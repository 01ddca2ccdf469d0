/// The qualifiers columns render with in place of others (see ``SQLBuilder/qualifierMap``).
///
/// A statement maps a handful of tokens (one per table it reads), so a short list searched
/// in order is cheaper than hashing each column's qualifier. The first entry is kept
/// inline: a statement of one table maps one token, and allocates nothing for it.
package struct SQLQualifierMap: Sendable, ExpressibleByDictionaryLiteral {
    private var first: (from: String, to: String)?
    private var rest: [(from: String, to: String)] = []

    package init() {}

    package init(dictionaryLiteral elements: (String, String)...) {
        for (from, to) in elements { self[from] = to }
    }

    package var isEmpty: Bool { first == nil }

    /// What `qualifier` renders as, or `nil` when it is not mapped.
    package subscript(qualifier: String) -> String? {
        get {
            guard let first else { return nil }
            if first.from == qualifier { return first.to }
            for entry in rest where entry.from == qualifier { return entry.to }
            return nil
        }
        set {
            if first?.from == qualifier {
                if let newValue {
                    first?.to = newValue
                } else {
                    // The next entry, if any, moves inline.
                    first = rest.isEmpty ? nil : rest.removeFirst()
                }
            } else if let index = rest.firstIndex(where: { $0.from == qualifier }) {
                if let newValue { rest[index].to = newValue } else { rest.remove(at: index) }
            } else if let newValue {
                if first == nil { first = (qualifier, newValue) } else { rest.append((qualifier, newValue)) }
            }
        }
    }
}
