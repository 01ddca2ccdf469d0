import Codd
import GRDB

/// GRDB's error says which constraint broke, so `catch SQLConstraintViolation.unique`
/// works on a GRDB connection as on Codd's own: its extended result code, read as
/// `SQLiteError`'s is.
extension DatabaseError: @retroactive SQLConstraintViolationReporting {
    public var constraintViolation: SQLConstraintViolation? {
        switch extendedResultCode {
        case .SQLITE_CONSTRAINT_UNIQUE, .SQLITE_CONSTRAINT_PRIMARYKEY: .unique
        case .SQLITE_CONSTRAINT_FOREIGNKEY: .foreignKey
        case .SQLITE_CONSTRAINT_NOTNULL: .notNull
        case .SQLITE_CONSTRAINT_CHECK: .check
        default: nil
        }
    }
}
