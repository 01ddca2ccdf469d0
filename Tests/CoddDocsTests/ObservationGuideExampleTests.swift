import Codd
import Foundation
import Testing

/// docs/Observation.md, block by block. Its types are nested here: the queries guide has
/// its own `Reminder`.
enum ObservationGuide {
    @Table struct Reminder: Equatable, Sendable {
        let id: Int
        var title = ""
    }

    @MainActor final class RemindersModel {
        let reminders: any Query<Void, [Reminder]>
        var titles: [String] = []
        var error: (any Error)?

        init(reminders: any Query<Void, [Reminder]>) { self.reminders = reminders }

        func load() async {
            do { titles = try await reminders.execute().map(\.title) } catch { self.error = error }
        }
    }

    /// What a screen shows, written by its task.
    @MainActor final class TitlesModel {
        var titles: [String] = []
    }
}

extension ObservationGuide {
    @Suite("docs/Observation.md examples")
    struct Examples {
        let database: DatabasePool

        init() throws {
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("codd-observation-guide-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            database = try DatabasePool(path: directory.appendingPathComponent("reminders.sqlite").path)
            try database.write { db in
                try db.execute(
                    #"CREATE TABLE "reminders" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL DEFAULT '')"#)
            }
        }

        @Test func observing() async throws {
            let observation = database.observe(Reminder.order(by: \.title))
            var titles = observation.makeAsyncIterator()
            #expect(try await titles.next()?.map(\.title) == [])
            try await database.asyncWrite { db in
                try Reminder.insert { Reminder.Draft(title: "Buy milk") }.execute(db)
            }
            #expect(try await titles.next()?.map(\.title) == ["Buy milk"])

            let model = TitlesModel()
            let screen = Task { @MainActor in
                for try await reminders in database.observe(Reminder.order(by: \.title)) {
                    model.titles = reminders.map(\.title)
                }
            }
            try await database.asyncWrite { db in try Reminder.insert { Reminder.Draft(title: "Call mom") }.execute(db)
            }
            var seen: [String] = []
            for _ in 0..<500 where seen != ["Buy milk", "Call mom"] {
                try await Task.sleep(for: .milliseconds(10))
                seen = await model.titles
            }
            #expect(seen == ["Buy milk", "Call mom"])
            screen.cancel()

            let count = database.observe { db in
                try db.fetchOne(Int.self, #"SELECT count(*) FROM "reminders""#) ?? 0
            }.removeDuplicates()
            var counts = count.makeAsyncIterator()
            #expect(try await counts.next() == 2)
        }

        @Test @MainActor func injecting() async throws {
            try await database.asyncWrite { db in try Reminder.insert { Reminder.Draft(title: "Buy milk") }.execute(db)
            }
            let live = RemindersModel(reminders: Queries.Live(database, Reminder.order(by: \.title)))
            let byTitle = Queries.Live(database) { (db, title: String) in
                try db.fetchAll(Reminder.self, #"SELECT "id", "title" FROM "reminders" WHERE "title" = ?"#, title)
            }
            #expect(try await byTitle.execute("Buy milk").count == 1)
            await live.load()
            #expect(live.titles == ["Buy milk"])
        }

        @Test @MainActor func withoutADatabase() async throws {
            let model = RemindersModel(reminders: Queries.Just([Reminder(id: 1, title: "Buy milk")]))
            await model.load()
            #expect(model.titles == ["Buy milk"])

            let failing = RemindersModel(reminders: Queries.Fail(CancellationError()))
            await failing.load()
            #expect(failing.error is CancellationError)

            let recording = Queries.Test<String, [Reminder]> { title in [Reminder(id: 7, title: title)] }
            _ = try await recording.execute("Call mom")
            #expect(recording.executeCount == 1)
            #expect(recording.inputs == ["Call mom"])
        }
    }
}
