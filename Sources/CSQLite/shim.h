#ifndef CODD_CSQLITE_SHIM_H
#define CODD_CSQLITE_SHIM_H
#include <sqlite3.h>

/// sqlite3_db_config is variadic, so Swift cannot call it: this sets one boolean option.
static inline int codd_sqlite3_db_config_bool(sqlite3 *db, int option, int value) {
    return sqlite3_db_config(db, option, value, (int *)0);
}
#endif
