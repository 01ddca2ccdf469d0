import CoddCore

// `RETURNING` of any number of expressions, fetched as a value (one) or a flat tuple: one,
// two to four (specialized rows), or more (a parameter pack).

extension Insert {
    /// `RETURNING` an expression, a table's columns or a `@Selection`'s columns of the inserted rows.
    public func returning<S: SQLSelectable>(_ selection: (Into.TableColumns) -> S) -> Insert<Into, S.QueryValue> {
        Insert<Into, S.QueryValue>(
            conflict: conflict, columnNames: columnNames, source: source, upserts: upserts,
            returning: selection(Into.columns))
    }

    /// `RETURNING` 2 expressions of the inserted rows, fetched as tuples.
    public func returning<S1: SQLSelectable, S2: SQLSelectable>(_ selection: (Into.TableColumns) -> (S1, S2)) -> Insert<
        Into, SQLRow2<S1.QueryValue, S2.QueryValue>
    > {
        let (s1, s2) = selection(Into.columns)
        return Insert<Into, SQLRow2<S1.QueryValue, S2.QueryValue>>(
            conflict: conflict, columnNames: columnNames, source: source, upserts: upserts,
            returning: SQLSelection2(a: s1, b: s2))
    }

    /// `RETURNING` 3 expressions of the inserted rows, fetched as tuples.
    public func returning<S1: SQLSelectable, S2: SQLSelectable, S3: SQLSelectable>(
        _ selection: (Into.TableColumns) -> (S1, S2, S3)
    ) -> Insert<Into, SQLRow3<S1.QueryValue, S2.QueryValue, S3.QueryValue>> {
        let (s1, s2, s3) = selection(Into.columns)
        return Insert<Into, SQLRow3<S1.QueryValue, S2.QueryValue, S3.QueryValue>>(
            conflict: conflict, columnNames: columnNames, source: source, upserts: upserts,
            returning: SQLSelection3(a: s1, b: s2, c: s3))
    }

    /// `RETURNING` 4 expressions of the inserted rows, fetched as tuples.
    public func returning<S1: SQLSelectable, S2: SQLSelectable, S3: SQLSelectable, S4: SQLSelectable>(
        _ selection: (Into.TableColumns) -> (S1, S2, S3, S4)
    ) -> Insert<Into, SQLRow4<S1.QueryValue, S2.QueryValue, S3.QueryValue, S4.QueryValue>> {
        let (s1, s2, s3, s4) = selection(Into.columns)
        return Insert<Into, SQLRow4<S1.QueryValue, S2.QueryValue, S3.QueryValue, S4.QueryValue>>(
            conflict: conflict, columnNames: columnNames, source: source, upserts: upserts,
            returning: SQLSelection4(a: s1, b: s2, c: s3, d: s4))
    }

    /// `RETURNING` any number of expressions of the inserted rows, fetched as flat tuples.
    @_disfavoredOverload
    public func returning<each S: SQLSelectable>(_ selection: (Into.TableColumns) -> (repeat each S)) -> Insert<
        Into, SQLRowPack<repeat (each S).QueryValue>
    > {
        let selected = selection(Into.columns)
        return Insert<Into, SQLRowPack<repeat (each S).QueryValue>>(
            conflict: conflict, columnNames: columnNames, source: source, upserts: upserts,
            returning: SQLSelectionPack(repeat each selected))
    }
}

extension Update {
    /// `RETURNING` an expression, a table's columns or a `@Selection`'s columns of the updated rows.
    public func returning<S: SQLSelectable>(_ selection: (T.TableColumns) -> S) -> Update<T, S.QueryValue> {
        Update<T, S.QueryValue>(conflict: conflict, updates: updates, filter: filter, returning: selection(T.columns))
    }

    /// `RETURNING` 2 expressions of the updated rows, fetched as tuples.
    public func returning<S1: SQLSelectable, S2: SQLSelectable>(_ selection: (T.TableColumns) -> (S1, S2)) -> Update<
        T, SQLRow2<S1.QueryValue, S2.QueryValue>
    > {
        let (s1, s2) = selection(T.columns)
        return Update<T, SQLRow2<S1.QueryValue, S2.QueryValue>>(
            conflict: conflict, updates: updates, filter: filter, returning: SQLSelection2(a: s1, b: s2))
    }

