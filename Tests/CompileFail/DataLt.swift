// `.lt` on a Data column must not compile: the named comparison methods are gated by
// SQLComparable like the operators.
// expected-error: referencing instance method 'lt' on 'SQLQueryExpression'
// expected-error: (aka 'Data') conform to 'SQLComparable'
import Codd
import Foundation

func fixture() {
    _ = Attachment.where { $0.payload.lt(Data()) }
}
