// `sum()` on a String column must not compile: sum/avg/total need SQLNumeric.
// expected-error: referencing instance method 'sum(distinct:filter:)' on 'SQLQueryExpression'
// expected-error: (aka 'String') conform to 'SQLNumeric'
import Codd
import Foundation

func fixture() {
    _ = Attachment.select { $0.name.sum() }
}
