#ifndef CODD_CFAULTVFS_H
#define CODD_CFAULTVFS_H

/// A SQLite VFS that wraps the default one and fails chosen I/O calls, for Codd's fault
/// tests (docs/Reliability.md). Registered under the name "codd-fault"; open a database
/// on it with the URI `file:PATH?vfs=codd-fault`.

/// Which calls a fault hits.
typedef enum {
    CODD_FAULT_NONE = 0,
    CODD_FAULT_WRITE = 1,
    CODD_FAULT_SYNC = 2,
    CODD_FAULT_READ = 3,
    /// Writes that would grow a file fail with SQLITE_FULL (a full disk).
    CODD_FAULT_FULL = 4,
} codd_fault_kind;

/// Registers the VFS (idempotent, not as the default). Returns a SQLite result code.
int codd_fault_vfs_register(void);

/// Arms a fault: the `countdown`-th call of `kind` from now (1 = the next one) fails, and
/// so does every later one when `persistent` is non-zero (a disk that stays broken or
/// full). `CODD_FAULT_NONE` disarms.
void codd_fault_vfs_arm(codd_fault_kind kind, int countdown, int persistent);

/// How many calls have failed since the last arm.
int codd_fault_vfs_failures(void);

/// How many calls of `kind` went through the VFS since the last arm (to size a sweep).
int codd_fault_vfs_calls(codd_fault_kind kind);

#endif
