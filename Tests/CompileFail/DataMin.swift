// `min()` on a Data column must not compile: min/max order values, so they need
// SQLComparable. (The substring stops at `min(` so it holds for `min()` and `min(filter:)`.)
// expected-error: referencing instance method 'min(
// expected-error: (aka 'Data') conform to 'SQLComparable'
import Codd
import Foundation

func fixture() {
    _ = Attachment.select { $0.payload.min() }
}
