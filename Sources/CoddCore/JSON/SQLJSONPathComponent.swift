/// One step of a path into a JSON document: an object's member, an array's element, or the
/// end of an array (where `json_insert` appends).
public enum SQLJSONPathComponent: Sendable, Hashable {
    /// The member named `key`.
    case key(String)
    /// The element at `index`, from the start (0, 1, …) or, negative, from the end (-1 is
    /// the last).
    case index(Int)
    /// One past the last element: `$[#]` in SQLite, where `json_insert` appends.
    case append
}

/// How a path's value is read: as JSON (SQLite's `->`, PostgreSQL's `->`), or as an SQL
/// value to compare (`->>`), of the storage class and native type of the representation
/// it compares through.
public enum SQLJSONExtraction: Sendable, Hashable {
    /// The value as JSON text (a string keeps its quotes): what decodes back into Swift.
    case json
    /// The value as an SQL value: a JSON string as TEXT, a number as INTEGER or REAL, `true`
    /// as 1 (SQLite); cast to the type of `storage` or `native` where the engine needs it
    /// (PostgreSQL's `->>` gives text).
    case value(SQLStorage, native: SQLNativeKind?)
}

extension Array where Element == SQLJSONPathComponent {
    /// The path in SQLite's syntax (`$.theme`, `$."two words"[0]`), or `nil` when a key
    /// cannot be written in it: one holding `"` (a quoted label ends at the next `"`), a
    /// backslash or a control character (SQLite 3.40 compares a label with the document's
    /// text as written, escapes and all, where Codd's writer escapes those).
    package var sqlitePath: String? {
        var path = "$"
        for component in self {
            switch component {
            case .key(let key):
                if key.utf8.allSatisfy({
                    $0 == UInt8(ascii: "_") || ($0 >= 0x30 && $0 <= 0x39)
                        || (($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A)
                }),
                    let first = key.utf8.first, !(first >= 0x30 && first <= 0x39)
                {
                    path += "." + key
                } else if key.utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }
                ) {
                    return nil
                } else {
                    path += ".\"" + key + "\""
                }
            case .index(let index):
                path += index >= 0 ? "[\(index)]" : "[#\(index)]"
            case .append:
                path += "[#]"
            }
        }
        return path
    }
}
