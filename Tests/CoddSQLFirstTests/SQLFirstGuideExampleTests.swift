import CoddSQLFirst
@testable import CoddSQLFirstFixtures
import Foundation
import Testing

/// docs/SQLFirst.md, block by block, on the guide's project (Tests/CoddSQLFirstFixtures).
enum SQLFirstGuide {
    @MainActor final class TodosModel {
        let selectTodos: any SelectTodosQuery
        var names: [String] = []
        var error: (any Error)?

        init(selectTodos: any SelectTodosQuery) { self.selectTodos = selectTodos }

        func load() async {
            do { names = try await selectTodos.execute().map(\.name) } catch { self.error = error }
        }
    }

    struct Offline: Error {}
}

extension SQLFirstGuide {
    @Suite("docs/SQLFirst.md examples")
    struct Examples {
        let path: String

        init() throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "codd-sqlfirst-guide-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            path = directory.appendingPathComponent("app.sqlite").path
        }

        @Test func primer() async throws {
            let database = try SeedDatabase(path: path)
            try await database.todoQueries.insertTodo.execute(id: 1, name: "Buy milk", completedOn: nil)
            let todos = try await database.todoQueries.selectTodos.execute()
            for todo in todos {
                print(todo.id ?? 0, todo.name, todo.completedOn?.description ?? "open")
            }
            #expect(todos.map(\.name) == ["Buy milk"])

            for try await todos in database.todoQueries.selectTodos.observe() {
                print("Got todos", todos.map(\.name))
                break
            }
        }

        @Test func opening() throws {
            // A file: a pool of up to 5 connections (one writer, readers in parallel), migrated.
            let database = try SeedDatabase(path: path)

            // Tests and previews: a private database in memory, migrated.
            let preview = try SeedDatabase.inMemory()

            // Or a configuration.
            var config = DatabaseConfig()
            config.path = path  // nil: in memory
            config.maxConnectionCount = 8
            let configured = try SeedDatabase(config: config)
            #expect(database.writer is DatabasePool && preview.writer is Database && configured.writer is DatabasePool)
        }

        @MainActor @Test func injection() async throws {
            let database = try SeedDatabase.inMemory()
            let live = TodosModel(selectTodos: database.todoQueries.selectTodos)
            let preview = TodosModel(selectTodos: Queries.Just([Todo(id: 1, name: "Preview", completedOn: nil)]))
            let failing = TodosModel(selectTodos: Queries.Fail(Offline()))
            let recording = Queries.Test<Void, [Todo]>(returning: [])
            let counted = TodosModel(selectTodos: recording)

            await live.load()
            await preview.load()
            await failing.load()
            await counted.load()
            #expect(preview.names == ["Preview"])
            #expect(failing.error is Offline)
            #expect(recording.executeCount == 1)
            #expect(live.names.isEmpty)

            let library = LibraryQueries.noop(getLibrary: Queries.Just([Todo(id: 7, name: "Dune", completedOn: nil)]))
            #expect(try await library.getLibrary.execute().map(\.name) == ["Dune"])
            #expect(try await library.getBook.execute(name: "Dune") == nil)
        }

        @Test func embedding() async throws {
            let database = try SeedDatabase.inMemory()
            let ada = try await database.userQueries.insertUser.execute(name: "Ada", email: "ada@example.com")
            _ = try await database.userQueries.insertPost.execute(userId: ada.id, title: "Hello", date: .now)

            let users = try await database.userQueries.fetchUsers.execute()
            print(users[0].user.name, users[0].name, users[0].numberOfPosts)  // Ada Ada 1

            let rows = try await database.userQueries.usersAndPosts.execute()
            print(rows.map { $0.post?.title ?? "no posts" })
            #expect(users.map(\.numberOfPosts) == [1] && rows.count == 1)
        }

        @Test func inputs() async throws {
            let database = try SeedDatabase.inMemory()
            let (lower, upper) = (Date.now - 86_400, Date.now)
            let userID = 1

            // Labelled arguments…
            let posts = try await database.userQueries.userPosts.execute(
                userId: userID, dateLower: lower, dateUpper: upper)
            // …or the input struct.
            let same = try await database.userQueries.userPosts.execute(
                UserPostsInput(userId: userID, dateLower: lower, dateUpper: upper))
            #expect(posts == same)
        }

        @Test func dynamicFilters() async throws {
            let database = try SeedDatabase.inMemory()
            for (title, priority) in [("Laundry", Priority.low), ("Taxes", .high), ("Lawn", .medium)] {
                _ = try await database.choreQueries.insertChore.execute(
                    uid: UUID(), title: title, priority: priority, dueAt: nil, tags: "[]")
            }
            let search = database.choreQueries.searchChores
            let all = try await search.execute()  // no filter
            let la = try await search.execute(title: "La%")  // title LIKE ? AND 1 AND 1
            let urgent = try await search.execute(title: "La%", minimumPriority: .medium)
            #expect(all.count == 3 && la.map(\.title) == ["Laundry", "Lawn"] && urgent.map(\.title) == ["Lawn"])

            let alphabetical = search.refined { $0.where { $0.priority.gte(Priority.medium) }.order(by: \.title) }
            let titles = try await alphabetical.execute(SearchChoresInput()).map(\.title)  // ["Lawn", "Taxes"]
            #expect(titles == ["Lawn", "Taxes"])

            let some = try await database.choreQueries.choresWithIDs.execute(ids: [1, 3])  // id IN (?, ?)
            let none = try await database.choreQueries.choresWithIDs.execute(ids: [])  // id IN (): no row
            #expect(some.count == 2 && none.isEmpty)
        }

        @Test func fullTextSearch() async throws {
            let database = try SeedDatabase.inMemory()
            try await database.searchQueries.addNote.execute(id: 1, title: "Don't panic", body: "a towel is useful")
            try await database.searchQueries.addNote.execute(id: 2, title: nil, body: "panic room")

            let typed = "don't panic"
            let notes = try await database.searchQueries.searchNotes.execute(
                FTS5Pattern(matchingAllTokensIn: typed) ?? .nothing)
            let titles = try await database.searchQueries.searchNoteTitles.execute(
                query: FTS5Pattern(matchingPrefixesIn: "pan") ?? .nothing)

            // FTS5's own syntax, checked before it reaches SQLite (FTS5PatternError).
            let raw = try FTS5Pattern(validating: "title:pan* OR NEAR(towel useful, 3)", columns: ["title", "body"])
            let found = try await database.searchQueries.searchNotes.execute(raw)

            #expect(notes.map(\.id) == [1] && titles == ["Don't panic"] && found.map(\.id) == [1])
        }
    }
}
