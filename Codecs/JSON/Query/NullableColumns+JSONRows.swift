import CoddQuery

extension NullableColumns {
    /// The element of an outer-joined `json_each` / `json_tree` row (`leftJoin(each:)`), as
    /// on the inner side: selected as `json_quote("json_each"."value")`, it reads `nil` where
    /// the document had no element (the row's columns are NULL), as a JSON `null` does.
    public subscript<Element, Options>(
        dynamicMember keyPath: KeyPath<Base, SQLJSONPath<Element, Options>>
    ) -> SQLJSONPath<Element, Options> {
        base[keyPath: keyPath]
    }
}
