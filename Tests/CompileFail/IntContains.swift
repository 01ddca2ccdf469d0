// `contains` on an Int column must not compile: string operations need SQLText, and a JSON
// array's `contains` a JSON document column (both candidates say so).
// expected-error: no exact matches in call to instance method 'contains'
// expected-error: (aka 'Int') conform to 'SQLText'
// expected-error: (aka 'Int') conform to 'SQLJSONDocumentRepresentation'
import Codd
import Foundation

func fixture() {
    _ = Attachment.where { $0.id.contains("1") }
}
