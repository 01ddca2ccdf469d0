/// Something a SELECT can return: an expression (one column), a table's columns (a whole
/// row), a selection's columns, or a tuple of them.
public protocol SQLSelectable<QueryValue>: Sendable {
    /// What the selected columns decode as.
    associatedtype QueryValue: SQLRowDecodable

    /// Renders the result columns as list items of the enclosing `SELECT` list; `alias`
    /// names a single-column selection (`count("id") AS "remindersCount"`).
    func renderSelection(into builder: inout SQLBuilder, alias: String?) throws

    /// Renders the selection as one JSON value, for `json_object` and `json_group_array`:
    /// an expression in its type's JSON form (``SQLJSONRepresentable/renderJSON(into:_:)``),
    /// a table row or custom selection as a `json_object(…)` of its columns.
    func renderJSON(into builder: inout SQLBuilder) throws
}

extension SQLBuilder {
    /// Appends a column: `"qualifier"."name"`, or `"name"` when ``qualifiesColumnNames``
    /// is off, and records the qualifier.
    public mutating func column(_ qualifier: String, _ name: String) {
        let qualifier = qualifierMap.isEmpty ? qualifier : (qualifierMap[qualifier] ?? qualifier)
        noteQualifier(qualifier)
        if qualifiesColumnNames {
            identifier(qualifier, name)
        } else {
            identifier(name)
        }
    }
}

extension SQLBuilder {
    /// Appends the columns `names` of one table as items of the current list, as
    /// ``column(_:_:)`` renders each: the qualifier is mapped and recorded once.
    public mutating func columns(_ qualifier: String, _ names: [String]) {
        guard !names.isEmpty else { return }
        let qualifier = qualifierMap.isEmpty ? qualifier : (qualifierMap[qualifier] ?? qualifier)
        noteQualifier(qualifier)
        for name in names {
            if listNeedsComma { comma() }
            if qualifiesColumnNames {
                identifier(qualifier, name)
            } else {
                identifier(name)
            }
            listNeedsComma = true
        }
    }
}
