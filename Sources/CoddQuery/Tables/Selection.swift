import CoddCore

/// A custom result shape: a struct of the columns a query selects.
///
/// Declare one with the `@Selection` macro, which writes this conformance and a
/// `Columns` type whose initializer takes one expression per field:
///
/// ```swift
/// @Selection
/// struct ReminderTitle {
///     let title: String
/// }
/// Reminder.select { ReminderTitle.Columns(title: $0.title) }
/// // SELECT "reminders"."title" AS "title" FROM "reminders"
/// ```
public protocol Selection: SQLRowDecodable, SQLJSONDecodable {
    /// The expressions a query selects into this type.
    associatedtype Columns: SelectionColumns where Columns.QueryValue == Self
}

/// The selected expressions of a ``Selection``: a result-column list that decodes as
/// `QueryValue`.
public protocol SelectionColumns: SQLSelectable {}