    /// `RETURNING` 3 expressions of the updated rows, fetched as tuples.
    public func returning<S1: SQLSelectable, S2: SQLSelectable, S3: SQLSelectable>(
        _ selection: (T.TableColumns) -> (S1, S2, S3)
    ) -> Update<T, SQLRow3<S1.QueryValue, S2.QueryValue, S3.QueryValue>> {
        let (s1, s2, s3) = selection(T.columns)
        return Update<T, SQLRow3<S1.QueryValue, S2.QueryValue, S3.QueryValue>>(
            conflict: conflict, updates: updates, filter: filter, returning: SQLSelection3(a: s1, b: s2, c: s3))
    }

    /// `RETURNING` 4 expressions of the updated rows, fetched as tuples.
    public func returning<S1: SQLSelectable, S2: SQLSelectable, S3: SQLSelectable, S4: SQLSelectable>(
        _ selection: (T.TableColumns) -> (S1, S2, S3, S4)
    ) -> Update<T, SQLRow4<S1.QueryValue, S2.QueryValue, S3.QueryValue, S4.QueryValue>> {
        let (s1, s2, s3, s4) = selection(T.columns)
        return Update<T, SQLRow4<S1.QueryValue, S2.QueryValue, S3.QueryValue, S4.QueryValue>>(
            conflict: conflict, updates: updates, filter: filter, returning: SQLSelection4(a: s1, b: s2, c: s3, d: s4))
    }

    /// `RETURNING` any number of expressions of the updated rows, fetched as flat tuples.
    @_disfavoredOverload
    public func returning<each S: SQLSelectable>(_ selection: (T.TableColumns) -> (repeat each S)) -> Update<
        T, SQLRowPack<repeat (each S).QueryValue>
    > {
        let selected = selection(T.columns)
        return Update<T, SQLRowPack<repeat (each S).QueryValue>>(
            conflict: conflict, updates: updates, filter: filter, returning: SQLSelectionPack(repeat each selected))
    }
}

extension Delete {
    /// `RETURNING` an expression, a table's columns or a `@Selection`'s columns of the deleted rows.
    public func returning<S: SQLSelectable>(_ selection: (T.TableColumns) -> S) -> Delete<T, S.QueryValue> {
        Delete<T, S.QueryValue>(filter: filter, returning: selection(T.columns))
    }

    /// `RETURNING` 2 expressions of the deleted rows, fetched as tuples.
    public func returning<S1: SQLSelectable, S2: SQLSelectable>(_ selection: (T.TableColumns) -> (S1, S2)) -> Delete<
        T, SQLRow2<S1.QueryValue, S2.QueryValue>
    > {
        let (s1, s2) = selection(T.columns)
        return Delete<T, SQLRow2<S1.QueryValue, S2.QueryValue>>(filter: filter, returning: SQLSelection2(a: s1, b: s2))
    }

    /// `RETURNING` 3 expressions of the deleted rows, fetched as tuples.
    public func returning<S1: SQLSelectable, S2: SQLSelectable, S3: SQLSelectable>(
        _ selection: (T.TableColumns) -> (S1, S2, S3)
    ) -> Delete<T, SQLRow3<S1.QueryValue, S2.QueryValue, S3.QueryValue>> {
        let (s1, s2, s3) = selection(T.columns)
        return Delete<T, SQLRow3<S1.QueryValue, S2.QueryValue, S3.QueryValue>>(
            filter: filter, returning: SQLSelection3(a: s1, b: s2, c: s3))
    }

    /// `RETURNING` 4 expressions of the deleted rows, fetched as tuples.
    public func returning<S1: SQLSelectable, S2: SQLSelectable, S3: SQLSelectable, S4: SQLSelectable>(
        _ selection: (T.TableColumns) -> (S1, S2, S3, S4)
    ) -> Delete<T, SQLRow4<S1.QueryValue, S2.QueryValue, S3.QueryValue, S4.QueryValue>> {
        let (s1, s2, s3, s4) = selection(T.columns)
        return Delete<T, SQLRow4<S1.QueryValue, S2.QueryValue, S3.QueryValue, S4.QueryValue>>(
            filter: filter, returning: SQLSelection4(a: s1, b: s2, c: s3, d: s4))
    }

    /// `RETURNING` any number of expressions of the deleted rows, fetched as flat tuples.
    @_disfavoredOverload
    public func returning<each S: SQLSelectable>(_ selection: (T.TableColumns) -> (repeat each S)) -> Delete<
        T, SQLRowPack<repeat (each S).QueryValue>
    > {
        let selected = selection(T.columns)
        return Delete<T, SQLRowPack<repeat (each S).QueryValue>>(
            filter: filter, returning: SQLSelectionPack(repeat each selected))
    }
}
