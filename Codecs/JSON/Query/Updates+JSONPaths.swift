import CoddCore
import CoddJSON
import CoddQuery

/// Changes to part of a JSON document inside `update { … }`, typed by the document's paths:
/// each value is encoded as the document encodes it (its options' dates, its codecs'
/// forms) and bound as one parameter, read by `json(…)` so it nests as JSON.
///
/// ```swift
/// Account.find(1).update {
///     $0.settings.set(\.theme, to: "light")          // json_set("settings", '$.theme', json(?))
///     $0.settings.remove(\.nickname)                  // json_remove(…, '$.nickname')
/// }
/// // UPDATE "accounts" SET "settings" = json_remove(json_set("settings", '$.theme', json(?)), '$.nickname') WHERE ("id" = ?)
/// ```
///
/// Several changes of one kind in a row become one call (`json_set(doc, '$.a', …, '$.b', …)`).
/// On PostgreSQL they are `jsonb_set` and `#-`; `patch` (RFC 7396) has no equivalent there.
extension SQLUpdateColumn where QueryValue: SQLJSONDocumentRepresentation {
    public typealias DocumentPath = SQLJSONPath<QueryValue.Value, QueryValue.Options>

    /// Sets the member at `path` to `value`, creating it if missing: `json_set`.
    public mutating func set<Member: Sendable>(
        _ path: KeyPath<DocumentPath, SQLJSONPath<Member, QueryValue.Options>>, to value: Member
    ) {
        modify(.set, path, value)
    }

    /// Sets the member at `path` only if it is missing: `json_insert`.
    public mutating func insert<Member: Sendable>(
        _ path: KeyPath<DocumentPath, SQLJSONPath<Member, QueryValue.Options>>, _ value: Member
    ) {
        modify(.insert, path, value)
    }

    /// Sets the member at `path` only if it is there: `json_replace`.
    public mutating func replace<Member: Sendable>(
        _ path: KeyPath<DocumentPath, SQLJSONPath<Member, QueryValue.Options>>, with value: Member
    ) {
        modify(.replace, path, value)
    }

    /// Removes the member at `path`: `json_remove`.
    public mutating func remove<Member: Sendable>(
        _ path: KeyPath<DocumentPath, SQLJSONPath<Member, QueryValue.Options>>
    ) {
        let components = Self.components(path)
        if let current = expression as? SQLJSONModified<QueryValue>, case .remove(let paths) = current.modification {
            self = Self(
                SQLJSONModified<QueryValue>(document: current.document, modification: .remove(paths + [components])))
        } else {
            self = Self(SQLJSONModified<QueryValue>(document: expression, modification: .remove([components])))
        }
    }

    /// Merges `partial` into the document, RFC 7396's merge patch: each member it has
    /// replaces the document's (objects merge member by member), a `null` removes one:
    /// `json_patch("settings", json(?))`. `partial` is encoded as the document is (a
    /// dictionary, or a struct of optional members whose `nil`s its `Encodable` leaves out).
    public mutating func patch(with partial: some Encodable & Sendable) {
        do {
            let json = try JSONDocument<QueryValue.Value, QueryValue.Options>.jsonText(of: partial)
            self = Self(SQLJSONModified<QueryValue>(document: expression, modification: .patch(json: json)))
        } catch {
            self = Self(
                SQLJSONModified<QueryValue>(document: expression, modification: .patch(json: ""), failure: error))
        }
    }

    private enum Kind { case set, insert, replace }

