import CoddCore

/// How a ``Database`` opens and sets up its connection.
public struct Configuration: Sendable {
    /// A file database's journal mode.
    public enum JournalMode: String, Sendable {
        /// Write-ahead logging: readers do not block the writer. The default.
        case wal = "WAL"
        /// SQLite's rollback journal.
        case delete = "DELETE"
    }

    /// The journal mode of a file database (in-memory databases keep `memory`).
    public var journalMode: JournalMode = .wal
    /// How long a statement waits for a lock held by another connection before failing
    /// with `SQLITE_BUSY`.
    public var busyTimeout: Duration = .seconds(5)
    /// Whether foreign key constraints are enforced (`PRAGMA foreign_keys = ON`).
    public var foreignKeysEnabled = true
    /// Opens the database read-only.
    public var readOnly = false
    /// How many prepared statements the connection keeps, keyed by SQL.
    public var statementCacheCapacity = 256
    /// Whether ``SQLiteError`` carries the values bound to the failing statement. Off by
    /// default: bound values may hold personal data that must not reach logs.
    public var errorsIncludeBoundValues = false
    /// What ``prepareDatabase(_:)`` added, run in order on every new connection.
    private var preparations: [@Sendable (Connection) throws -> Void] = []
    /// The collations ``add(collation:)`` added, registered on every new connection.
    public private(set) var collations: [SQLCollation] = []

    public init() {}

    /// Adds `body` to what runs on every connection the database opens, after Codd's own
    /// setup and any earlier hook: the place to register functions written in Swift and
    /// tokenizers, and to set pragmas. The one way in, so no hook replaces another.
    ///
    /// ```swift
    /// var configuration = Configuration()
    /// configuration.prepareDatabase { db in
    ///     try db.add(function: $mode)
    /// }
    /// ```
    public mutating func prepareDatabase(_ body: @escaping @Sendable (Connection) throws -> Void) {
        preparations.append(body)
    }

    /// Registers `collation` (written in Swift) on every connection the database opens,
    /// before Codd's setup hooks run and before any statement: what a column or an index
    /// declared with the collation needs (`CREATE INDEX … ("name" COLLATE "fr")`), on the
    /// writer and every reader of a pool. A later collation of the same name replaces it.
    ///
    /// ```swift
    /// var configuration = Configuration()
    /// configuration.add(collation: .icu(locale: "fr", strength: .primary))
    /// let pool = try DatabasePool(path: path, configuration: configuration)
    /// ```
    public mutating func add(collation: SQLCollation) {
        collations.removeAll { $0 == collation }
        collations.append(collation)
    }

    /// Runs the hooks ``prepareDatabase(_:)`` added on `connection`, in order.
    package func prepare(_ connection: Connection) throws {
        for preparation in preparations {
            try preparation(connection)
        }
    }

    /// Every hook as one closure. Assigning replaces every hook added before, so a hook a
    /// library added is lost: add yours with ``prepareDatabase(_:)``.
    @available(*, deprecated, message: "use prepareDatabase(_:), which adds a hook instead of replacing them all")
    public var prepareConnection: (@Sendable (Connection) throws -> Void)? {
        get {
            guard !preparations.isEmpty else { return nil }
            let configuration = self
            return { connection in try configuration.prepare(connection) }
        }
        set {
            preparations = newValue.map { [$0] } ?? []
        }
    }
}
