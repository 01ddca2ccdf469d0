// A runtime String must not become SQL: SQLRaw's literals are StaticString, so only text
// written in source is SQL, and runtime values enter only as bound interpolations.
// expected-error: cannot convert value of type 'String' to expected argument type 'StaticString'
import Codd
import Foundation

func fixture(userInput: String) {
    _ = Attachment.where { _ in SQLRaw<Bool>(stringLiteral: userInput) }
}
