// Bitwise operators need an integer representation (SQLBitwise): not a Double.
// expected-error: cannot convert value of type 'TableColumn<Attachment, Double>'
import Codd
import Foundation

func fixture() {
    _ = Attachment.select { $0.size & 1 }
}
