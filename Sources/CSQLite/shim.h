#pragma once
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro casting -1 to a function pointer; Swift cannot import it.
static inline sqlite3_destructor_type forge_sqlite_transient(void) { return SQLITE_TRANSIENT; }

/// sqlite3_db_config is variadic; this fixed-signature wrapper covers the int/int* options.
static inline int forge_sqlite_db_config_int(sqlite3 *db, int op, int value, int *out) {
    return sqlite3_db_config(db, op, value, out);
}
