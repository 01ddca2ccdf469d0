// An update's column takes a value of its own type: a String column refuses an Int.
// expected-error: cannot assign value of type 'Int' to type 'SQLUpdateColumn<String>'
import Codd
import Foundation

func fixture() {
    _ = Attachment.find(1).update { $0.name = 5 }
}
