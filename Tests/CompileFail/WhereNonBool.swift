// `where` whose closure returns a non-Bool expression (here an Int) must not compile:
// a condition is an SQLExpression<Bool>.
// expected-error: static method 'where' requires the types
// expected-error: (aka 'Int') and 'Bool' be equivalent
import Codd
import Foundation

func fixture() {
    _ = Attachment.where { $0.id + 1 }
}
