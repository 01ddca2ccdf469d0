/// The kind of constraint a write broke, whichever engine reported it: a `catch` that
/// names it works on SQLite, on PostgreSQL, on a GRDB connection and inside a migration's
/// failure alike.
///
/// ```swift
/// do {
///     try await RemindersList.insert(list).execute(db)
/// } catch SQLConstraintViolation.unique {
///     // "That name is taken."
/// }
/// ```
///
/// Each engine's errors say which kind (``SQLConstraintViolationReporting``): SQLite's
/// extended result codes (`SQLITE_CONSTRAINT_UNIQUE`, …), PostgreSQL's SQLSTATE (`23505`, …).
/// An error that wraps another (a migration that failed) reports the wrapped one's.
///
/// A structure of static values rather than an enumeration, so that `catch
/// SQLConstraintViolation.unique` is an expression pattern (matched by ``~=(_:_:)``) and
/// not an enum case pattern, which only an error of this very type would match.
public struct SQLConstraintViolation: Sendable, Hashable, CustomStringConvertible {
    /// The kind's name (`unique`).
    public let name: String

    private init(_ name: String) {
        self.name = name
    }

    public var description: String { name }

    /// A value a `UNIQUE` constraint, a unique index or the primary key already holds
    /// (SQLite's `SQLITE_CONSTRAINT_UNIQUE`, `_PRIMARYKEY` and `_ROWID`; PostgreSQL's
    /// `23505`, which does not tell them apart).
    public static let unique = SQLConstraintViolation("unique")
    /// A `REFERENCES` clause: a row that refers to a missing one, or a row still referred
    /// to (`SQLITE_CONSTRAINT_FOREIGNKEY`; `23503`).
    public static let foreignKey = SQLConstraintViolation("foreignKey")
    /// NULL written into a `NOT NULL` column (`SQLITE_CONSTRAINT_NOTNULL`; `23502`).
    public static let notNull = SQLConstraintViolation("notNull")
    /// A `CHECK` constraint (`SQLITE_CONSTRAINT_CHECK`; `23514`).
    public static let check = SQLConstraintViolation("check")

    /// The violation `error` reports, if it reports one.
    public init?(_ error: any Error) {
        guard let reporting = error as? any SQLConstraintViolationReporting,
            let violation = reporting.constraintViolation
        else { return nil }
        self = violation
    }

    /// Whether `error` reports this violation: what lets a `catch` name it.
    public static func ~= (pattern: SQLConstraintViolation, error: any Error) -> Bool {
        SQLConstraintViolation(error) == pattern
    }
}

/// An error that can say which constraint a write broke: each driver's error, and an
/// error that wraps one.
public protocol SQLConstraintViolationReporting: Error {
    /// The constraint the write broke, or `nil` when the error is not a constraint
    /// violation of a kind ``SQLConstraintViolation`` names.
    var constraintViolation: SQLConstraintViolation? { get }
}
