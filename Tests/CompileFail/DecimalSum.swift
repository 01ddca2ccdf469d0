// `sum()` on a Decimal column must not compile: SQLite sums in floating point, never exactly.
// expected-error: 'sum(distinct:filter:)' is unavailable: SQLite adds decimal text in floating point and rounds
import Codd
import Foundation

func fixture() {
    _ = Attachment.select { $0.price.sum() }
}
