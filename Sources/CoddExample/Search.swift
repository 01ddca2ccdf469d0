import Codd
import CoddFTS5SQLite
import Foundation

/// The search index: a trigram FTS5 table over the reminders' text.
@Table
struct ReminderText: FTS5 {
    let rowid: Int
    let title: String
    let notes: String
    let tags: String
    static let fts5Options = FTS5Options<ReminderText>(tokenizer: .trigram())
}

/// Full-text search: an FTS5 table kept in step by temporary triggers, searched with a
/// pattern built from text a user typed, results joined to the reminders and highlighted.
func runSearchExample(_ database: Database) throws {
    try database.write { db in
        try db.execute(#"DROP TABLE IF EXISTS "reminderTexts""#)
        try ReminderText.createTable().execute(db)
        try ReminderText.syncTriggers(from: Reminder.self, rowID: \.id, temporary: true) { text, reminder in
            text.notes = reminder.notes.replace("\n", " ")
            text.tags = ""
        }.execute(db)
        // The reminders written before the index existed.
        try db.execute(
            #"""
            INSERT INTO "reminderTexts" ("rowid", "title", "notes", "tags")
            SELECT "id", "title", replace("notes", char(10), ' '), '' FROM "reminders"
            """#)
        try Reminder.insert([
            Reminder.Draft(
                externalID: UUID(), title: "Book the O'Brien dinner", notes: "Table for 4\nnear the window",
                createdAt: Date(), remindersListID: 2
            )
        ]).execute(db)
    }
    let typed = "o'brien repo"  // what a user typed: any character is text to search, never syntax
    let pattern = FTS5Pattern(matchingAllTokensIn: typed) ?? .nothing
    let search =
        ReminderText
        .where { $0.match(pattern) }
        .join(Reminder.all) { $0.rowid.eq($1.rowid) }
        .order { text, _ in text.rank }
        .select { text, _ in text.title.highlight("[", "]") }
    print("\nSearching \(typed.debugDescription) (pattern \(pattern)):")
    print("  SQL: \(try search.fragment.sql)")
    for title in try database.read({ db in try search.fetchAll(db) }) {
        print("  \(title)")
    }
}
