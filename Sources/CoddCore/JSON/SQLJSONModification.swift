/// A change to part of a JSON document, as an UPDATE writes it: each value is the JSON text
/// of a Swift value, bound as one parameter.
public enum SQLJSONModification: Sendable, Hashable {
    /// Sets each path to its value, creating it where missing: `json_set`.
    case set([SQLJSONAssignment])
    /// Sets each path that is missing, leaving present ones: `json_insert` (`$[#]` appends
    /// to an array).
    case insert([SQLJSONAssignment])
    /// Sets each path that is present, creating none: `json_replace`.
    case replace([SQLJSONAssignment])
    /// Removes each path: `json_remove`.
    case remove([[SQLJSONPathComponent]])
    /// Merges a partial document, RFC 7396's merge patch (a `null` member removes the
    /// member): `json_patch`.
    case patch(json: String)

    /// The SQLite function it is, for messages: `json_set`, `json_patch`, …
    public var name: String {
        switch self {
        case .set: "json_set"
        case .insert: "json_insert"
        case .replace: "json_replace"
        case .remove: "json_remove"
        case .patch: "json_patch"
        }
    }
}

/// A path and the JSON text of the value it is given.
public struct SQLJSONAssignment: Sendable, Hashable {
    public var path: [SQLJSONPathComponent]
    /// The value's JSON text (`"dark"`, `12`, `{"city":"Paris"}`), bound as one parameter.
    public var json: String

    public init(path: [SQLJSONPathComponent], json: String) {
        self.path = path
        self.json = json
    }
}
