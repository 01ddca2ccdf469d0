import CoddSQLFirstMacros
import Foundation
import Testing

/// PureSQL's macro example, compiled by the @Database macro and run on SQLite.
@Database
struct MacroDB {
    @Query("SELECT * FROM todo")
    var selectTodos: any SelectTodosQuery

    @Query("INSERT INTO todo (id, name, completedOn) VALUES (?, ?, ?)")
    var insertTodo: any InsertTodoQuery

    @Query(
        """
        SELECT todo.name, count(tag.id) AS tags
        FROM todo LEFT JOIN tag ON tag.todoID = todo.id
        WHERE todo.name LIKE :pattern? GROUP BY todo.id ORDER BY todo.id
        """,
        outputName: "TaggedTodo"
    )
    var taggedTodos: any TaggedTodosQuery

    @Query("SELECT * FROM todo WHERE id IN ? ORDER BY id")
    var todosWithIDs: any TodosWithIDsQuery

    static var migrations: [String] {
        return [
            """
            CREATE TABLE todo (
              id INTEGER,
              name TEXT NOT NULL,
              completedOn INTEGER AS Date
            )
            """,
            "CREATE TABLE tag (id INTEGER PRIMARY KEY, todoID INTEGER NOT NULL, label TEXT NOT NULL)",
        ]
    }
}

// PureSQL's macro example, verbatim but for `?? 0` (an INTEGER column without NOT NULL is
// optional), as docs/SQLFirst.md shows it.
@Database
struct DB {
    @Query("SELECT * FROM todo")
    var selectTodos: any SelectTodosQuery

    static var migrations: [String] {
        return [
            """
            CREATE TABLE todo (
              id INTEGER,
              name TEXT NOT NULL,
              completedOn INTEGER AS Date
            )
            """
        ]
    }
}

@Suite("@Database and @Query")
struct DatabaseMacroTests {
    @Test func pureSQLsMacroExample() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "codd-macro-guide-\(UUID().uuidString).sqlite"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let database = try DB(path: path)
        let todos = try await database.selectTodos.execute()

        for todo in todos {
            print(todo.id ?? 0, todo.name, todo.completedOn?.description ?? "open")
        }
        #expect(todos.isEmpty)
    }

    @Test func theMacroFormRunsOnSQLite() async throws {
        let database = try MacroDB.inMemory()
        let completed = Date(timeIntervalSince1970: 1_700_000_000)
        try await database.insertTodo.execute(MacroDB.InsertTodoInput(id: 1, name: "Buy milk", completedOn: nil))
        try await database.insertTodo.execute(MacroDB.InsertTodoInput(id: 2, name: "Walk", completedOn: completed))
        let todos = try await database.selectTodos.execute()
        #expect(
            todos == [
                MacroDB.Todo(id: 1, name: "Buy milk", completedOn: nil),
                MacroDB.Todo(id: 2, name: "Walk", completedOn: completed),
            ])
        try await database.writer.asyncWrite { db in
            try db.execute("INSERT INTO tag (todoID, label) VALUES (1, 'home'), (1, 'errand')")
        }
        #expect(
            try await database.taggedTodos.execute(nil) == [
                MacroDB.TaggedTodo(name: "Buy milk", tags: 2), MacroDB.TaggedTodo(name: "Walk", tags: 0),
            ])
        #expect(try await database.taggedTodos.execute("W%") == [MacroDB.TaggedTodo(name: "Walk", tags: 0)])
        #expect(try await database.todosWithIDs.execute([2]).map(\.name) == ["Walk"])
        // Injectable as the generated code's: the property's type is the query's typealias.
        let preview: any MacroDB.SelectTodosQuery = Queries.Just([
            MacroDB.Todo(id: 9, name: "Preview", completedOn: nil)
        ])
        #expect(try await preview.execute().map(\.name) == ["Preview"])
    }

    @Test func aFileDatabaseMigratesOnOpen() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "codd-macro-\(UUID().uuidString).sqlite"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let database = try MacroDB(path: path)
        #expect(database.writer is DatabasePool)
        #expect(try await database.selectTodos.execute().isEmpty)
    }
}
