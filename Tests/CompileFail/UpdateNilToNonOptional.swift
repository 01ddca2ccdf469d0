// `nil` is NULL only for an optional column: a non-optional one refuses it.
// expected-error: 'nil' cannot be assigned to type
import Codd
import Foundation

func fixture() {
    _ = Attachment.find(1).update { $0.name = nil }
}
