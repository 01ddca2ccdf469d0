// An Int column does not move by a date interval: `+ .days(1)` needs a representation
// of an instant (SQLInstantRepresentation).
// expected-error: referencing operator function '+' on 'SQLQueryExpression'
// expected-error: (aka 'Int') conform to 'SQLInstantRepresentation'
import Codd
import Foundation

func fixture() {
    _ = Attachment.select { $0.id + .days(1) }
}
