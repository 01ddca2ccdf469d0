// `or` combines statements of the same table.
// expected-error: Label
import Codd
import Foundation

func fixture() {
    _ = Attachment.where { $0.isHidden }.or(Label.where { $0.title.eq("x") })
}
