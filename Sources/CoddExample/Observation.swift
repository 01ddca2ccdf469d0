import Codd
import Foundation

/// An observed query: the number of open reminders, printed now and after each insert
/// (each value arrives after the commit that changed "reminders").
func runObservationExample(_ database: Database) async throws {
    print("\nObserving the number of open reminders while rows are inserted:")
    var openCounts = database.observe { db in try Reminder.open.fetchCount(db) }.makeAsyncIterator()
    if let count = try await openCounts.next() { print("  now: \(count)") }
    for title in ["Water the plants", "Book the dentist"] {
        try await database.asyncWrite { db in
            try Reminder.insert {
                Reminder.Draft(externalID: UUID(), title: title, createdAt: Date(), remindersListID: 1)
            }.execute(db)
        }
        if let count = try await openCounts.next() { print("  after inserting \"\(title)\": \(count)") }
    }
}
