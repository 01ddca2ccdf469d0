#include "CFaultVFS.h"

#include <sqlite3.h>
#include <stdatomic.h>
#include <string.h>

// The state is global (one VFS per process) and atomic: the fault tests run serialized,
// but SQLite may call the VFS from any thread.
static _Atomic int armed_kind = CODD_FAULT_NONE;
static _Atomic int countdown = 0;
static _Atomic int persistent = 0;
static _Atomic int failures = 0;
static _Atomic int calls[5];

static sqlite3_vfs fault_vfs;
static sqlite3_vfs *real_vfs = 0;

typedef struct {
    sqlite3_file base;
    sqlite3_file *real; // follows this struct in the same allocation
} fault_file;

/// Whether this call of `kind` fails: counts it, and fires when the countdown reaches it.
static int should_fail(codd_fault_kind kind) {
    atomic_fetch_add(&calls[kind], 1);
    if (atomic_load(&armed_kind) != kind) return 0;
    int left = atomic_fetch_sub(&countdown, 1) - 1;
    if (left == 0 || (left < 0 && atomic_load(&persistent))) {
        atomic_fetch_add(&failures, 1);
        return 1;
    }
    return 0;
}

#define REAL(file) (((fault_file *)(file))->real)

static int fault_close(sqlite3_file *file) {
    int rc = REAL(file)->pMethods ? REAL(file)->pMethods->xClose(REAL(file)) : SQLITE_OK;
    return rc;
}

static int fault_read(sqlite3_file *file, void *buffer, int amount, sqlite3_int64 offset) {
    if (should_fail(CODD_FAULT_READ)) return SQLITE_IOERR_READ;
    return REAL(file)->pMethods->xRead(REAL(file), buffer, amount, offset);
}

static int fault_write(sqlite3_file *file, const void *buffer, int amount, sqlite3_int64 offset) {
    if (should_fail(CODD_FAULT_WRITE)) return SQLITE_IOERR_WRITE;
    if (atomic_load(&armed_kind) == CODD_FAULT_FULL) {
        sqlite3_int64 size = 0;
        if (REAL(file)->pMethods->xFileSize(REAL(file), &size) == SQLITE_OK && offset + amount > size
            && should_fail(CODD_FAULT_FULL)) {
            return SQLITE_FULL;
        }
    }
    return REAL(file)->pMethods->xWrite(REAL(file), buffer, amount, offset);
}

static int fault_truncate(sqlite3_file *file, sqlite3_int64 size) {
    return REAL(file)->pMethods->xTruncate(REAL(file), size);
}

static int fault_sync(sqlite3_file *file, int flags) {
    if (should_fail(CODD_FAULT_SYNC)) return SQLITE_IOERR_FSYNC;
    return REAL(file)->pMethods->xSync(REAL(file), flags);
}

static int fault_file_size(sqlite3_file *file, sqlite3_int64 *size) {
    return REAL(file)->pMethods->xFileSize(REAL(file), size);
}

static int fault_lock(sqlite3_file *file, int lock) { return REAL(file)->pMethods->xLock(REAL(file), lock); }
static int fault_unlock(sqlite3_file *file, int lock) { return REAL(file)->pMethods->xUnlock(REAL(file), lock); }
static int fault_check_reserved_lock(sqlite3_file *file, int *out) {
    return REAL(file)->pMethods->xCheckReservedLock(REAL(file), out);
}
static int fault_file_control(sqlite3_file *file, int op, void *arg) {
    return REAL(file)->pMethods->xFileControl(REAL(file), op, arg);
}
static int fault_sector_size(sqlite3_file *file) { return REAL(file)->pMethods->xSectorSize(REAL(file)); }
static int fault_device_characteristics(sqlite3_file *file) {
    return REAL(file)->pMethods->xDeviceCharacteristics(REAL(file));
}
static int fault_shm_map(sqlite3_file *file, int page, int size, int extend, void volatile **out) {
    return REAL(file)->pMethods->xShmMap(REAL(file), page, size, extend, out);
}
static int fault_shm_lock(sqlite3_file *file, int offset, int n, int flags) {
    return REAL(file)->pMethods->xShmLock(REAL(file), offset, n, flags);
}
static void fault_shm_barrier(sqlite3_file *file) { REAL(file)->pMethods->xShmBarrier(REAL(file)); }
static int fault_shm_unmap(sqlite3_file *file, int delete_flag) {
    return REAL(file)->pMethods->xShmUnmap(REAL(file), delete_flag);
}
static int fault_fetch(sqlite3_file *file, sqlite3_int64 offset, int amount, void **out) {
    // No memory-mapped reads: every read goes through xRead, where faults are.
    *out = 0;
    return SQLITE_OK;
}
static int fault_unfetch(sqlite3_file *file, sqlite3_int64 offset, void *page) { return SQLITE_OK; }

