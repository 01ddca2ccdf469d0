// `/=` by an expression, which may be zero, would store NULL: only an optional column takes it.
// expected-error: referencing operator function '/='
import Codd
import Foundation

func fixture() {
    _ = Attachment.update { $0.id /= $0.id }
}
