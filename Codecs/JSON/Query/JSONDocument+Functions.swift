import CoddCore
import CoddJSON
import CoddQuery

extension SQLQueryExpression {
    /// `json_array_length(self)` of a JSON column: the number of elements of the array it
    /// holds, 0 for another JSON value (`jsonb_array_length` on PostgreSQL, which refuses a
    /// value that is not an array).
    ///
    /// ```swift
    /// Reminder.where { $0.tags.jsonArrayLength() > 2 }
    /// // WHERE (json_array_length("tags") > ?)
    /// ```
    public func jsonArrayLength<Value, Options>() -> SQLJSONArrayLength<Int>
    where QueryValue == JSONDocument<Value, Options> {
        SQLJSONArrayLength(operand: self, path: nil)
    }

    /// `json_array_length(self)` of an optional JSON column: NULL for NULL.
    public func jsonArrayLength<Value, Options>() -> SQLJSONArrayLength<Int?>
    where QueryValue == JSONDocument<Value, Options>? {
        SQLJSONArrayLength(operand: self, path: nil)
    }
}
