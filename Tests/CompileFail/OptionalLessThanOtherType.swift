// Ordering an optional Int column against a String column must not compile: the
// optional/non-optional overloads still need one representation on both sides.
// expected-error: operator function '<' requires the types
// expected-error: (aka 'String') and 'Int' be equivalent
import Codd
import Foundation

func fixture() {
    _ = Attachment.where { $0.parentID < $0.name }
}
