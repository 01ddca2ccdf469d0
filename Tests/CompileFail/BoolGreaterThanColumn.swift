// Nor between two Bool columns, whose message names the missing conformance.
// expected-error: (aka 'Bool') conform to 'SQLComparable'
import Codd
import Foundation

func fixture() {
    _ = Attachment.where { $0.isHidden.gt($0.isHidden) }
}
