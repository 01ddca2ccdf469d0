// A draft of a table whose key is not an integer takes its key: leaving it out does not
// compile (SQLite would refuse the row with NOT NULL constraint failed).
// expected-error: missing argument for parameter 'id' in call
import Codd
import Foundation

func fixture() {
    _ = Label.insert { Label.Draft(title: "home") }
}
