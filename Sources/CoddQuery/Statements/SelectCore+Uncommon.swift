import CoddCore

extension SelectCore {
    /// The clauses most statements never set: grouping, `HAVING`, `OFFSET`, default scopes,
    /// compounds, a selection's alias and a deferred error.
    ///
    /// A statement built per call is moved between the builder's calls, rendered and
    /// dropped; held inline, each of these cost it its bytes copied at every move and a
    /// release at the drop, set or not. Boxed, a statement that sets none of them holds one
    /// `nil` reference. The box is copied on write (``uniqueUncommon()``), so statements
    /// stay values.
    @usableFromInline
    final class Uncommon: @unchecked Sendable {
        // Safe: a box is written only through `uniqueUncommon()`, which copies it first when
        // another statement shares it; a shared box is only read.
        var groups: [any SQLExpression] = []
        /// `HAVING`'s terms: a plain array, since most statements have none.
        var havings: [Term] = []
        var offset: (any SQLExpression)?
        var scopes: [PendingScope] = []
        var compounds: [(op: StaticString, core: SelectCore)] = []
        var selectionAlias: String?
        var joinError: SQLEncodingError?

        @usableFromInline
        init() {}

        @usableFromInline
        func copy() -> Uncommon {
            let copy = Uncommon()
            copy.groups = groups
            copy.havings = havings
            copy.offset = offset
            copy.scopes = scopes
            copy.compounds = compounds
            copy.selectionAlias = selectionAlias
            copy.joinError = joinError
            return copy
        }
    }
}
