import Codd
import GRDB

/// GRDB's error says which constraint broke, so `catch SQLConstraintViolation.unique`
/// works on a GRDB connection as on Codd's own: its extended result code, read as
/// `SQLiteError`'s is.
extension DatabaseError: @retroactive SQLConstraintViolationReporting {
    public var constraintViolation: SQLConstraintViolation? {
        SQLiteResultCode(rawValue: extendedResultCode.rawValue).constraintViolation
    }
}
