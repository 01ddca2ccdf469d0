// `min()` on a Data column must not compile: min/max order values, so they need
// SQLComparable.
// expected-error: referencing instance method 'min()' on 'SQLQueryExpression'
// expected-error: (aka 'Data') conform to 'SQLComparable'
import Codd
import Foundation

func fixture() {
    _ = Attachment.select { $0.payload.min() }
}
