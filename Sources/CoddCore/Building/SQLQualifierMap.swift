/// The qualifiers columns render with in place of others (see ``SQLBuilder/qualifierMap``).
///
/// A statement maps a handful of tokens (one per table it reads), so a short list searched
/// in order is cheaper than hashing each column's qualifier.
package struct SQLQualifierMap: Sendable, ExpressibleByDictionaryLiteral {
    private var entries: [(from: String, to: String)] = []

    package init() {}

    package init(dictionaryLiteral elements: (String, String)...) {
        for (from, to) in elements { self[from] = to }
    }

    package var isEmpty: Bool { entries.isEmpty }

    /// What `qualifier` renders as, or `nil` when it is not mapped.
    package subscript(qualifier: String) -> String? {
        get {
            for entry in entries where entry.from == qualifier { return entry.to }
            return nil
        }
        set {
            if let index = entries.firstIndex(where: { $0.from == qualifier }) {
                if let newValue { entries[index].to = newValue } else { entries.remove(at: index) }
            } else if let newValue {
                entries.append((qualifier, newValue))
            }
        }
    }
}
