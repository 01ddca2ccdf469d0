// `sum()` on a Decimal column must not compile: SQLite sums in floating point, never exactly.
// expected-error: referencing instance method 'sum(distinct:filter:)' on 'SQLQueryExpression'
// expected-error: (aka 'Decimal') conform to 'SQLNumeric'
import Codd
import Foundation

func fixture() {
    _ = Attachment.select { $0.price.sum() }
}
