// A CTE's rows must be a table type (its name is the table's): a SELECT of one column is not.
// expected-error: to expected argument type 'CommonTableExpressionClause'
import Codd
import Foundation

func fixture() {
    _ = With { Attachment.select(\.id) } query: { Attachment.all }
}
