// `+` on a Decimal column must not compile: SQLite would add the texts as floating point
// numbers, rounding; a Decimal is SQLComparable, not SQLNumeric.
// expected-error: (aka 'Decimal') conform to 'SQLNumeric'
import Codd
import Foundation

func fixture() {
    _ = Attachment.select { $0.price + Decimal(1) }
}
