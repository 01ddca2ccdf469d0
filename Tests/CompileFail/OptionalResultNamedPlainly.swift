// strftime gives NULL for text that is not a date, so its result is optional; the message
// names the type as written, String?, not Optional<String>.Fetched.
// expected-error: cannot assign value of type '[String?]' to type '[String]'
import Codd
import Foundation

func fixture(_ db: Connection) throws {
    let years: [String] = try Attachment.select { $0.createdAt.strftime("%Y") }.fetchAll(db)
    _ = years
}
