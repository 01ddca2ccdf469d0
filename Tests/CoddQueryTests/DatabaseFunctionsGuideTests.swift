import Codd
import CoddQueryAssertions
import Foundation
import Testing

// The Swift blocks of docs/DatabaseFunctions.md, verbatim, run against SQLite
// (CoddDocsTests checks that every block stands here).

extension Reminder {
    typealias Priority = CoddQueryTests.Priority
}

extension RemindersList {
    static let defaultTitle = "Reminders"
}

/// The app's database, opened once: the seed reads it from a dependency.
let sharedAppDatabase = Result { try makeRemindersDatabase() }
var appDatabase: Database {
    get throws { try sharedAppDatabase.get() }
}

/// A `Task` behind a lock: the seed's `Mutex<Task<Void, any Error>?>`.
final class LockedTask: @unchecked Sendable {
    private let lock = NSLock()
    private var task: Task<Void, any Error>?

    func withLock<R>(_ body: (inout Task<Void, any Error>?) -> R) -> R {
        lock.withLock { body(&task) }
    }
}

@DatabaseFunction(isDeterministic: true)
func slugify(_ title: String) -> String {
    title.lowercased().split { !$0.isLetter && !$0.isNumber }.joined(separator: "-")
}

@DatabaseFunction
nonisolated func createDefaultRemindersList() {
    Task {
        try appDatabase.write { db in
            try RemindersList.insert {
                RemindersList.Draft(title: RemindersList.defaultTitle)
            }.execute(db)
        }
    }
}

let reminderStatusMutex = LockedTask()

@DatabaseFunction
nonisolated func handleReminderStatusUpdate() {
    reminderStatusMutex.withLock {
        $0?.cancel()
        $0 = Task {
            try await Task.sleep(for: .seconds(0.4))
            try appDatabase.write { db in
                try Reminder
                    .where { $0.notes.eq("completing") }
                    .update { $0.isCompleted = true }
                    .execute(db)
            }
        }
    }
}

@DatabaseFunction
func mode(priority priorities: some Sequence<Reminder.Priority?>) -> Reminder.Priority? {
    var occurrences: [Reminder.Priority: Int] = [:]
    for priority in priorities {
        guard let priority else { continue }
        occurrences[priority, default: 0] += 1
    }
    return occurrences.max { $0.value < $1.value }?.key
}

struct TotalLength: SQLAggregateFunction {
    var name: String { "total_length" }
    var argumentCount: Int { 1 }
    var options: SQLFunctionOptions { [.deterministic] }

    func start() -> Int { 0 }

    func step(_ total: inout Int, arguments: some SQLColumnReader) throws {
        let text = try arguments.functionArgument(String?.self, at: 0, of: name, label: "text")
        total += text?.count ?? 0
    }

    func finish(_ total: inout Int, result: inout some SQLBindingContext) throws {
        try total.bind(into: &result)
    }
}

struct Refused: Error, CustomStringConvertible {
    var description: String { "refused" }
}

@DatabaseFunction
func checked(_ title: String) throws -> String {
    guard !title.isEmpty else { throw Refused() }
    return title
}

/// Waits up to five seconds for `condition`, for work a function started in a `Task`.
func eventually(_ condition: () throws -> Bool) async throws -> Bool {
    for _ in 0..<500 {
        if try condition() { return true }
        try await Task.sleep(for: .milliseconds(10))
    }
    return try condition()
}

@Suite("docs/DatabaseFunctions.md", .serialized)
struct DatabaseFunctionsGuideTests {
    @Test func defineAFunction() throws {
        let database = try makeRemindersDatabase()
        try database.write { db in
            try db.add(function: $slugify)
            let slugs = try Reminder.order { $0.id }.select { $slugify($0.title) }.fetchAll(db)
            #expect(slugs == ["groceries", "call-mom", "passport", "report", "archived", "old-thing"])
        }
        try database.write { db in try db.add(function: $slugify) }
        assertQuery(Reminder.order { $0.id }.select { $slugify($0.title) }, in: database) {
            """
            SELECT "slugify"("title") FROM "reminders" ORDER BY "id"
            """
        } results: {
            """
            ┌─────────────┐
            │ "groceries" │
            │ "call-mom"  │
            │ "passport"  │
            │ "report"    │
            │ "archived"  │
            │ "old-thing" │
            └─────────────┘
            """
        }
    }

