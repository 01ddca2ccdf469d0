// An enum column takes a case with a leading dot, and `nil` only when it is optional.
// expected-error: 'nil' cannot be assigned to type
import Codd
import Foundation

func fixture() {
    _ = Attachment.find(1).update { $0.kind = nil }
}
