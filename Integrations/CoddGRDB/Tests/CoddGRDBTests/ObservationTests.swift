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
        var wrote = false
        for try await titles in observation.values(in: pool) {
            // GRDB may deliver the initial value twice on a pool (a fetch, then a check).
            if seen.last != titles { seen.append(titles) }
            if !wrote {
                wrote = true
                // A write to another table does not matter to it; this one does.
                try await pool.write { db in
                    try Item.insert { Item(id: UUID(), createdAt: Date(), tags: []) }.execute(db)
                    try Reminder.insert { Reminder.Draft(title: "Buy milk") }.execute(db)
                }
            } else if !titles.isEmpty {
                break
            }
        }
        #expect(seen == [[], ["Buy milk"]])
    }

    /// GRDB's transaction observers see Codd's writes, table by table.
    @Test func regionObservationSeesCoddWritesToItsTable() throws {
        let queue = try makeQueue()
        let changes = LockedCount()
        let cancellable = DatabaseRegionObservation(tracking: Table("reminders"))
            .start(in: queue, onError: { _ in }, onChange: { _ in changes.increment() })
        defer { cancellable.cancel() }
        try queue.write { db in
            try Item.insert { Item(id: UUID(), createdAt: Date(), tags: ["other table"]) }.execute(db)
        }
        #expect(changes.value == 0)
        try queue.write { db in try Reminder.insert { Reminder.Draft(title: "Buy milk") }.execute(db) }
        #expect(changes.value == 1)
        try queue.write { db in try Reminder.where { $0.title == "Buy milk" }.delete().execute(db) }
        #expect(changes.value == 2)
    }
}

final class LockedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }
    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}
