#ifndef CODD_CSQLITE_SHIM_H
#define CODD_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
