// The time between a date and an Int column must not compile: both sides of a
// difference are instants.
// expected-error: no exact matches in call to instance method 'timeIntervalSince'
// expected-error: (aka 'Int') conform to 'SQLInstantRepresentation'
import Codd
import Foundation

func fixture() {
    _ = Attachment.select { $0.createdAt.timeIntervalSince($0.id) }
}
