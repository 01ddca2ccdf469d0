import Codd
import Foundation
import Testing

/// A view model that holds a query, not a database.
@MainActor final class ItemsModel {
    let names: any Query<Void, [String]>
    let nameByID: any Query<Int, String?>
    var shown: [String] = []
    var failure: String?

    init(names: any Query<Void, [String]>, nameByID: any Query<Int, String?>) {
        self.names = names
        self.nameByID = nameByID
    }

    func load() async {
        do {
            shown = try await names.execute()
            failure = nil
        } catch {
            failure = "\(error)"
        }
    }

    func title(of id: Int) async throws -> String {
        try await nameByID.execute(id) ?? "missing"
    }
}

@Suite("Injectable queries")
struct QueryDoublesTests {
    @Test @MainActor func aViewModelTestsWithoutADatabase() async throws {
        let nameByID = Queries.Test<Int, String?> { id in id == 1 ? "Buy milk" : nil }
        let model = ItemsModel(names: Queries.Just(["Buy milk", "Call mum"]), nameByID: nameByID)
        await model.load()
        #expect(model.shown == ["Buy milk", "Call mum"])
        #expect(try await model.title(of: 1) == "Buy milk")
        #expect(try await model.title(of: 2) == "missing")
        #expect(nameByID.executeCount == 2)
        #expect(nameByID.inputs == [1, 2])

        let failing = ItemsModel(names: Queries.Fail(ExpectedFailure()), nameByID: nameByID)
        await failing.load()
        #expect(failing.shown == [])
        #expect(failing.failure == "ExpectedFailure()")
    }

    @Test func doublesObserve() async throws {
        var values: [[String]] = []
        for try await value in Queries.Just<Void, [String]>(["a"]).observe() { values.append(value) }
        #expect(values == [["a"]])
        await #expect(throws: ExpectedFailure.self) {
            for try await _ in Queries.Fail<Void, Int>(ExpectedFailure()).observe() {}
        }
        let recording = Queries.Test<String, Int>(returning: 7)
        for try await value in recording.observe("it's") { #expect(value == 7) }
        #expect(recording.observeCount == 1)
        #expect(recording.executeCount == 0)
        #expect(recording.inputs == ["it's"])
    }

    @Test func liveQueriesFromSQLAndTheDSL() async throws {
        let pool = try makePool()
        try pool.write { db in
            try db.execute(#"CREATE TABLE "observed_items" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL)"#)
            try db.execute(#"INSERT INTO "items" ("id", "name") VALUES (1, 'Buy milk')"#)
        }
        let nameByID: any Query<Int, String?> = Queries.Live(pool) { db, id in
            try db.fetchOne(String.self, #"SELECT "name" FROM "items" WHERE "id" = ?"#, id)
        }
        #expect(try await nameByID.execute(1) == "Buy milk")
        #expect(try await nameByID.execute(2) == nil)

        let rows: any Query<Void, [ObservedItem]> = Queries.Live(pool, ObservedItem.order(by: \.name))
        var iterator = rows.observe().makeAsyncIterator()
        #expect(try await iterator.next() == [])
        try await pool.asyncWrite { db in try ObservedItem.insert { ObservedItem.Draft(name: "Call mum") }.execute(db) }
        #expect(try await iterator.next() == [ObservedItem(id: 1, name: "Call mum")])

        let named = Queries.Live(pool) { (name: String) in ObservedItem.where { $0.name == name } }
        #expect(try await named.execute("Call mum").map(\.id) == [1])
        #expect(try await named.execute("it's -- \u{0}").isEmpty)
    }
}
