// A row value compares element by element with values of the same representations.
// expected-error: binary operator '>' cannot be applied to operands of type '(TableColumn<Attachment, Int>, TableColumn<Attachment, String>)' and '(Int, Int)'
import Codd
import Foundation

func fixture() {
    _ = Attachment.where { ($0.id, $0.name) > (1, 2) }
}
