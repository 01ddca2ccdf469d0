// The time between a date and an Int column must not compile: both sides of a
// difference are instants.
// expected-error: PLACEHOLDER
import Codd
import Foundation

func fixture() {
    _ = Attachment.select { $0.createdAt.timeIntervalSince($0.id) }
}
