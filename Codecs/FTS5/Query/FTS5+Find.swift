import CoddCore
import CoddQuery

extension FTS5 {
    /// The row whose rowid is `rowid`, an expression: in a trigger on the content table,
    /// `ReminderText.find(new.rowid)` renders `WHERE ("reminderTexts"."rowid" = "new"."rowid")`.
    public static func find(_ rowid: some SQLQueryExpression<Int>) -> SelectOf<Self> {
        Self.where { $0.rowid.eq(rowid) }
    }

    /// The row whose rowid is `rowid`: `WHERE ("rowid" = ?)`.
    public static func find(_ rowid: Int) -> SelectOf<Self> {
        Self.where { $0.rowid.eq(rowid) }
    }
}