    private mutating func modify<Member: Sendable>(
        _ kind: Kind, _ path: KeyPath<DocumentPath, SQLJSONPath<Member, QueryValue.Options>>, _ value: Member
    ) {
        let components = Self.components(path)
        let assignment: SQLJSONAssignment
        do {
            assignment = SQLJSONAssignment(
                path: components, json: try JSONDocument<QueryValue.Value, QueryValue.Options>.jsonText(of: value))
        } catch {
            self = Self(SQLJSONModified<QueryValue>(document: expression, modification: .set([]), failure: error))
            return
        }
        // Consecutive changes of one kind are one call.
        if let current = expression as? SQLJSONModified<QueryValue>, current.failure == nil {
            switch (kind, current.modification) {
            case (.set, .set(let pairs)):
                self = Self(
                    SQLJSONModified<QueryValue>(document: current.document, modification: .set(pairs + [assignment])))
                return
            case (.insert, .insert(let pairs)):
                self = Self(
                    SQLJSONModified<QueryValue>(document: current.document, modification: .insert(pairs + [assignment]))
                )
                return
            case (.replace, .replace(let pairs)):
                self = Self(
                    SQLJSONModified<QueryValue>(
                        document: current.document, modification: .replace(pairs + [assignment])))
                return
            default: break
            }
        }
        let modification: SQLJSONModification =
            switch kind {
            case .set: .set([assignment])
            case .insert: .insert([assignment])
            case .replace: .replace([assignment])
            }
        self = Self(SQLJSONModified<QueryValue>(document: expression, modification: modification))
    }

    /// The components of a path from the document's root.
    static func components<Member>(_ path: KeyPath<DocumentPath, SQLJSONPath<Member, QueryValue.Options>>)
        -> [SQLJSONPathComponent]
    {
        DocumentPath(document: SQLJSONRootPlaceholder())[keyPath: path].components
    }
}

extension SQLUpdateColumn
where QueryValue: SQLJSONDocumentRepresentation, QueryValue.Value: SQLJSONArrayValue, QueryValue.Value.Element: Sendable
{
    /// Appends `element` to the array: `json_insert("tags", '$[#]', json(?))`.
    public mutating func append(_ element: QueryValue.Value.Element) {
        let assignment: SQLJSONAssignment
        do {
            assignment = SQLJSONAssignment(
                path: [.append], json: try JSONDocument<QueryValue.Value, QueryValue.Options>.jsonText(of: element))
        } catch {
            self = Self(SQLJSONModified<QueryValue>(document: expression, modification: .insert([]), failure: error))
            return
        }
        if let current = expression as? SQLJSONModified<QueryValue>, current.failure == nil,
            case .insert(let pairs) = current.modification
        {
            self = Self(
                SQLJSONModified<QueryValue>(document: current.document, modification: .insert(pairs + [assignment])))
        } else {
            self = Self(SQLJSONModified<QueryValue>(document: expression, modification: .insert([assignment])))
        }
    }
}

/// A document changed in part: `json_set(doc, …)`, as the dialect spells it.
struct SQLJSONModified<QueryValue: SQLCustomType>: SQLExpression {
    let document: any SQLExpression
    let modification: SQLJSONModification
    /// A value that could not be encoded: thrown when the statement renders.
    var failure: (any Error)?

    init(document: any SQLExpression, modification: SQLJSONModification, failure: (any Error)? = nil) {
        self.document = document
        self.modification = modification
        self.failure = failure
    }

    func render(into builder: inout SQLBuilder) throws {
        if let failure { throw failure }
        // A JSONB document stays JSONB (SQLite's json_… functions return text); PostgreSQL's
        // jsonb functions keep jsonb.
        if let document = QueryValue.self as? any SQLJSONDocumentRepresentation.Type, document.isBinary,
            !builder.dialect.hasNativeTypes
        {
            builder.require(.jsonb)
            return try builder.function("jsonb") { try $0.listItem { try renderModification(into: &$0) } }
        }
        try renderModification(into: &builder)
    }

    private func renderModification(into builder: inout SQLBuilder) throws {
        try builder.dialect.spelling.renderJSONModification(
            modification, of: { try document.renderOperand(into: &$0) }, into: &builder)
    }
}

/// The root a key path into a document's paths starts from, only to read its components.
struct SQLJSONRootPlaceholder: SQLExpression {
    typealias QueryValue = String

    func render(into builder: inout SQLBuilder) throws {}
}
