import Codd
import CoddMigrations
import Foundation

// codd-example [path]: writes and reads a small reminders database with Codd's DSL.
let arguments = CommandLine.arguments.dropFirst()
if arguments.contains("--help") || arguments.count > 1 {
    print("usage: codd-example [database-path]  (default: codd-example.sqlite in the temporary directory)")
    exit(arguments.contains("--help") ? 0 : 2)
}
let path =
    arguments.first
    ?? FileManager.default.temporaryDirectory.appendingPathComponent("codd-example.sqlite").path

do {
    // The schema comes from annotated SQL migrations; the @Table types are checked against
    // the migrated database (tables, columns, storage classes, NULL, codecs).
    let migrator = try makeMigrator()
    let database = try Database(path: path)
    print("Opened \(path) (SQLite \(database.sqliteVersion), WAL journal)")
    // A database an earlier codd-example created without migrations: start it over.
    try database.write { db in
        if try db.fetchOne(Int.self, "SELECT count(*) FROM sqlite_schema WHERE name = ?", Migrator.recordTable) == 0 {
            try db.execute(#"DROP TABLE IF EXISTS "reminders"; DROP TABLE IF EXISTS "remindersLists""#)
        }
    }
    let applied = try migrator.migrate(database)
    print(
        applied.isEmpty
            ? "Migrations: all \(migrator.migrations.count) already applied"
            : "Migrations applied from annotated SQL: \(applied.joined(separator: ", "))")
    try database.validate(RemindersList.self, Reminder.self, schema: migrator.schema)
    let columns = migrator.schema.table(named: "reminders")?.columns ?? []
    print(
        "Validated Reminder against the schema: "
            + columns.filter { $0.annotation != nil }
            .map { "\($0.name) \($0.annotation?.text ?? "")" }.joined(separator: ", "))
    // A second run on the same file starts from empty tables.
    try database.write { db in try db.execute(#"DELETE FROM "reminders"; DELETE FROM "remindersLists""#) }

    // Inserts: drafts get their primary key from SQLite; values are always bound.
    let now = Date()
    let day: TimeInterval = 86_400
    let passportID = UUID()
    let inserted = try database.write { db in
        try RemindersList.insert([
            RemindersList(id: 1, title: "Personal"),
            RemindersList(id: 2, title: "Work", color: 0xEF7E4A),
        ]).execute(db)
        try Reminder.insert([
            Reminder.Draft(
                externalID: UUID(), title: "Groceries", notes: #"Milk, eggs, "good" bread"#, tags: ["errands", "food"],
                priority: .medium,
                dueAt: now - day, createdAt: now, remindersListID: 1
            ),
            Reminder.Draft(
                externalID: UUID(), title: "Call mom", isCompleted: true, createdAt: now, remindersListID: 1),
            Reminder.Draft(
                externalID: passportID, title: "Renew passport", notes: "Photos: 2 × 35 mm", priority: .high,
                dueAt: now + 30 * day, createdAt: now, remindersListID: 1
            ),
            Reminder.Draft(
                externalID: UUID(), title: "Send the O'Brien report", notes: "-- no SQL injection here; DROP TABLE x",
                priority: .high, dueAt: now + day, createdAt: now, remindersListID: 2
            ),
            Reminder.Draft(
                externalID: UUID(), title: "Review PR #42 🎉", priority: .low, createdAt: now, remindersListID: 2),
        ]).execute(db)
        return db.changedRowCount
    }
    print("Inserted 2 lists and \(inserted) reminders in one transaction")

    // A typed query: rows decode by index, straight from the statement.
    let urgent = Reminder.open
        .where { $0.priority.gte(Priority.medium) }
        .order { ($0.priority.desc(), $0.title) }
    print("\nOpen reminders, medium priority or higher:")
    print("  SQL: \(try urgent.fragment.sql)")
    for reminder in try database.read({ db in try urgent.fetchAll(db) }) {
        let notes = reminder.notes.isEmpty ? "" : " (\(reminder.notes))"
        print("  [\(reminder.priority.map(String.init(describing:)) ?? "none")] \(reminder.title)\(notes)")
    }

    // Dates compare as instants (julianday on both sides; the expression index serves it),
    // and a UUID compared with a BLOB column binds its 16 bytes.
    let overdue = Reminder.open.where { $0.dueAt < now }.select(\.title)
    print("\nOverdue: \(try database.read { db in try overdue.fetchAll(db) })   SQL: \(try overdue.fragment.sql)")
    let byExternalID = Reminder.where { $0.externalID.eq(passportID) }.select { ($0.title, $0.createdAt) }
    if let (title, created) = try database.read({ db in try byExternalID.fetchOne(db) }) {
        print("Found \(title) by its UUID, created \(created)   SQL: \(try byExternalID.fragment.sql)")
    }

    // A join, an aggregate with a filter, and a custom selection.
    let summaries =
        RemindersList
        .group(by: \.id)
        .leftJoin(Reminder.all) { $0.id.eq($1.remindersListID) }
        .order { list, _ in list.title }
        .select {
            ListSummary.Columns(list: $0, reminderCount: $1.count(), openCount: $1.count(filter: !$1.isCompleted))
        }
    print("\nReminders per list:")
    for summary in try database.read({ db in try summaries.fetchAll(db) }) {
        print("  \(summary.list.title): \(summary.reminderCount) reminders, \(summary.openCount) open")
    }

    // Associations in one query: each list's reminders aggregated as JSON objects (the
    // 16-byte UUID as text, the millisecond date as text, the tags as a nested array) and
    // decoded by generated code; a list with none gets [].
    let withReminders =
        RemindersList
        .group(by: \.id)
        .leftJoin(Reminder.all) { $0.id.eq($1.remindersListID) }
        .order { list, _ in list.title }
        .select { ListWithReminders.Columns(list: $0, reminders: $1.jsonGroupArray()) }
    print("\nLists with their reminders, one query:")
    for entry in try database.read({ db in try withReminders.fetchAll(db) }) {
        let reminders = entry.reminders.map { $0.tags.isEmpty ? $0.title : "\($0.title) \($0.tags)" }
        print("  \(entry.list.title): \(reminders.joined(separator: "; "))")
    }

    // An update with a compound assignment, returning what it changed.
    let flagged = try database.write { db in
        try Reminder.where { $0.priority.eq(Priority.high) }
            .update { $0.title += " (Urgent!)" }
            .returning { $0.title }
            .fetchAll(db)
    }
    print("\nFlagged: \(flagged.joined(separator: ", "))")

    // One statement, two renderings: placeholders to execute, literals to read.
    let search = Reminder.where { $0.notes.contains("\"good\"") }.select(\.title)
    print("\nRendered for execution: \(try search.fragment.sql)   bindings: \(try search.fragment.bindings)")
    print("Rendered for display:   \(search)")
    print("  matches: \(try database.read { db in try search.fetchAll(db) })")

    // A failed write leaves nothing behind.
    struct Cancelled: Error {}
    do {
        try database.write { db in
            try Reminder.delete().execute(db)
            throw Cancelled()
        }
    } catch is Cancelled {
        let remaining = try database.read { db in try Reminder.all.fetchCount(db) }
        print("\nA write that threw was rolled back: \(remaining) reminders still there")
    }

    // Bad data is a typed error naming the column and the value, never a crash.
    do {
        try database.write { db in
            try db.execute(#"CREATE TEMP TABLE "imported" ("priority" ANY)"#)
            try db.execute(#"INSERT INTO "imported" VALUES ('urgent')"#)
        }
        _ = try database.read { db in try db.fetchAll(Priority.self, #"SELECT "priority" FROM "imported""#) }
    } catch let error as SQLDecodingError {
        print("Reading a bad value: \(error)")
    }

    try runSearchExample(database)
    try await runObservationExample(database)

    print("\nDone: \(path)")
} catch {
    print("codd-example failed: \(error)")
    exit(1)
}
