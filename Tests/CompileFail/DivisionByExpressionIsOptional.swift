// Dividing by an expression, which may be zero, is optional: SQLite's `x / 0` is NULL.
// expected-error: Int?
import Codd
import Foundation

func fixture() {
    let _: Select<Int, SQLTables.One<SQLTables.Inner<Attachment>>> = Attachment.select { $0.id / $0.id }
}
