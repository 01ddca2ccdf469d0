// Inside an update a column is SQL, not a Swift value: reading a date column as a Date
// does not compile (its value subscript only assigns).
// expected-error: getter for 'subscript(dynamicMember:)' is unavailable
import Codd
import Foundation

func fixture() {
    _ = Attachment.find(1).update {
        let previous: Date? = $0.deletedAt
        $0.deletedAt = previous
    }
}
