// SPDX-License-Identifier: Apache-2.0
// libpq's client interface, loaded with dlopen("libpq.so.5") on first use
// (never linked: the module map has no `link` line), so an idle forged never
// maps libpq nor what it pulls in (Kerberos, LDAP, OpenSSL). Only
// `forged import forge-server --from postgresql://...` loads it. Swift emits
// these static inline functions and the static state below into every object
// file that calls them, so each copy loads through its own pthread_once
// (dlopen is reference-counted; the copies share one library), as
// Sources/CArchive/shim.h does.
//
// The Debian header (libpq-dev) gives the types and, through __typeof__, the
// exact signature of every pointer resolved below. forge_pq_load() opens the
// library and resolves every symbol once; it returns NULL on success or the
// reason the library cannot be used.
#pragma once
#include <postgresql/libpq-fe.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static struct {
    pthread_once_t once;
    const char *error;                  // NULL once loaded
    char message[512];
    __typeof__(&PQlibVersion) lib_version;
    __typeof__(&PQconnectdb) connectdb;
    __typeof__(&PQstatus) status;
    __typeof__(&PQerrorMessage) error_message;
    __typeof__(&PQfinish) finish;
    __typeof__(&PQexec) exec;
    __typeof__(&PQresultStatus) result_status;
    __typeof__(&PQresultErrorMessage) result_error_message;
    __typeof__(&PQntuples) ntuples;
    __typeof__(&PQnfields) nfields;
    __typeof__(&PQgetvalue) getvalue;
    __typeof__(&PQgetisnull) getisnull;
    __typeof__(&PQclear) clear;
    __typeof__(&PQgetCopyData) get_copy_data;
    __typeof__(&PQgetResult) get_result;
    __typeof__(&PQfreemem) freemem;
    __typeof__(&PQsetClientEncoding) set_client_encoding;
} forge_pq = { PTHREAD_ONCE_INIT, "libpq not loaded" };

static inline void forge_pq_load_once(void) {
    void *lib = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        const char *why = dlerror();
        snprintf(forge_pq.message, sizeof forge_pq.message, "cannot load libpq.so.5 (Debian libpq5): %s",
                 why ? why : "not found");
        forge_pq.error = forge_pq.message;
        return;
    }
#define FORGE_PQ_SYM(field, name) \
    if (!(*(void **)&forge_pq.field = dlsym(lib, name))) { \
        snprintf(forge_pq.message, sizeof forge_pq.message, "libpq.so.5 has no symbol %s", name); \
        forge_pq.error = forge_pq.message; \
        dlclose(lib); \
        return; \
    }
    FORGE_PQ_SYM(lib_version, "PQlibVersion")
    FORGE_PQ_SYM(connectdb, "PQconnectdb")
    FORGE_PQ_SYM(status, "PQstatus")
    FORGE_PQ_SYM(error_message, "PQerrorMessage")
    FORGE_PQ_SYM(finish, "PQfinish")
    FORGE_PQ_SYM(exec, "PQexec")
    FORGE_PQ_SYM(result_status, "PQresultStatus")
    FORGE_PQ_SYM(result_error_message, "PQresultErrorMessage")
    FORGE_PQ_SYM(ntuples, "PQntuples")
    FORGE_PQ_SYM(nfields, "PQnfields")
    FORGE_PQ_SYM(getvalue, "PQgetvalue")
    FORGE_PQ_SYM(getisnull, "PQgetisnull")
    FORGE_PQ_SYM(clear, "PQclear")
    FORGE_PQ_SYM(get_copy_data, "PQgetCopyData")
    FORGE_PQ_SYM(get_result, "PQgetResult")
    FORGE_PQ_SYM(freemem, "PQfreemem")
    FORGE_PQ_SYM(set_client_encoding, "PQsetClientEncoding")
#undef FORGE_PQ_SYM
    forge_pq.error = NULL;
}

/// Loads libpq once; NULL when usable, else why not (stable storage).
static inline const char *forge_pq_load(void) {
    pthread_once(&forge_pq.once, forge_pq_load_once);
    return forge_pq.error;
}

// The wrappers: each loads first (a no-op after the first time) and answers
// libpq's own failure value when it cannot be loaded.
#define FORGE_PQ_LOADED(failure) if (forge_pq_load()) return failure

/// A connection from a conninfo string or a postgresql:// URI; NULL when libpq is missing
/// (check the status of a non-NULL one: a failed connection is returned too).
static inline PGconn *forge_pq_connect(const char *conninfo) {
    FORGE_PQ_LOADED(NULL);
    return forge_pq.connectdb(conninfo);
}
/// 1 when the connection is up.
static inline int forge_pq_ok(const PGconn *c) { FORGE_PQ_LOADED(0); return forge_pq.status(c) == CONNECTION_OK; }
static inline const char *forge_pq_error(const PGconn *c) { FORGE_PQ_LOADED(""); return forge_pq.error_message(c); }
static inline void forge_pq_finish(PGconn *c) { if (!forge_pq_load()) forge_pq.finish(c); }
static inline int forge_pq_set_encoding(PGconn *c, const char *e) { FORGE_PQ_LOADED(-1); return forge_pq.set_client_encoding(c, e); }
static inline PGresult *forge_pq_exec(PGconn *c, const char *q) { FORGE_PQ_LOADED(NULL); return forge_pq.exec(c, q); }
/// The result's libpq ExecStatusType (PGRES_TUPLES_OK, PGRES_COPY_OUT, PGRES_COMMAND_OK, ...);
/// PGRES_FATAL_ERROR when the library is not loaded.
static inline ExecStatusType forge_pq_result_status(const PGresult *r) {
    FORGE_PQ_LOADED(PGRES_FATAL_ERROR);
    return forge_pq.result_status(r);
}
static inline const char *forge_pq_result_error(const PGresult *r) { FORGE_PQ_LOADED(""); return forge_pq.result_error_message(r); }
static inline int forge_pq_ntuples(const PGresult *r) { FORGE_PQ_LOADED(0); return forge_pq.ntuples(r); }
static inline int forge_pq_nfields(const PGresult *r) { FORGE_PQ_LOADED(0); return forge_pq.nfields(r); }
static inline const char *forge_pq_value(const PGresult *r, int row, int col) { FORGE_PQ_LOADED(""); return forge_pq.getvalue(r, row, col); }
static inline int forge_pq_isnull(const PGresult *r, int row, int col) { FORGE_PQ_LOADED(1); return forge_pq.getisnull(r, row, col); }
static inline void forge_pq_clear(PGresult *r) { if (!forge_pq_load()) forge_pq.clear(r); }
/// One COPY OUT row into *buffer (free with forge_pq_freemem): its length, -1 at the end, -2 on error.
static inline int forge_pq_copy_row(PGconn *c, char **buffer) { FORGE_PQ_LOADED(-2); return forge_pq.get_copy_data(c, buffer, 0); }
static inline PGresult *forge_pq_next_result(PGconn *c) { FORGE_PQ_LOADED(NULL); return forge_pq.get_result(c); }
static inline void forge_pq_freemem(void *p) { if (!forge_pq_load()) forge_pq.freemem(p); }
