// `<` on a Bool column must not compile: Bool is SQLEquatable, not SQLComparable (SQLite
// stores it as 0 and 1, so an order would exist, but "false < true" is not a question a
// query asks of a flag).
// expected-error: '<' is unavailable: Bool is equatable, not comparable
import Codd
import Foundation

func fixture() {
    _ = Attachment.where { $0.isHidden < true }
}
