import Codd
import CoddSchema
import Foundation

/// Applies ordered, named migrations to a database, each once, each in its own
/// transaction, and records them in `codd_migrations` (name, checksum, applied at).
///
/// ```swift
/// var migrator = Migrator()
/// try migrator.registerMigration("1", sql: """
///     CREATE TABLE todo (
///       id TEXT AS UUID PRIMARY KEY NOT NULL,
///       name TEXT NOT NULL,
///       completedOn INTEGER AS Date
///     );
///     """)
/// migrator.registerMigration("2") { db in
///     try db.execute("CREATE INDEX todo_name ON todo(name)")
/// }
/// let database = try Database.inMemory(migrator: migrator)
/// ```
///
/// Each migration runs in a `BEGIN IMMEDIATE` transaction that first re-reads the record,
/// so two connections (threads, processes) migrating one file apply each migration once.
/// Foreign keys are off while it runs (a migration may rebuild a table) and
/// `PRAGMA foreign_key_check` must find nothing before it commits. Any error rolls the
/// migration back completely.
public struct Migrator: Sendable {
    /// The registered migrations, in order.
    public private(set) var migrations: [Migration] = []
    /// The codecs annotations resolve through.
    public let registry: SQLCodecRegistry
    /// Development only: when an applied migration changed (or the database has one this
    /// migrator lacks), erase the whole database and run every migration again, instead of
    /// failing. Never ship it: it deletes the user's data.
    public var eraseDatabaseOnSchemaChange = false
    /// On PostgreSQL, whether a migration not applied yet that declares a table or column
    /// unquoted in camel case (`createdAt`, which PostgreSQL folds to `createdat`) is
    /// refused before anything runs (`MigrationError.Reason.unquotedName`). Turn it off
    /// when the folded names are what you mean: your app names those columns only in its
    /// own unquoted SQL, or such a migration is applied in production already (editing it
    /// would change its checksum) and a new database must build the same. SQLite ignores it.
    public var refusesPostgreSQLFoldedNames = true

    /// The table that records applied migrations.
    public static let recordTable = "codd_migrations"

    /// The folder ``registerMigrations(in:)`` read, as errors name it (`Migrations`).
    private var folderName: String?

    /// A migrator whose annotations resolve through `registry` (Codd's codecs by default;
    /// register your own on a copy: `var registry = SQLCodecRegistry.standard`).
    public init(registry: SQLCodecRegistry = .standard) {
        self.registry = registry
    }

    /// A migrator with every `N.sql` file of `directory` registered, in numeric order (see
    /// ``registerMigrations(in:)``). Swift migrations registered afterwards under a number
    /// take that place in the sequence.
    ///
    /// ```swift
    /// var migrator = try Migrator(directory: migrationsFolder)   // 1.sql, 2.sql, 3.sql, 5.sql
    /// try migrator.registerMigration("4") { db in … }             // runs between 3.sql and 5.sql
    /// ```
    public init(directory: URL, registry: SQLCodecRegistry = .standard) throws {
        self.init(registry: registry)
        try registerMigrations(in: directory)
    }

    /// The schema the SQL migrations build, annotations resolved: what
    /// `Database.validate(_:schema:)` and a code generator read. Swift migrations are
    /// code and add nothing to it.
    public var schema: SQLSchema {
        SQLSchema(applying: migrations.compactMap(\.sql))
    }

    /// Registers a SQL migration. It is parsed and its annotations resolved now, so a
    /// mistake is reported before anything reaches a database.
    ///
    /// - Throws: ``MigrationError`` (`duplicateName`, `transactionControl`,
    ///   `annotatedSQL` naming `file`, or `<migration name>` without one, line and column).
    public mutating func registerMigration(_ name: String, sql: String, file: String? = nil) throws {
        let parsed: AnnotatedSQL
        do {
            // SQL registered from code has no file: its locations read `<migration 4>:2:1`.
            parsed = try AnnotatedSQL(sql, file: file ?? "<migration \(name)>", registry: registry)
        } catch {
            throw MigrationError(migration: name, reason: .annotatedSQL(error))
        }
        let transactionKeywords: Set = ["BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE"]
        if let statement = parsed.statements.first(where: { transactionKeywords.contains($0.keyword) }) {
            throw MigrationError(migration: name, reason: .transactionControl(statement.location))
        }
        try append(Migration(name: name, sql: parsed))
    }