static const sqlite3_io_methods fault_methods = {
    3,
    fault_close, fault_read, fault_write, fault_truncate, fault_sync, fault_file_size,
    fault_lock, fault_unlock, fault_check_reserved_lock, fault_file_control,
    fault_sector_size, fault_device_characteristics,
    fault_shm_map, fault_shm_lock, fault_shm_barrier, fault_shm_unmap,
    fault_fetch, fault_unfetch,
};

static int fault_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *file, int flags, int *out_flags) {
    fault_file *wrapper = (fault_file *)file;
    wrapper->real = (sqlite3_file *)(wrapper + 1);
    memset(wrapper->real, 0, real_vfs->szOsFile);
    int rc = real_vfs->xOpen(real_vfs, name, wrapper->real, flags, out_flags);
    // On failure SQLite still calls xClose when pMethods is set; the real file's own
    // pMethods decides whether there is anything to close.
    wrapper->base.pMethods = wrapper->real->pMethods ? &fault_methods : 0;
    return rc;
}

static int fault_delete(sqlite3_vfs *vfs, const char *name, int sync_dir) {
    return real_vfs->xDelete(real_vfs, name, sync_dir);
}
static int fault_access(sqlite3_vfs *vfs, const char *name, int flags, int *out) {
    return real_vfs->xAccess(real_vfs, name, flags, out);
}
static int fault_full_pathname(sqlite3_vfs *vfs, const char *name, int size, char *out) {
    return real_vfs->xFullPathname(real_vfs, name, size, out);
}
static void *fault_dl_open(sqlite3_vfs *vfs, const char *name) { return real_vfs->xDlOpen(real_vfs, name); }
static void fault_dl_error(sqlite3_vfs *vfs, int size, char *out) { real_vfs->xDlError(real_vfs, size, out); }
static void (*fault_dl_sym(sqlite3_vfs *vfs, void *handle, const char *symbol))(void) {
    return real_vfs->xDlSym(real_vfs, handle, symbol);
}
static void fault_dl_close(sqlite3_vfs *vfs, void *handle) { real_vfs->xDlClose(real_vfs, handle); }
static int fault_randomness(sqlite3_vfs *vfs, int size, char *out) {
    return real_vfs->xRandomness(real_vfs, size, out);
}
static int fault_sleep(sqlite3_vfs *vfs, int microseconds) { return real_vfs->xSleep(real_vfs, microseconds); }
static int fault_current_time(sqlite3_vfs *vfs, double *out) { return real_vfs->xCurrentTime(real_vfs, out); }
static int fault_get_last_error(sqlite3_vfs *vfs, int size, char *out) {
    return real_vfs->xGetLastError ? real_vfs->xGetLastError(real_vfs, size, out) : 0;
}
static int fault_current_time_int64(sqlite3_vfs *vfs, sqlite3_int64 *out) {
    return real_vfs->xCurrentTimeInt64(real_vfs, out);
}

int codd_fault_vfs_register(void) {
    if (sqlite3_vfs_find("codd-fault")) return SQLITE_OK;
    real_vfs = sqlite3_vfs_find(0);
    if (!real_vfs) return SQLITE_ERROR;
    memset(&fault_vfs, 0, sizeof fault_vfs);
    fault_vfs.iVersion = 2;
    fault_vfs.szOsFile = (int)sizeof(fault_file) + real_vfs->szOsFile;
    fault_vfs.mxPathname = real_vfs->mxPathname;
    fault_vfs.zName = "codd-fault";
    fault_vfs.xOpen = fault_open;
    fault_vfs.xDelete = fault_delete;
    fault_vfs.xAccess = fault_access;
    fault_vfs.xFullPathname = fault_full_pathname;
    fault_vfs.xDlOpen = fault_dl_open;
    fault_vfs.xDlError = fault_dl_error;
    fault_vfs.xDlSym = fault_dl_sym;
    fault_vfs.xDlClose = fault_dl_close;
    fault_vfs.xRandomness = fault_randomness;
    fault_vfs.xSleep = fault_sleep;
    fault_vfs.xCurrentTime = fault_current_time;
    fault_vfs.xGetLastError = fault_get_last_error;
    fault_vfs.xCurrentTimeInt64 = fault_current_time_int64;
    return sqlite3_vfs_register(&fault_vfs, 0);
}

void codd_fault_vfs_arm(codd_fault_kind kind, int count, int stays) {
    atomic_store(&armed_kind, CODD_FAULT_NONE);
    atomic_store(&countdown, count);
    atomic_store(&persistent, stays);
    atomic_store(&failures, 0);
    for (int i = 0; i < 5; i++) atomic_store(&calls[i], 0);
    atomic_store(&armed_kind, kind);
}

int codd_fault_vfs_failures(void) { return atomic_load(&failures); }

int codd_fault_vfs_calls(codd_fault_kind kind) { return atomic_load(&calls[kind]); }
