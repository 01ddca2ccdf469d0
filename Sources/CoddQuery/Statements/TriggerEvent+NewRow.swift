import CoddCore

// `.update { new in … }`: the one-parameter form, for a body that reads only the
// row after the update (its FTS5 sync trigger). `{ old, new in … }` sees both.

extension TriggerEvent {
    /// `UPDATE`: `body` sees the row after the update as `new`.
    public static func update(
        @TriggerBodyBuilder _ body: (_ new: On.TableColumns) -> [any SQLStatement],
        when condition: ((_ new: On.TableColumns) -> any SQLExpression<Bool>)? = nil
    ) -> Self {
        Self(kind: .update(columns: []), body: body(new), condition: condition?(new))
    }

    /// `UPDATE OF "column"`, whose `body` sees the row after the update as `new`.
    public static func update<Value>(
        of column: KeyPath<On.TableColumns, TableColumn<On, Value>>,
        @TriggerBodyBuilder _ body: (_ new: On.TableColumns) -> [any SQLStatement],
        when condition: ((_ new: On.TableColumns) -> any SQLExpression<Bool>)? = nil
    ) -> Self {
        Self(kind: .update(columns: [On.columns[keyPath: column].name]), body: body(new), condition: condition?(new))
    }
}