    @Test func registerAndUseInATrigger() async throws {
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            try db.add(function: $createDefaultRemindersList)
            try db.add(function: $handleReminderStatusUpdate)
        }
        // The shared database was opened before this configuration: run its hook on it.
        try appDatabase.withConnection { db in try configuration.prepare(db) }
        let trigger = RemindersList.createTemporaryTrigger(
            after: .delete { _ in
                Values($createDefaultRemindersList())
            } when: { _ in
                !RemindersList.exists()
            }
        )
        assertSQL(trigger) {
            """
            CREATE TEMPORARY TRIGGER "after_delete_on_remindersLists_fdb4525f" AFTER DELETE ON "remindersLists" FOR EACH ROW WHEN NOT EXISTS (SELECT "remindersLists"."id", "remindersLists"."title", "remindersLists"."position", "remindersLists"."deletedAt" FROM "remindersLists") BEGIN SELECT "createDefaultRemindersList"(); END
            """
        }
        try appDatabase.write { db in
            try RemindersList.createTemporaryTrigger(
                after: .delete { _ in
                    Values($createDefaultRemindersList())
                } when: { _ in
                    !RemindersList.exists()
                }
            ).execute(db)
            try db.execute(#"DELETE FROM "reminders""#)
            try db.execute(#"DELETE FROM "remindersLists""#)
        }
        let created = try await eventually {
            try appDatabase.read { db in try RemindersList.select(\.title).fetchAll(db) } == ["Reminders"]
        }
        #expect(created)
        try appDatabase.write { db in try trigger.drop().execute(db) }
    }

    @Test func aFunctionThatStartsWork() async throws {
        try appDatabase.write { db in
            try db.add(function: $handleReminderStatusUpdate)
            try db.execute(#"DELETE FROM "reminders""#)
            try db.execute(#"INSERT OR IGNORE INTO "remindersLists" ("id", "title") VALUES (1, 'Personal')"#)
            try db.execute(
                #"INSERT INTO "reminders" ("title", "notes", "remindersListID") VALUES ('a', 'completing', 1), ('b', '', 1)"#
            )
            // Three calls in a row: the first two tasks are cancelled, the last one runs.
            for _ in 0..<3 {
                _ = try db.fetchOne(SQLNull.self, #"SELECT "handleReminderStatusUpdate"()"#)
            }
        }
        let completed = try await eventually {
            try appDatabase.read { db in
                try Reminder.where { $0.isCompleted }.select(\.title).fetchAll(db)
            } == ["a"]
        }
        #expect(completed)
    }

    @Test func customAggregates() throws {
        let database = try makeRemindersDatabase()
        var configuration = Configuration()
        func check(_ db: Connection) throws {
            // No ties: a tie's winner would depend on dictionary order.
            try db.execute(
                #"INSERT INTO "reminders" ("title", "priority", "remindersListID") VALUES ('Dentist', 3, 1), ('Slides', 3, 2)"#
            )
            try db.add(function: $mode)
            configuration.prepareDatabase { db in
                try db.add(function: $mode)
            }

            let results =
                try RemindersList
                .group(by: \.id)
                .leftJoin(Reminder.all) { $0.id.eq($1.remindersListID) }
                .select { ($0.title, $mode(priority: $1.priority)) }
                .fetchAll(db)
            #expect(results.map(\.0) == ["Personal", "Work", "Old"])
            #expect(results.map(\.1) == [.high, .high, nil])
        }
        try database.write(check)
        // The hook registers it on a database opened with the configuration.
        let other = try Database.inMemory(configuration: configuration)
        #expect(try other.read { db in try db.fetchOne(Int.self, #"SELECT "mode"(3)"#) } == 3)
        assertQuery(
            RemindersList
                .group(by: \.id)
                .leftJoin(Reminder.all) { $0.id.eq($1.remindersListID) }
                .select { ($0.title, $mode(priority: $1.priority)) },
            in: database
        ) {
            """
            SELECT "remindersLists"."title", "mode"("reminders"."priority") FROM "remindersLists" LEFT JOIN "reminders" ON "remindersLists"."id" = "reminders"."remindersListID" GROUP BY "remindersLists"."id"
            """
        } results: {
            """
            ┌────────────┬───────┐
            │ "Personal" │ .high │
            │ "Work"     │ .high │
            │ "Old"      │ nil   │
            └────────────┴───────┘
            """
        }
    }

    @Test func streamingAggregate() throws {
        let database = try makeRemindersDatabase()
        try database.write { db in
            try db.add(function: TotalLength())
            let total = try db.fetchOne(Int.self, #"SELECT "total_length"("title") FROM "reminders""#)
            #expect(total == 48)
        }
    }

    @Test func badInput() throws {
        let database = try makeRemindersDatabase()
        func check(_ db: Connection) throws {
            try db.add(function: $slugify)
            try db.add(function: $checked)
            do {
                _ = try db.fetchOne(String.self, #"SELECT "checked"('')"#)
            } catch let error as SQLiteError {
                print(error.message)  // Function "checked" failed: refused
                // error.functionError == SQLFunctionError(function: "checked", message: "refused")
            }
            do {
                _ = try db.fetchOne(String.self, #"SELECT "slugify"(42)"#)
            } catch let error as SQLiteError {
                print(error.message)
                // Function "slugify" failed on argument 1 (title): cannot read String: expected TEXT,
                // found INTEGER 42: storage class mismatch
            }
            let thrown = #expect(throws: SQLiteError.self) { try db.fetchOne(String.self, #"SELECT "checked"('')"#) }
            #expect(thrown?.message == #"Function "checked" failed: refused"#)
            #expect(thrown?.functionError == SQLFunctionError(function: "checked", message: "refused"))
            let mismatch = #expect(throws: SQLiteError.self) { try db.fetchOne(String.self, #"SELECT "slugify"(42)"#) }
            #expect(
                mismatch?.functionError?.description
                    == #"Function "slugify" failed on argument 1 (title): cannot read String: expected TEXT, found INTEGER 42: storage class mismatch"#
            )
        }
        try database.write(check)
    }
}
