import Codd
import Foundation

// Lists and their todos, with a column for every JSON form: a 16-byte UUID, dates as
// unix milliseconds and as TEXT, a REAL, a Bool, a JSON column and a BLOB.

@Table("lists")
struct TodoList: Codable, Equatable, Identifiable {
    let id: Int
    var title = ""
}

@Table("todos")
struct Todo: Codable, Equatable, Identifiable {
    let id: Int
    var title = ""
    @Column(as: UUID.BlobRepresentation.self)
    var token: UUID
    @Column(as: Date.UnixTimeMillisecondsRepresentation.self)
    var dueAt: Date
    var createdAt: Date
    var score: Double
    var isDone = false
    @Column(as: [String].JSONRepresentation.self)
    var tags: [String] = []
    var attachment: Data?
    var listID: Int
}

@Selection
struct ListWithTodos: Equatable {
    let list: TodoList
    @Column(as: [Todo].JSONRepresentation.self)
    let todos: [Todo]
}

@Selection
struct TodoSummary: Codable, Equatable {
    let todo: Todo
    let listTitle: String
}

@Selection
struct ListWithSummaries: Equatable {
    let title: String
    @Column(as: [TodoSummary].JSONRepresentation.self)
    let summaries: [TodoSummary]
}

/// Dates with millisecond precision, built as the codecs build them (one division from
/// the reference date), so they compare equal after a round trip.
func date(_ milliseconds: Int64) -> Date {
    Date(timeIntervalSinceReferenceDate: Double(milliseconds - 978_307_200_000) / 1000)
}

let sampleTodos: [Todo] = [
    Todo(
        id: 1, title: "Buy milk", token: UUID(uuidString: "8C2B6F0E-1A2B-4C3D-8E9F-0A1B2C3D4E5F")!,
        dueAt: date(1_700_000_000_123), createdAt: date(1_600_000_000_999), score: 0.1 + 0.2,
        isDone: false, tags: ["home", "it's \"quoted\"", "--", "emoji 🎉", "nul\u{0}byte"],
        attachment: Data([0, 1, 0xFF]),
        listID: 1
    ),
    Todo(
        id: 2, title: "Call mom", token: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!,
        dueAt: date(-86_400_001), createdAt: date(0), score: -1.5e-300, isDone: true, tags: [], attachment: nil,
        listID: 1
    ),
    Todo(
        id: 3, title: "Ship", token: UUID(uuidString: "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF")!,
        dueAt: date(253_402_300_799_999), createdAt: date(-62_135_596_800_000), score: 1e300, isDone: false,
        tags: ["work"], attachment: Data(), listID: 2
    ),
]

func makeTodosDatabase() throws -> Database {
    let database = try Database.inMemory()
    try database.write { db in
        try db.execute(
            """
            CREATE TABLE "lists" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL);
            CREATE TABLE "todos" (
              "id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "token" BLOB NOT NULL, "dueAt" INTEGER NOT NULL,
              "createdAt" TEXT NOT NULL, "score" REAL NOT NULL, "isDone" INTEGER NOT NULL,
              "tags" TEXT NOT NULL, "attachment" BLOB, "listID" INTEGER NOT NULL REFERENCES "lists"("id")
            );
            INSERT INTO "lists" VALUES (1, 'Home'), (2, 'Work'), (3, 'Empty');
            """)
        for todo in sampleTodos {
            try Todo.insert([todo]).execute(db)
        }
    }
    return database
}

extension SQLStatement {
    /// The SQL for execution.
    var sql: String { (try? fragment.sql) ?? "<error>" }
}
