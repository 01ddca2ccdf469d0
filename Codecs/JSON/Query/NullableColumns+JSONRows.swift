import CoddQuery

extension NullableColumns {
    /// The element of an outer-joined `json_each` / `json_tree` row (`leftJoin(each:)`), as
    /// on the inner side: selected as `json_quote("json_each"."value")`, it reads `nil` where
    /// the document had no element (the row's columns are NULL), as a JSON `null` does.
    /// It remembers its row is outer-joined, as a column does: `tag.value.jsonGroupArray()`
    /// skips the missing row (`[]` for a document with no element), while a JSON `null`
    /// element still adds `null`.
    public subscript<Element, Options>(
        dynamicMember keyPath: KeyPath<Base, SQLJSONPath<Element, Options>>
    ) -> SQLJSONPath<Element, Options> {
        var path = base[keyPath: keyPath]
        path.outerRow = SQLOuterRowPresence(table: Base.self, qualifier: base.qualifier)
        return path
    }
}
