import Codd

/// How urgent a reminder is: stored as its raw INTEGER value.
enum Priority: Int, SQLCustomType, SQLComparable, CustomStringConvertible {
    case low = 1, medium, high

    var description: String {
        switch self {
        case .low: "low"
        case .medium: "medium"
        case .high: "high"
        }
    }
}

/// A row of `reminders`, decoded by index straight from the statement.
struct Reminder: SQLRowDecodable {
    var id: Int
    var title: String
    var notes: String
    var isCompleted: Bool
    var priority: Priority?
    var remindersListID: Int

    static let columns = #""id", "title", "notes", "isCompleted", "priority", "remindersListID""#
    static var columnCount: Int { 6 }

    init(decodingRow row: some SQLColumnReader, at index: inout Int) throws {
        id = try Int(decodingRow: row, at: &index)
        title = try String(decodingRow: row, at: &index)
        notes = try String(decodingRow: row, at: &index)
        isCompleted = try Bool(decodingRow: row, at: &index)
        priority = try Priority?(decodingRow: row, at: &index)
        remindersListID = try Int(decodingRow: row, at: &index)
    }
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
      "title" TEXT NOT NULL,
      "notes" TEXT NOT NULL DEFAULT '',
      "isCompleted" INTEGER NOT NULL DEFAULT 0,
      "priority" INTEGER,
      "remindersListID" INTEGER NOT NULL REFERENCES "remindersLists"("id") ON DELETE CASCADE
    ) STRICT;
    CREATE INDEX "reminders_remindersListID" ON "reminders"("remindersListID");
    """