    /// Registers a migration written in Swift. It runs inside the migration's transaction:
    /// do not begin or commit one. Named by a number (`"4"`), it takes that place among the
    /// numbered migrations (a folder's `N.sql` files), whenever it is registered; any other
    /// name runs after the migrations registered before it.
    public mutating func registerMigration(_ name: String, body: @escaping @Sendable (Connection) throws -> Void) throws
    {
        try append(Migration(name: name, body: body))
    }

    /// Registers every `N.sql` file of `directory` (`Migrations/1.sql`, `2.sql`, …), in
    /// numeric order, named by their file name. Errors name the file as
    /// `<directory name>/<file>`. A number the folder skips must be a Swift migration
    /// registered under that number (`registerMigration("4") { db in … }`), before or after;
    /// Migrating refuses a sequence with a number missing.
    ///
    /// - Throws: ``MigrationError`` for a file not named `N.sql`, two files (or a file and
    ///   a Swift migration) of one number, or annotated SQL that does not resolve.
    public mutating func registerMigrations(in directory: URL) throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".sql") }.sorted()
        var numbered: [(number: Int, file: String)] = []
        for file in files {
            guard file.dropLast(4).allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(file.dropLast(4)),
                number > 0
            else {
                throw MigrationError(migration: file, reason: .badFileName("\(directory.lastPathComponent)/\(file)"))
            }
            if let other = numbered.first(where: { $0.number == number }) {
                throw MigrationError(migration: "\(number)", reason: .duplicateName)
                    .named("\(other.file) and \(file)")
            }
            numbered.append((number, file))
        }
        numbered.sort { $0.number < $1.number }
        folderName = directory.lastPathComponent
        for (_, file) in numbered {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            try registerMigration(file, sql: text, file: "\(directory.lastPathComponent)/\(file)")
        }
    }

    /// Throws when the numbered migrations skip a number: a folder's file is missing and no
    /// Swift migration took its number.
    package func checkSequence() throws {
        let numbers = migrations.compactMap(\.number).filter { $0 > 0 }.sorted()
        guard migrations.contains(where: \.isFile), var expected = numbers.first.map({ min($0, 1) }) else { return }
        for number in numbers {
            if number > expected {
                let file = "\(folderName.map { "\($0)/" } ?? "")\(expected).sql"
                let after = migrations.first { $0.number == number }?.name ?? "\(number)"
                throw MigrationError(migration: after, reason: .missingFile(file))
            }
            expected = number + 1
        }
    }

    /// Adds `migration` after those registered before it, or, when it has a number, before
    /// the first numbered migration with a higher one.
    private mutating func append(_ migration: Migration) throws {
        guard !migrations.contains(where: { $0.name == migration.name }) else {
            throw MigrationError(migration: migration.name, reason: .duplicateName)
        }
        guard let number = migration.number else {
            migrations.append(migration)
            return
        }
        if let other = migrations.first(where: { $0.number == number }) {
            throw MigrationError(migration: "\(number)", reason: .duplicateName).named(
                "\(other.name) and \(migration.name)")
        }
        let index = migrations.firstIndex { ($0.number ?? .min) > number } ?? migrations.endIndex
        migrations.insert(migration, at: index)
    }

    /// Applies the migrations `database` (a `Database` or a `DatabasePool`) has not
    /// applied yet, on its writer, and returns their names. Running it again applies nothing.
    ///
    /// ```swift
    /// let pool = try DatabasePool(path: path)
    /// try migrator.migrate(pool)
    /// ```
    @discardableResult
    public func migrate(_ database: some DatabaseWriter) throws -> [String] {
        try database.writeWithoutTransaction { db in try migrate(db) }
    }

    /// Applies the pending migrations on `db`, which must not be inside a transaction.
    @discardableResult
    public func migrate(_ db: Connection) throws -> [String] {
        try checkSequence()
        // Codd's own collations, which a column or an index may name (`amount TEXT AS Decimal
        // COLLATE "codd_decimal"`): registered here, they are known to every connection of
        // the process, so the app's raw SQL and generated queries find them too.
        try db.registerCollations([.decimal])
        let foreignKeys = try db.fetchOne(Int.self, "PRAGMA foreign_keys") == 1
        // A migration may rebuild a table (create, copy, drop, rename): foreign keys are
        // checked once, by foreign_key_check before commit, not statement by statement.
        if foreignKeys { try db.execute("PRAGMA foreign_keys = OFF") }
        defer { if foreignKeys { try? db.execute("PRAGMA foreign_keys = ON") } }
        if eraseDatabaseOnSchemaChange {
            try db.transaction(.immediate) { db in
                try MigrationRecords.create(db)
                if (try? check(MigrationRecords.all(db), before: migrations.count)) == nil {
                    try MigrationRecords.eraseDatabase(db)
                }
            }
        }
        var applied: [String] = []
        for (position, migration) in migrations.enumerated() {
            let didApply = try db.transaction(.immediate) { db -> Bool in
                try MigrationRecords.create(db)
                // Re-read inside the write lock: another connection may have applied it.
                let records = try MigrationRecords.all(db)
                try check(records, before: position)
                if records.contains(where: { $0.name == migration.name }) { return false }
                try run(migration, position: position, db)
                return true
            }
            if didApply { applied.append(migration.name) }
        }
        return applied
    }

    /// Throws when the records of another engine (PostgreSQL) disagree with the
    /// migrations, as `migrate(_:)` does for SQLite's.
    package func check(applied records: [(name: String, checksum: String)], before position: Int) throws {
        try check(records.map { MigrationRecords.Record(name: $0.name, checksum: $0.checksum) }, before: position)
    }

    /// Throws when the records disagree with the migrations: an unknown or changed applied
    /// migration, or one applied after a migration at `position` or before it that was not.
    private func check(_ records: [MigrationRecords.Record], before position: Int) throws {
        for record in records {
            guard let index = migrations.firstIndex(where: { $0.name == record.name }) else {
                throw MigrationError(migration: record.name, reason: .unknown)
            }
            let migration = migrations[index]
            if record.checksum != migration.checksum {
                throw MigrationError(
                    migration: migration.name,
                    reason: .changed(appliedChecksum: record.checksum, currentChecksum: migration.checksum))
            }
        }
        let applied = Set(records.map(\.name))
        if let lastApplied = migrations.lastIndex(where: { applied.contains($0.name) }),
            let missing = migrations[..<lastApplied].first(where: { !applied.contains($0.name) })
        {
            throw MigrationError(
                migration: missing.name, reason: .outOfOrder(appliedLater: migrations[lastApplied].name))
        }
    }

    private func run(_ migration: Migration, position: Int, _ db: Connection) throws {
        switch migration.body {
        case .sql(let sql):
            for statement in sql.statements {
                do {
                    try db.execute(statement.sql)
                } catch {
                    throw MigrationError(
                        migration: migration.name, reason: .failed(error, location: statement.location))
                }
            }
        case .swift(let body):
            do {
                try body(db)
            } catch {
                throw MigrationError(migration: migration.name, reason: .failed(error, location: nil))
            }
        }
        let violations = try MigrationRecords.foreignKeyViolations(db)
        guard violations.isEmpty else {
            throw MigrationError(migration: migration.name, reason: .foreignKeyViolations(violations))
        }
        try MigrationRecords.insert(name: migration.name, checksum: migration.checksum, position: position, db)
    }
}

extension MigrationError {
    fileprivate func named(_ name: String) -> MigrationError {
        MigrationError(migration: name, reason: reason)
    }
}
