import Codd
import Foundation
import GRDB

/// Codecs through the bridge: a UUID key, a date, a JSON array.
@Table("items")
struct Item: Identifiable, Equatable {
    let id: UUID
    var createdAt: Date
    @Column(as: [String].JSONRepresentation.self)
    var tags: [String] = []
}

let schema = """
    CREATE TABLE "reminders" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL UNIQUE, "priority" INTEGER);
    CREATE TABLE "items" ("id" TEXT PRIMARY KEY, "createdAt" TEXT NOT NULL, "tags" TEXT NOT NULL);
    """

/// A path in a fresh temporary directory.
func temporaryDatabasePath(_ name: String = "grdb.sqlite") throws -> String {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("codd-grdb-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory.appendingPathComponent(name).path
}

/// A GRDB queue on a new file, with the schema.
func makeQueue() throws -> DatabaseQueue {
    let queue = try DatabaseQueue(path: try temporaryDatabasePath())
    try queue.write { db in try db.execute(sql: schema) }
    return queue
}

/// A GRDB pool (WAL) on a new file, with the schema.
func makePool() throws -> GRDB.DatabasePool {
    let pool = try GRDB.DatabasePool(path: try temporaryDatabasePath())
    try pool.write { db in try db.execute(sql: schema) }
    return pool
}
