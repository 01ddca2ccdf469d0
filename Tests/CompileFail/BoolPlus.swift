// `+` on a Bool column must not compile: arithmetic needs SQLNumeric and concatenation
// needs SQLText; Bool is neither.
// expected-error: binary operator '+' cannot be applied to operands of type 'TableColumn<Attachment, Bool>'
import Codd
import Foundation

func fixture() {
    _ = Attachment.select { $0.isHidden + true }
}
