import Codd
import Foundation
import Testing

@Table("rooms")
private struct ErrorRoom {
    let id: Int
    var name: String
    var budget: Int
}

@Table("things")
private struct ErrorThing {
    let id: Int
    var roomID: Int
    var label: String
}

/// What an app catches when a write breaks a constraint, and what an error's description
/// shows: the kind of constraint by name, a long statement shortened, the misuse Codd
/// reports as its own, a write on a connection that only reads said to be that.
@Suite("SQLite errors an app handles")
struct SQLiteErrorTests {
    static func database(configuration: Configuration = Configuration()) throws -> Database {
        let database = try Database.inMemory(configuration: configuration)
        try database.write { db in
            try db.execute(
                #"CREATE TABLE "rooms" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL UNIQUE, "budget" INTEGER NOT NULL CHECK ("budget" >= 0)) STRICT"#
            )
            try db.execute(
                #"CREATE TABLE "things" ("id" INTEGER PRIMARY KEY, "roomID" INTEGER NOT NULL REFERENCES "rooms"("id"), "label" TEXT NOT NULL)"#
            )
            try ErrorRoom.insert([ErrorRoom(id: 1, name: "Kitchen", budget: 100)]).execute(db)
            // A table whose rowid is not a column: a rowid taken is SQLITE_CONSTRAINT_ROWID.
            try db.execute(#"CREATE TABLE "notes" ("body" TEXT)"#)
            try db.execute(#"INSERT INTO "notes" ("rowid", "body") VALUES (1, 'first')"#)
            try db.execute(
                #"CREATE TRIGGER "noAttic" BEFORE INSERT ON "rooms" WHEN NEW."name" = 'Attic' BEGIN SELECT RAISE(ABORT, 'no attic'); END"#
            )
        }
        return database
    }

    /// Each write, the extended code SQLite gives it, and that a `catch` names it.
    @Test func aCatchNamesTheConstraintABrokenWriteBroke() throws {
        let database = try Self.database()
        let writes: [(code: SQLiteResultCode, extended: Int32, write: (Connection) throws -> Void)] = [
            (
                .constraintUnique, 2067,
                { try ErrorRoom.insert([ErrorRoom(id: 2, name: "Kitchen", budget: 1)]).execute($0) }
            ),
            (
                .constraintPrimaryKey, 1555,
                { try ErrorRoom.insert([ErrorRoom(id: 1, name: "Hall", budget: 1)]).execute($0) }
            ),
            (.constraintRowID, 2579, { try $0.execute(#"INSERT INTO "notes" ("rowid", "body") VALUES (1, 'it''s')"#) }),
            (
                .constraintForeignKey, 787,
                { try ErrorThing.insert([ErrorThing(id: 1, roomID: 9, label: "it's")]).execute($0) }
            ),
            (.constraintCheck, 275, { try ErrorRoom.insert([ErrorRoom(id: 3, name: "Hall", budget: -1)]).execute($0) }),
            (.constraintNotNull, 1299, { try $0.execute(#"INSERT INTO "rooms" ("name", "budget") VALUES (NULL, 1)"#) }),
            (
                .constraintDatatype, 3091,
                { try $0.execute(#"INSERT INTO "rooms" ("name", "budget") VALUES ('Hall', 'lots')"#) }
            ),
            (
                .constraintTrigger, 1811,
                { try ErrorRoom.insert([ErrorRoom(id: 4, name: "Attic", budget: 1)]).execute($0) }
            ),
        ]
        for (code, extended, write) in writes {
            var caught: SQLiteResultCode?
            do {
                try database.write { db in try write(db) }
            } catch SQLiteResultCode.constraintUnique {
                caught = .constraintUnique
            } catch SQLiteResultCode.constraintPrimaryKey {
                caught = .constraintPrimaryKey
            } catch SQLiteResultCode.constraintRowID {
                caught = .constraintRowID
            } catch SQLiteResultCode.constraintForeignKey {
                caught = .constraintForeignKey
            } catch SQLiteResultCode.constraintCheck {
                caught = .constraintCheck
            } catch SQLiteResultCode.constraintNotNull {
                caught = .constraintNotNull
            } catch SQLiteResultCode.constraintDatatype {
                caught = .constraintDatatype
            } catch SQLiteResultCode.constraintTrigger {
                caught = .constraintTrigger
            } catch {
                Issue.record("\(code): not caught by its code: \(error)")
            }
            #expect(caught == code)
            #expect(code.rawValue == extended)
            #expect(code.primary == .constraint)
            // The engine-neutral kind, which PostgreSQL's and GRDB's errors report too.
            let kinds: [SQLiteResultCode: SQLConstraintViolation] = [
                .constraintUnique: .unique, .constraintPrimaryKey: .unique, .constraintRowID: .unique,
                .constraintForeignKey: .foreignKey,
                .constraintCheck: .check, .constraintNotNull: .notNull,
            ]
            var kind: SQLConstraintViolation?
            do {
                try database.write { db in try write(db) }
            } catch SQLConstraintViolation.unique {
                kind = .unique
            } catch SQLConstraintViolation.foreignKey {
                kind = .foreignKey
            } catch SQLConstraintViolation.check {
                kind = .check
            } catch SQLConstraintViolation.notNull {
                kind = .notNull
            } catch {
                // DATATYPE and TRIGGER have no engine-neutral kind.
                #expect(error is SQLiteError)
            }
            #expect(kind == kinds[code])
        }
        #expect(!(SQLConstraintViolation.unique ~= CancellationError()))
        // The primary code matches every kind; another code, or another error, none.
        #expect(
            SQLiteResultCode.constraint ~= SQLiteError(code: .constraint, extendedCode: .constraintUnique, message: ""))
        #expect(
            !(SQLiteResultCode.constraintUnique
                ~= SQLiteError(code: .constraint, extendedCode: .constraintCheck, message: "")))
        #expect(!(SQLiteResultCode.constraintUnique ~= SQLiteError(code: .busy, message: "")))
        #expect(!(SQLiteResultCode.constraint ~= CancellationError()))
        #expect(try database.read { db in try ErrorRoom.all.fetchCount(db) } == 1)
    }

    /// A bulk insert that fails shows its statement's start and end, not its thousands of
    /// `?`; the error keeps the whole SQL, and the transaction wrote nothing.
    @Test func aLongStatementIsShortenedInTheDescription() throws {
        let database = try Self.database()
        var things = (1...3_000).map { ErrorThing(id: $0, roomID: 1, label: "thing \($0)") }
        things[2_999].roomID = 9
        let error = #expect(throws: SQLiteError.self) {
            try database.write { db in try ErrorThing.insert(things).execute(db) }
        }
        let sql = try #require(error?.sql)
        #expect(sql.count > 10_000)
        let description = try #require(error?.description)
        #expect(description.count < 1_000, "\(description.count) characters")
        #expect(
            description.hasPrefix("SQLite error 19 (extended 787): FOREIGN KEY constraint failed - while executing `"))
        #expect(description.contains(String(sql.prefix(400)) + " … ("))
        #expect(description.hasSuffix(String(sql.suffix(200)) + "`"))
        #expect(description.contains(" characters) … "))
        #expect(try database.read { db in try ErrorThing.all.fetchCount(db) } == 0)
    }

    /// With bound values in errors (opted in), the description shows the first 20, each cut
    /// as a decoding error's preview is: a 2,000-character text does not fill the log.
    @Test func boundValuesAreShortenedInTheDescription() throws {
        var configuration = Configuration()
        configuration.errorsIncludeBoundValues = true
        let database = try Self.database(configuration: configuration)
        let long = String(repeating: "it's ", count: 400)
        var things = (1...30).map { ErrorThing(id: $0, roomID: 1, label: $0 == 1 ? long : "thing \($0)") }
        things[29].roomID = 9
        let error = #expect(throws: SQLiteError.self) {
            try database.write { db in try ErrorThing.insert(things).execute(db) }
        }
        #expect(error?.boundValues?.count == 90)
        #expect(error?.boundValues?[2] == .text(long))
        let description = try #require(error?.description)
        #expect(description.hasSuffix(", … 70 more]"), "\(description.suffix(80))")
        #expect(description.contains("[1, 1, 'it''s it''s it''s "))
        #expect(description.contains("…', 2, 1, 'thing 2'"))
        #expect(description.count < 1_500, "\(description.count) characters")
    }

    /// A short statement is shown whole.
    @Test func aShortStatementIsShownWhole() throws {
        let database = try Self.database()
        let error = #expect(throws: SQLiteError.self) {
            try database.write { db in try db.execute(#"INSERT INTO "rooms" ("name", "budget") VALUES ('Kitchen', 1)"#)
            }
        }
        #expect(
            error?.description
                == #"SQLite error 19 (extended 2067): UNIQUE constraint failed: rooms.name - while executing `INSERT INTO "rooms" ("name", "budget") VALUES ('Kitchen', 1)`"#
        )
    }

    /// A write in a read access is refused by SQLite as a write to a read-only database; the
    /// message says the connection only reads, where a read-only file does not get that hint.
    @Test func aWriteInAReadSaysTheConnectionOnlyReads() throws {
        let path = try temporaryDatabasePath()
        let database = try Database(path: path)
        try database.write { db in try db.execute(#"CREATE TABLE "t" ("x")"#) }
        let inRead = #expect(throws: SQLiteError.self) {
            try database.read { db in try db.execute(#"INSERT INTO "t" VALUES (1)"#) }
        }
        #expect(inRead?.code == .readOnly)
        #expect(inRead?.message.hasPrefix("attempt to write a readonly database (this connection only reads") == true)

        let pool = try DatabasePool(path: path, maximumReaderCount: 1)
        let inPoolRead = #expect(throws: SQLiteError.self) {
            try pool.read { db in try db.execute(#"INSERT INTO "t" VALUES (1)"#) }
        }
        #expect(inPoolRead?.message.contains("PRAGMA query_only is on") == true)

        var readOnly = Configuration()
        readOnly.readOnly = true
        let file = try Database(path: path, configuration: readOnly)
        let onFile = #expect(throws: SQLiteError.self) {
            try file.write { db in try db.execute(#"INSERT INTO "t" VALUES (1)"#) }
        }
        #expect(onFile?.code == .readOnly)
        #expect(onFile?.message == "attempt to write a readonly database")
    }

    /// A misuse Codd refuses is described as Codd's, not as an error SQLite raised.
    @Test func aMisuseIsDescribedAsTheDrivers() throws {
        let pool = try DatabasePool(path: try temporaryDatabasePath(), maximumReaderCount: 2)
        let error = #expect(throws: SQLiteError.self) {
            try pool.read { _ in try pool.read { db in try db.fetchOne(Int.self, "SELECT 1") } }
        }
        #expect(error?.code == .misuse)
        #expect(error?.isDriverMisuse == true)
        #expect(error?.description.hasPrefix("Misuse of Codd's SQLite driver: The pool is already being read") == true)
        #expect(SQLiteError(code: .misuse, message: "bad parameter or other API misuse").isDriverMisuse == false)
    }

    /// A decoding error names a selected expression as written, not as a quoted identifier
    /// with its quotes doubled; a column keeps its quoted name.
    @Test func aDecodingErrorShowsAnExpressionAsWritten() throws {
        let database = try Self.database()
        try database.write { db in try db.execute(#"CREATE TABLE "prices" ("p" TEXT)"#) }
        try database.write { db in try db.execute(#"INSERT INTO "prices" VALUES ('twelve')"#) }
        let expression = #expect(throws: SQLDecodingError.self) {
            try database.read { db in try db.fetchOne(Int.self, #"SELECT max("p" || '') FROM "prices""#) }
        }
        #expect(
            expression?.description.hasPrefix(#"Cannot decode Int from result column max("p" || '') (index 0)"#) == true
        )
        let column = #expect(throws: SQLDecodingError.self) {
            try database.read { db in try db.fetchOne(Int.self, #"SELECT "p" FROM "prices""#) }
        }
        #expect(column?.description.hasPrefix(#"Cannot decode Int from column "prices"."p" (index 0)"#) == true)
    }
}
