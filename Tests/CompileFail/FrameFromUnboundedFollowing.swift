// A window frame cannot start at UNBOUNDED FOLLOWING (SQL's grammar refuses it): the start's
// enum has no such case.
// expected-error: has no member 'unboundedFollowing'
import Codd
import Foundation

func fixture() {
    _ = Attachment.select { $0.size.sum().over(orderBy: $0.id, frame: .rows(from: .unboundedFollowing)) }
}
