import Codd
import Foundation

// codd-example [path]: writes and reads a small reminders database.
let arguments = CommandLine.arguments.dropFirst()
if arguments.contains("--help") || arguments.count > 1 {
    print("usage: codd-example [database-path]  (default: codd-example.sqlite in the temporary directory)")
    exit(arguments.contains("--help") ? 0 : 2)
}
let path = arguments.first
    ?? FileManager.default.temporaryDirectory.appendingPathComponent("codd-example.sqlite").path

do {
    let database = try Database(path: path)
    print("Opened \(path) (SQLite \(database.sqliteVersion), WAL journal)")

    try database.write { db in
        try db.execute(schema)
    }
    print("Created the schema: remindersLists, reminders")

    // Typed values bind as parameters: an enum as its raw value, Bool as 0/1, nil as NULL.
    let seed: [(list: String, color: Int, reminders: [(String, String, Bool, Priority?)])] = [
        ("Personal", 0x4A99EF, [
            ("Groceries", "Milk, eggs, \"good\" bread", false, .medium),
            ("Call mom", "", true, nil),
            ("Renew passport", "Photos: 2 × 35 mm", false, .high),
        ]),
        ("Work", 0xEF7E4A, [
            ("Send the O'Brien report", "-- no SQL injection here; DROP TABLE x", false, .high),
            ("Review PR #42 🎉", "", false, .low),
        ]),
    ]
    let inserted = try database.write { db in
        var count = 0
        for list in seed {
            try db.execute(#"INSERT INTO "remindersLists" ("title", "color") VALUES (?, ?)"#, list.list, list.color)
            let listID = Int(db.lastInsertedRowID)
            for (title, notes, isCompleted, priority) in list.reminders {
                try db.execute(
                    #"INSERT INTO "reminders" ("title", "notes", "isCompleted", "priority", "remindersListID") VALUES (?, ?, ?, ?, ?)"#,
                    title, notes, isCompleted, priority, listID
                )
                count += 1
            }
        }
        return count
    }
    print("Inserted \(seed.count) lists and \(inserted) reminders in one transaction")

    // Rows decode by index, straight from the statement.
    let open = try database.read { db in
        try db.fetchAll(
            Reminder.self,
            #"SELECT \#(Reminder.columns) FROM "reminders" WHERE NOT "isCompleted" AND "priority" >= ? ORDER BY "priority" DESC, "id""#,
            Priority.medium
        )
    }
    print("\nOpen reminders, medium priority or higher:")
    for reminder in open {
        let notes = reminder.notes.isEmpty ? "" : " (\(reminder.notes))"
        print("  [\(reminder.priority.map(String.init(describing:)) ?? "none")] \(reminder.title)\(notes)")
    }

    // Tuples of storable types.
    let counts = try database.read { db in
        try db.fetchAll(
            (String, Int, Int).self,
            #"""
            SELECT "remindersLists"."title", count("reminders"."id"), count("reminders"."id") FILTER (WHERE NOT "reminders"."isCompleted")
            FROM "remindersLists" LEFT JOIN "reminders" ON "reminders"."remindersListID" = "remindersLists"."id"
            GROUP BY "remindersLists"."id" ORDER BY "remindersLists"."title"
            """#
        )
    }
    print("\nReminders per list:")
    for (title, total, open) in counts {
        print("  \(title): \(total) reminders, \(open) open")
    }

    // One expression, rendered two ways: placeholders for execution, literals for display.
    func search(_ mode: SQLBuilder.Mode, for text: String) throws -> SQLFragment {
        try SQLFragment(mode: mode) {
            $0.keyword("SELECT")
            $0.identifier("title")
            $0.keyword("FROM")
            $0.identifier("reminders")
            $0.keyword("WHERE")
            try $0.function("instr") {
                $0.listItem { $0.identifier("notes") }
                try $0.listItem { try $0.value(text) }
            }
            $0.keyword("> 0")
        }
    }
    let executed = try search(.parameters, for: "O'Brien") // placeholders
    let shown = try search(.inlineLiterals, for: "\"good\"")
    print("\nRendered for execution: \(executed.sql)   bindings: \(executed.bindings)")
    print("Rendered for display:   \(shown.sql)")
    print("  matches: \(try database.read { db in try db.fetchAll(String.self, shown) })")

    // A failed write leaves nothing behind.
    struct Cancelled: Error {}
    do {
        try database.write { db in
            try db.execute(#"DELETE FROM "reminders""#)
            throw Cancelled()
        }
    } catch is Cancelled {
        let remaining = try database.read { db in try db.fetchOne(Int.self, #"SELECT count(*) FROM "reminders""#) }
        print("\nA write that threw was rolled back: \(remaining ?? 0) reminders still there")
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

    print("\nDone: \(path)")
} catch {
    print("codd-example failed: \(error)")
    exit(1)
}
