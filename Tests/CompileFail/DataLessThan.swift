// `<` on a Data column must not compile: Data is SQLEquatable only, and ordering
// needs SQLComparable.
// expected-error: referencing operator function '<' on 'SQLQueryExpression'
// expected-error: (aka 'Data') conform to 'SQLComparable'
import Codd
import Foundation

func fixture() {
    _ = Attachment.where { $0.payload < Data() }
}
