import Codd
import CoddFTS5SQLite

// The seed's reminders and their FTS5 index.

@Table
struct Reminder: Identifiable, Equatable {
    let id: Int
    var title = ""
    var notes = ""
}

@Table @Selection
struct ReminderText: FTS5 {
    let rowid: Int
    let title: String
    let notes: String
    let tags: String
    static let fts5Options = FTS5Options<ReminderText>(tokenizer: .trigram())
}

/// An external-content index over `reminders`, read by its `id`.
@Table
struct ReminderIndex: FTS5 {
    let rowid: Int
    let title: String
    let notes: String
    static let fts5Options = FTS5Options<ReminderIndex>(
        tokenizer: .porter(), content: .externalContent(Reminder.self, rowID: "id")
    )
}

struct MatchAlias: TableAlias {
    typealias Table = ReminderText
}

/// An in-memory database with `reminders` and `reminderTexts`.
func makeRemindersDatabase() throws -> Database {
    let database = try Database.inMemory()
    try database.write { db in
        try db.execute(
            #"CREATE TABLE "reminders" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "notes" TEXT NOT NULL)"#)
        try ReminderText.createTable().execute(db)
    }
    return database
}
