// `&&` between an Int column and a Bool column must not compile: logic needs Bool
// expressions on both sides (SQLite's integer truthiness is not accepted).
// expected-error: binary operator '&&' cannot be applied to operands of type 'TableColumn<Attachment, Int>' and 'TableColumn<Attachment, Bool>'
import Codd
import Foundation

func fixture() {
    _ = Attachment.where { $0.id && $0.isHidden }
}
