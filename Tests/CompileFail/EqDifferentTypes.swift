// `eq` between an Int column and a String column must not compile: both sides of a
// comparison must have the same representation.
// expected-error: no exact matches in call to instance method 'eq'
// expected-error: (aka 'Int') and 'TableColumn<Attachment, String>.QueryValue' (aka 'String') be equivalent
import Codd
import Foundation

func fixture() {
    _ = Attachment.where { $0.id.eq($0.name) }
}
