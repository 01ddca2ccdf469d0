/// How a generated database opens: where, with how many connections, and the connection
/// settings.
///
/// ```swift
/// var config = DatabaseConfig()
/// config.path = path            // nil: a private database in memory
/// config.maxConnectionCount = 8  // the writer and up to 7 readers
/// let database = try DB(config: config)
/// ```
public struct DatabaseConfig: Sendable {
    /// The file; `nil` opens a private in-memory database (one connection).
    public var path: String?
    /// Connections a file database may open: one writer and up to `maxConnectionCount - 1`
    /// readers (a `DatabasePool` in WAL mode). At least 2.
    public var maxConnectionCount = 5
    /// Pragmas, busy timeout, functions and tokenizers for every connection.
    public var configuration = Configuration()

    public init(path: String? = nil) {
        self.path = path
    }
}
