import CoddCore

/// Something a SELECT can return: an expression (one column), a table's columns (a whole
/// row), a ``Selection``'s columns, or a tuple of them.
public protocol SQLSelectable<QueryValue>: Sendable {
    /// What the selected columns decode as.
    associatedtype QueryValue: SQLRowDecodable

    /// Renders the result columns as list items of the enclosing `SELECT` list; `alias`
    /// names a single-column selection (`count("id") AS "remindersCount"`).
    func renderSelection(into builder: inout SQLBuilder, alias: String?) throws
}

extension SQLExpression where Self: SQLSelectable {
    public func renderSelection(into builder: inout SQLBuilder, alias: String?) throws {
        try builder.listItem {
            try render(into: &$0)
            if let alias {
                $0.keyword("AS")
                $0.identifier(alias)
            }
        }
    }
}

extension TableDefinition {
    /// Every column, in declaration order: the whole row.
    public func renderSelection(into builder: inout SQLBuilder, alias: String?) throws {
        for name in Self.columnNames {
            builder.listItem {
                $0.column(qualifier, name)
            }
        }
    }
}

extension SQLBuilder {
    /// Appends a column: `"qualifier"."name"`, or `"name"` when ``qualifiesColumnNames`` is off.
    public mutating func column(_ qualifier: String, _ name: String) {
        noteQualifier(qualifier)
        if qualifiesColumnNames {
            identifier(qualifier, name)
        } else {
            identifier(name)
        }
    }
}
