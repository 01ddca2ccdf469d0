import CoddCore

extension FTS5 {
    /// A special INSERT that maintains the index (FTS5's commands).
    ///
    /// ```swift
    /// ReminderText.command(.rebuild)
    /// // INSERT INTO "reminderTexts" ("reminderTexts") VALUES ('rebuild')
    /// ReminderText.command(.integrityCheck)
    /// // INSERT INTO "reminderTexts" ("reminderTexts", "rank") VALUES ('integrity-check', 1)
    /// ```
    public static func command(_ command: FTS5Command) -> FTS5CommandStatement {
        FTS5CommandStatement(tableName: tableName, command: command)
    }
}

/// A maintenance command of an FTS5 table.
public enum FTS5Command: Sendable, Hashable {
    /// `'rebuild'`: indexes the content again (after loading an external content table).
    case rebuild
    /// `'optimize'`: merges the index into one b-tree, for the fastest queries.
    case optimize
    /// `'integrity-check'` with rank 1: checks the index, and that it agrees with the
    /// content (an external content table out of step fails it: `SQLITE_CORRUPT_VTAB`).
    case integrityCheck
    /// `'delete-all'`: empties a contentless or external-content index.
    case deleteAll
    /// `'merge', n`: merges about `n` pages of the index.
    case merge(pages: Int)
    /// `'automerge', n`: merge once `n` segments have the same level (0 turns it off).
    case automerge(segments: Int)
}

/// `INSERT INTO "t" ("t") VALUES ('command')`.
public struct FTS5CommandStatement: FTS5Statement {
    let tableName: String
    let command: FTS5Command

    public func sql() throws -> String {
        var builder = SQLBuilder(mode: .inlineLiterals)
        builder.keyword("INSERT INTO")
        builder.identifier(tableName)
        let (name, argument): (StaticString, Int?) =
            switch command {
            case .rebuild: ("rebuild", nil)
            case .optimize: ("optimize", nil)
            case .integrityCheck: ("integrity-check", 1)
            case .deleteAll: ("delete-all", nil)
            case .merge(let pages): ("merge", pages)
            case .automerge(let segments): ("automerge", segments)
            }
        builder.parenthesized { builder in
            builder.listItem { $0.identifier(tableName) }
            if argument != nil { builder.listItem { $0.identifier("rank") } }
        }
        builder.keyword("VALUES")
        builder.parenthesized { builder in
            builder.listItem { $0.text(name.description) }
            if let argument { builder.listItem { $0.integer(Int64(argument)) } }
        }
        return builder.sql
    }
}
