// A column declared `@Column(as: UUIDText.self) var externalID: UUID` compares with
// UUID values (UUIDText.Represented), so comparing it with a String must not compile.
// expected-error: cannot convert value of type 'String' to expected argument type 'UUID'
import Codd
import Foundation

func fixture() {
    let text = "2F1C6A4E-8C39-4C4B-9E7A-2B6C4D1E0F00"
    _ = Attachment.where { $0.externalID.eq(text) }
}
