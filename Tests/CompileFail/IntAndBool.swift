// `&&` between an Int column and a Bool column must not compile: logic needs Bool
// expressions on both sides (SQLite's integer truthiness is not accepted).
// expected-error: referencing operator function '&&' on 'SQLQueryExpression'
// expected-error: (aka 'Int') and 'Bool' be equivalent
import Codd
import Foundation

func fixture() {
    _ = Attachment.where { $0.id && $0.isHidden }
}
