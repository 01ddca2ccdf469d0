import CoddCore
import CoddJSON
import CoddQuery

extension Updates {
    /// Assigns a JSON column its Swift value, encoded as the column stores it:
    /// `$0.tags = ["home", "urgent"]` binds `'["home","urgent"]'`. (An optional JSON column
    /// takes its value, or `nil`, as every optional column does.)
    @_disfavoredOverload
    public subscript<Value, Options>(
        dynamicMember keyPath: KeyPath<T.TableColumns, TableColumn<T, JSONDocument<Value, Options>>>
    ) -> Value {
        @available(
            *, unavailable,
            message:
                "an update reads a column as SQL, not as a Swift value; compare or compute with the column's expression"
        )
        get { fatalError("unavailable") }
        set { assign(keyPath, JSONDocument<Value, Options>(represented: newValue)) }
    }
}
