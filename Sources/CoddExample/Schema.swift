import Codd
import CoddMigrations
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

/// The migrator of the example's schema: the annotated SQL files of `Migrations/`
/// (`1.sql`, `2.sql`), their annotations resolved through Codd's codecs and the app's own
/// (`INTEGER AS Priority`).
func makeMigrator() throws -> Migrator {
    var registry = SQLCodecRegistry.standard
    try registry.register([SQLCodec(name: "rawValue", isDefault: true, representation: Priority.self)])
    var migrator = Migrator(registry: registry)
    guard let folder = Bundle.module.url(forResource: "Migrations", withExtension: nil) else {
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Migrations"])
    }
    try migrator.registerMigrations(in: folder)
    return migrator
}
