import CoddCore
/// A statement of the FTS5 module (DDL, triggers, commands), rendered with its values
/// inline: DDL takes no parameters. `CoddFTS5SQLite` runs it with `execute(db)`, after
/// checking that the running SQLite has every feature it needs.
public protocol FTS5Statement: Sendable, CustomStringConvertible {
    /// The statement's SQL.
    func sql() throws -> String
    /// What the statement needs of the running SQLite.
    var requirements: [SQLFeatureRequirement] { get }
}

extension FTS5Statement {
    public var requirements: [SQLFeatureRequirement] { [] }

    /// The SQL, or why it cannot render.
    public var description: String {
        do { return try sql() } catch { return "<cannot render: \(error)>" }
    }
}
