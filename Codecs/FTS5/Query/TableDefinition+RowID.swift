import CoddCore
import CoddQuery

extension TableDefinition {
    /// `"reminders"."rowid"`: the rowid of any table (an `INTEGER PRIMARY KEY` is the
    /// rowid under another name), to join an FTS5 table with its content table:
    ///
    /// ```swift
    /// ReminderText.where { $0.match(pattern) }.join(Reminder.all) { $0.rowid.eq($1.rowid) }
    /// ```
    ///
    /// A table that declares a `rowid` property reads that one instead.
    public var rowid: TableColumn<QueryValue, Int> {
        TableColumn(qualifier: qualifier, name: "rowid")
    }
}
