// A window function without its window must not compile: `row_number()` is only an
// expression once `over(…)` gives it one (SQL would refuse it at run time).
// expected-error: conform to 'SQLSelectable'
import Codd
import Foundation

func fixture() {
    _ = Attachment.select { _ in SQLFunctions.rowNumber() }
}
