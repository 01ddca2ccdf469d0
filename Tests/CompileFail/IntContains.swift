// `contains` on an Int column must not compile: string operations need SQLText.
// expected-error: referencing instance method 'contains' on 'SQLQueryExpression'
// expected-error: (aka 'Int') conform to 'SQLText'
import Codd
import Foundation

func fixture() {
    _ = Attachment.where { $0.id.contains("1") }
}
