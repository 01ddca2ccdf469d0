import Codd
import Foundation

// The reminders schema of the seeds. Dates are stored as TEXT here (`YYYY-MM-DD`): the
// Date codecs arrive with the codec modules.

@Table
struct RemindersList: Identifiable, Equatable {
    let id: Int
    var title = ""
    var position = 0
    var deletedAt: String?
}

@Table
struct Reminder: Identifiable, Equatable {
    let id: Int
    var title = ""
    var notes = ""
    var isCompleted = false
    var priority: Priority?
    var dueAt: String?
    var deletedAt: String?
    var remindersListID: RemindersList.ID
}

enum Priority: Int, SQLCustomType, SQLComparable {
    case low = 1, medium, high
}

extension RemindersList {
    static let notDeleted = Self.where { $0.deletedAt.isNot(nil) }
}

extension Reminder {
    static let notDeleted = Self.where { $0.deletedAt.isNot(nil) }
}

extension Reminder.TableColumns {
    var isPastDue: some SQLExpression<Bool> {
        !isCompleted && #sql("date(\(dueAt)) < date()")
    }
    var isToday: some SQLExpression<Bool> {
        !isCompleted && #sql("date(\(dueAt)) = date()")
    }
    var isScheduled: some SQLExpression<Bool> {
        !isCompleted && #sql("date(\(dueAt)) > date()")
    }
}

/// The same table with a default scope, as the seed's "Default scopes" shows.
@Table("reminders")
struct ScopedReminder: Identifiable {
    let id: Int
    var title = ""
    var isCompleted = false
    var deletedAt: String?

    static let all = Self.where { $0.deletedAt.isNot(nil) }
}

@Selection
struct ReminderTitle: Equatable {
    let title: String
}

@Selection
struct RemindersListWithCount: Equatable {
    let remindersCount: Int
    let remindersList: RemindersList
}

@Table
struct Employee: Identifiable, Equatable {
    let id: Int
    var name = ""
    var managerID: Int?
}

struct ManagerAlias: TableAlias {
    typealias Table = Employee
}

@Table
struct Item: Identifiable {
    let id: Int
    var title = ""
    var isActive = true
}

@Table
struct Tag: Identifiable, Equatable {
    let id: Int
    var name = ""
}

@Table
struct ItemTag {
    var itemID: Int
    var tagID: Int
}

/// A reminders database with known rows; "today" is fixed by dates relative to SQLite's clock.
/// With `withEmptyList`, list 4 ("Empty") has no reminders.
func makeRemindersDatabase(withEmptyList: Bool = false) throws -> Database {
    let database = try Database.inMemory()
    try database.write { db in
        try db.execute(
            """
            CREATE TABLE "remindersLists" (
              "id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL DEFAULT '', "position" INTEGER NOT NULL DEFAULT 0,
              "deletedAt" TEXT
            );
            CREATE TABLE "reminders" (
              "id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL DEFAULT '', "notes" TEXT NOT NULL DEFAULT '',
              "isCompleted" INTEGER NOT NULL DEFAULT 0, "priority" INTEGER, "dueAt" TEXT, "deletedAt" TEXT,
              "remindersListID" INTEGER NOT NULL REFERENCES "remindersLists"("id")
            );
            CREATE INDEX "reminders_remindersListID" ON "reminders"("remindersListID");
            CREATE TABLE "employees" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL, "managerID" INTEGER);
            CREATE TABLE "items" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "isActive" INTEGER NOT NULL);
            CREATE TABLE "tags" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL UNIQUE);
            CREATE TABLE "itemTags" ("itemID" INTEGER NOT NULL, "tagID" INTEGER NOT NULL);
            INSERT INTO "remindersLists" VALUES (1, 'Personal', 1, NULL), (2, 'Work', 2, NULL), (3, 'Old', 3, '2024-01-01');
            INSERT INTO "reminders" VALUES
              (1, 'Groceries', 'Milk', 0, 2, date('now', '-1 day'), NULL, 1),
              (2, 'Call mom', '', 1, NULL, date('now', '-2 day'), NULL, 1),
              (3, 'Passport', '', 0, 3, date('now'), NULL, 1),
              (4, 'Report', '50% done_now', 0, 3, date('now', '+3 day'), NULL, 2),
              (5, 'Archived', '', 0, 1, NULL, '2024-02-02', 2),
              (6, 'Old thing', '', 0, NULL, date('now', '-9 day'), '2024-03-03', 3);
            INSERT INTO "employees" VALUES (1, 'Ada', NULL), (2, 'Bob', 1), (3, 'Cy', 1), (4, 'Di', 2);
            INSERT INTO "items" VALUES (1, 'iPhone', 1), (2, 'Cable', 0), (3, 'Case', 1);
            INSERT INTO "tags" VALUES (1, 'electronics'), (2, 'mobile'), (3, 'apple');
            INSERT INTO "itemTags" VALUES (1, 1), (1, 2), (1, 3), (2, 1);
            """)
    }
    if withEmptyList {
        try database.write { db in
            try db.execute(#"INSERT INTO "remindersLists" VALUES (4, 'Empty', 4, NULL)"#)
        }
    }
    return database
}

extension SQLStatement {
    /// The SQL for execution, with its bindings.
    var parameterSQL: String { (try? fragment.sql) ?? "<error>" }
}
