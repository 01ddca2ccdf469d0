import Codd
import CoddMigrations
import Foundation

/// A to-do, as the seed's schema writes it: `id TEXT AS "Todo.ID"`, a type with a dot,
/// resolved through a codec the app registers.
@Table("todo")
struct Todo {
    /// The to-do's identity: a string stored as TEXT.
    struct ID: RawRepresentable, SQLCustomType, SQLEquatable, Hashable {
        var rawValue: String
    }

    let id: Todo.ID
    var name = ""
    @Column(as: Date.UnixTimeRepresentation.self) var completedOn: Date?
}

/// The app's codecs: Codd's, plus `TEXT AS "Todo.ID"`.
let appRegistry: SQLCodecRegistry = {
    var registry = SQLCodecRegistry.standard
    // A codec list the tests write themselves: registering it cannot clash.
    try? registry.register([SQLCodec(name: "text", isDefault: true, representation: Todo.ID.self)])
    return registry
}()

/// A temporary directory for a file database or a migrations folder, deleted by `cleanUp`.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("codd-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    var databasePath: String { url.appendingPathComponent("db.sqlite").path }

    func write(_ file: String, _ text: String) throws {
        try text.write(to: url.appendingPathComponent(file), atomically: true, encoding: .utf8)
    }

    func cleanUp() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// The rows of sqlite_schema, in a stable order: what a schema is to SQLite.
func schemaRows(_ database: Database) throws -> [String] {
    try database.read { db in
        try db.fetchAll(
            (String, String, String, String?).self,
            #"SELECT "type", "name", "tbl_name", "sql" FROM sqlite_schema WHERE "tbl_name" <> 'codd_migrations' ORDER BY "type", "name""#
        )
        .map { "\($0.0) \($0.1) on \($0.2): \($0.3 ?? "NULL")" }
    }
}

/// The error `body` throws, as `E`.
func caught<E: Error>(_ type: E.Type, _ body: () throws -> Void) -> E? {
    do {
        try body()
        return nil
    } catch let error as E {
        return error
    } catch {
        return nil
    }
}

/// Whether `type` is `expected` (metatypes compared by identity).
func same(_ type: Any.Type?, _ expected: Any.Type) -> Bool {
    type.map { ObjectIdentifier($0) == ObjectIdentifier(expected) } ?? false
}
