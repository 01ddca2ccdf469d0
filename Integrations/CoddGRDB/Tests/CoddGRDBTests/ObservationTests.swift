import Codd
import CoddGRDB
import Foundation
import GRDB
import Testing

/// GRDB's observation sees Codd statements: a `ValueObservation` whose fetch is a Codd
/// query tracks its table, and Codd writes trigger it.
@Suite("GRDB observation of Codd statements")
struct ObservationTests {
    @Test(.timeLimit(.minutes(1))) func valueObservationOfACoddQueryUpdatesOnCoddWrites() async throws {
        let pool = try makePool()
        let observation = ValueObservation.tracking { db in
            try Reminder.select(\.title).order(by: \.title).fetchAll(db)
        }
        var seen: [[String]] = []
        for try await titles in observation.values(in: pool) {
            seen.append(titles)
            if titles.isEmpty {
                // A write to another table does not matter to it; this one does.
                try await pool.write { db in
                    try Item.insert { Item(id: UUID(), createdAt: Date(), tags: []) }.execute(db)
                    try Reminder.insert { Reminder.Draft(title: "Buy milk") }.execute(db)
                }
            } else {
                break
            }
        }
        #expect(seen == [[], ["Buy milk"]])
    }

    @Test func regionOfACoddQueryIsItsTables() throws {
        let queue = try makeQueue()
        var region = DatabaseRegion()
        try queue.read { db in
            try db.recordingSelection(&region) {
                _ = try Reminder.where { $0.priority == 1 }.fetchAll(db)
            }
        }
        #expect(region.description == "reminders(id,priority,title)")
    }
}
