import Codd
import Foundation

/// How urgent a reminder is: stored as its raw INTEGER value.
enum Priority: Int, Codable, SQLCustomType, SQLComparable, CustomStringConvertible {
    case low = 1, medium, high

    var description: String {
        switch self {
        case .low: "low"
        case .medium: "medium"
        case .high: "high"
        }
    }
}

@Table
struct RemindersList: Identifiable, Codable {
    let id: Int
    var title = ""
    var color = 0x4A99EF
}

@Table
struct Reminder: Identifiable, Codable {
    let id: Int
    /// A stable identity for sync, stored as 16 bytes.
    @Column(as: UUID.BlobRepresentation.self) var externalID: UUID
    var title = ""
    var notes = ""
    /// Labels: a JSON array in a TEXT column.
    @Column(as: [String].JSONRepresentation.self) var tags: [String] = []
    var isCompleted = false
    var priority: Priority?
    /// When it is due: TEXT `YYYY-MM-DD HH:MM:SS.SSS` UTC, compared as an instant.
    var dueAt: Date?
    /// When it was created: INTEGER milliseconds since 1970.
    @Column(as: Date.UnixTimeMillisecondsRepresentation.self) var createdAt: Date
    var remindersListID: RemindersList.ID
}

extension Reminder {
    /// A reusable scope: chain it anywhere in a query.
    static let open = Self.where { !$0.isCompleted }
}

/// A custom result shape: a list and how many of its reminders are open.
@Selection
struct ListSummary {
    let list: RemindersList
    let reminderCount: Int
    let openCount: Int
}

/// A list with all its reminders, loaded in one query through `json_group_array`.
@Selection
struct ListWithReminders {
    let list: RemindersList
    @Column(as: [Reminder].JSONRepresentation.self)
    let reminders: [Reminder]
}

let schema = """
    DROP TABLE IF EXISTS "reminders";
    DROP TABLE IF EXISTS "remindersLists";
    CREATE TABLE "remindersLists" (
      "id" INTEGER PRIMARY KEY,
      "title" TEXT NOT NULL,
      "color" INTEGER NOT NULL
    ) STRICT;
    CREATE TABLE "reminders" (
      "id" INTEGER PRIMARY KEY,
      "externalID" BLOB NOT NULL UNIQUE,
      "title" TEXT NOT NULL,
      "notes" TEXT NOT NULL DEFAULT '',
      "tags" TEXT NOT NULL DEFAULT '[]',
      "isCompleted" INTEGER NOT NULL DEFAULT 0,
      "priority" INTEGER,
      "dueAt" TEXT,
      "createdAt" INTEGER NOT NULL,
      "remindersListID" INTEGER NOT NULL REFERENCES "remindersLists"("id") ON DELETE CASCADE
    ) STRICT;
    CREATE INDEX "reminders_remindersListID" ON "reminders"("remindersListID");
    CREATE INDEX "reminders_dueAt" ON "reminders"(julianday("dueAt"));
    """
