// A later select appends one expression at a time; a tuple is selected in the first select.
// expected-error: requires the types 'Int' and 'SQLTables.Inner<Attachment>.Row' (aka 'Attachment') be equivalent
import Codd
import Foundation

func fixture() {
    _ = Attachment.select(\.id).select { ($0.name, $0.size) }
}
