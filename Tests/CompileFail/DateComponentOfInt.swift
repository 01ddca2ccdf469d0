// Date components exist on dates (SQLInstantRepresentation) only.
// expected-error: no exact matches in reference to property 'year'
import Codd
import Foundation

func fixture() {
    _ = Attachment.select { $0.id.year }
}
