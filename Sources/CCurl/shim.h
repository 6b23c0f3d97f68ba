// SPDX-License-Identifier: Apache-2.0
// libcurl's easy interface, loaded with dlopen on first use (never linked:
// an idle forged does not map libcurl). Swift emits these static inline
// functions, and the static state below, into every object file that calls
// them, so every wrapper loads through its own copy's pthread_once (dlopen
// and curl_global_init are reference-counted; the copies share one library).
//
// The real <curl/curl.h> gives the types and constants; the wrappers have
// fixed signatures because Swift cannot call C variadics such as
// curl_easy_setopt. forge_curl_load() opens the library, resolves every
// symbol, checks the version and runs curl_global_init, exactly once
// (pthread_once); it returns NULL on success or the reason the library
// cannot be used.
#pragma once
#include <curl/curl.h>
#include <dlfcn.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

/// The sonames tried in order: the GnuTLS flavour first (forged already maps
/// GnuTLS for libmicrohttpd), then the OpenSSL one.
static const char *const forge_curl_sonames[] = { "libcurl-gnutls.so.4", "libcurl.so.4" };

/// The oldest libcurl accepted, 7.85.0: curl_global_init runs lazily on a
/// worker thread while other threads run, which is safe only when the library
/// reports CURL_VERSION_THREADSAFE (7.84.0 and later); 7.85.0 also brings
/// CURLOPT_PROTOCOLS_STR, which HTTPClient sets.
#define FORGE_CURL_OLDEST 0x075500
#ifndef CURL_VERSION_THREADSAFE
#define CURL_VERSION_THREADSAFE (1 << 30)
#endif

static struct {
    pthread_once_t once;
    const char *error;                  // NULL once loaded
    char message[1024];
    const char *soname;
    __typeof__(&curl_version_info) version_info;
    __typeof__(&curl_global_init) global_init;
    __typeof__(&curl_easy_init) easy_init;
    __typeof__(&curl_easy_cleanup) easy_cleanup;
    __typeof__(&curl_easy_setopt) easy_setopt;
    __typeof__(&curl_easy_perform) easy_perform;
    __typeof__(&curl_easy_getinfo) easy_getinfo;
    __typeof__(&curl_easy_header) easy_header;
    __typeof__(&curl_easy_strerror) easy_strerror;
    __typeof__(&curl_slist_append) slist_append;
    __typeof__(&curl_slist_free_all) slist_free_all;
} forge_curl = { PTHREAD_ONCE_INIT, "libcurl not loaded" };

/// Resolves every symbol from `lib` and checks the version; NULL when usable,
/// else why not, written into `why` (`size` bytes).
static inline const char *forge_curl_bind(void *lib, const char *soname, char *why, size_t size) {
#define FORGE_CURL_SYM(field, name) \
    if (!(*(void **)&forge_curl.field = dlsym(lib, name))) { \
        snprintf(why, size, "%s has no symbol %s", soname, name); \
        return why; \
    }
    FORGE_CURL_SYM(version_info, "curl_version_info")
    FORGE_CURL_SYM(global_init, "curl_global_init")
    FORGE_CURL_SYM(easy_init, "curl_easy_init")
    FORGE_CURL_SYM(easy_cleanup, "curl_easy_cleanup")
    FORGE_CURL_SYM(easy_setopt, "curl_easy_setopt")
    FORGE_CURL_SYM(easy_perform, "curl_easy_perform")
    FORGE_CURL_SYM(easy_getinfo, "curl_easy_getinfo")
    FORGE_CURL_SYM(easy_header, "curl_easy_header")
    FORGE_CURL_SYM(easy_strerror, "curl_easy_strerror")
    FORGE_CURL_SYM(slist_append, "curl_slist_append")
    FORGE_CURL_SYM(slist_free_all, "curl_slist_free_all")
#undef FORGE_CURL_SYM
    const curl_version_info_data *info = forge_curl.version_info(CURLVERSION_NOW);
    if (!info) { snprintf(why, size, "%s reports no version", soname); return why; }
    if (info->version_num < FORGE_CURL_OLDEST || !(info->features & CURL_VERSION_THREADSAFE)) {
        snprintf(why, size, "%s is libcurl %s%s; forged needs 7.85.0 or later built thread-safe "
                 "(it initialises libcurl while other threads run)", soname, info->version ? info->version : "?",
                 info->features & CURL_VERSION_THREADSAFE ? "" : " without CURL_VERSION_THREADSAFE");
        return why;
    }
    return NULL;
}

static inline void forge_curl_load_once(void) {
    // Each soname in turn; a library that cannot be opened, lacks a symbol or
    // is too old is closed again and its reason kept for the message.
    char reasons[2][400] = { "", "" };
    void *lib = NULL;
    for (unsigned i = 0; i < sizeof forge_curl_sonames / sizeof *forge_curl_sonames && !lib; i++) {
        lib = dlopen(forge_curl_sonames[i], RTLD_NOW | RTLD_LOCAL);
        if (!lib) {
            const char *reason = dlerror();
            snprintf(reasons[i], sizeof reasons[i], "%s", reason ? reason : "not found");
        } else if (forge_curl_bind(lib, forge_curl_sonames[i], reasons[i], sizeof reasons[i])) {
            dlclose(lib);
            lib = NULL;
        } else {
            forge_curl.soname = forge_curl_sonames[i];
        }
    }
    if (!lib) {
        snprintf(forge_curl.message, sizeof forge_curl.message, "cannot load %s or %s: %s; %s",
                 forge_curl_sonames[0], forge_curl_sonames[1], reasons[0], reasons[1]);
        forge_curl.error = forge_curl.message;
        return;
    }
    CURLcode code = forge_curl.global_init(CURL_GLOBAL_DEFAULT);
    if (code != CURLE_OK) {
        snprintf(forge_curl.message, sizeof forge_curl.message, "curl_global_init failed: %s",
                 forge_curl.easy_strerror(code));
        forge_curl.error = forge_curl.message;
        return;
    }
    forge_curl.error = NULL;
}

/// Loads libcurl once; NULL when usable, else why not (stable storage).
static inline const char *forge_curl_load(void) {
    pthread_once(&forge_curl.once, forge_curl_load_once);
    return forge_curl.error;
}

// The wrappers: each loads first (a no-op after the first time) and answers
// a failure code when libcurl cannot be loaded.
#define FORGE_CURL_LOADED(failure) if (forge_curl_load()) return failure

/// The write callback's shape (CURLOPT_WRITEFUNCTION, CURLOPT_HEADERFUNCTION).
typedef size_t (*forge_curl_write_fn)(char *data, size_t size, size_t count, void *context);

static inline CURL *forge_curl_easy_init(void) { FORGE_CURL_LOADED(NULL); return forge_curl.easy_init(); }
static inline void forge_curl_easy_cleanup(CURL *h) { FORGE_CURL_LOADED(); forge_curl.easy_cleanup(h); }
static inline CURLcode forge_curl_setopt_long(CURL *h, CURLoption o, long v) {
    FORGE_CURL_LOADED(CURLE_FAILED_INIT); return forge_curl.easy_setopt(h, o, v);
}
static inline CURLcode forge_curl_setopt_pointer(CURL *h, CURLoption o, void *v) {
    FORGE_CURL_LOADED(CURLE_FAILED_INIT); return forge_curl.easy_setopt(h, o, v);
}
static inline CURLcode forge_curl_setopt_string(CURL *h, CURLoption o, const char *v) {
    FORGE_CURL_LOADED(CURLE_FAILED_INIT); return forge_curl.easy_setopt(h, o, v);
}
static inline CURLcode forge_curl_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) {
    FORGE_CURL_LOADED(CURLE_FAILED_INIT); return forge_curl.easy_setopt(h, o, v);
}
static inline CURLcode forge_curl_setopt_write(CURL *h, CURLoption o, forge_curl_write_fn v) {
    FORGE_CURL_LOADED(CURLE_FAILED_INIT); return forge_curl.easy_setopt(h, o, v);
}
static inline CURLcode forge_curl_perform(CURL *h) { FORGE_CURL_LOADED(CURLE_FAILED_INIT); return forge_curl.easy_perform(h); }
static inline CURLcode forge_curl_getinfo_long(CURL *h, CURLINFO i, long *out) {
    FORGE_CURL_LOADED(CURLE_FAILED_INIT); return forge_curl.easy_getinfo(h, i, out);
}
static inline CURLcode forge_curl_getinfo_offset(CURL *h, CURLINFO i, curl_off_t *out) {
    FORGE_CURL_LOADED(CURLE_FAILED_INIT); return forge_curl.easy_getinfo(h, i, out);
}
static inline CURLcode forge_curl_getinfo_string(CURL *h, CURLINFO i, char **out) {
    FORGE_CURL_LOADED(CURLE_FAILED_INIT); return forge_curl.easy_getinfo(h, i, out);
}
/// The value of response header `name` (first of its name, last response of the transfer), or NULL.
static inline const char *forge_curl_header(CURL *h, const char *name) {
    FORGE_CURL_LOADED(NULL);
    struct curl_header *header = NULL;
    if (forge_curl.easy_header(h, name, 0, CURLH_HEADER, -1, &header) != CURLHE_OK || !header) return NULL;
    return header->value;
}
static inline const char *forge_curl_easy_strerror(CURLcode c) {
    FORGE_CURL_LOADED("libcurl is not loaded"); return forge_curl.easy_strerror(c);
}
static inline struct curl_slist *forge_curl_slist_append(struct curl_slist *l, const char *s) {
    FORGE_CURL_LOADED(NULL); return forge_curl.slist_append(l, s);
}
static inline void forge_curl_slist_free_all(struct curl_slist *l) { FORGE_CURL_LOADED(); forge_curl.slist_free_all(l); }

/// One address a transfer may connect to: AF_INET (4 bytes used) or AF_INET6 (16).
typedef struct { int family; unsigned char bytes[16]; } forge_curl_address;
/// The addresses a transfer may connect to (CURLOPT_OPENSOCKETDATA), and how
/// many connections to other addresses were refused.
typedef struct { const forge_curl_address *addresses; size_t count; size_t refused; } forge_curl_pins;

/// CURLOPT_OPENSOCKETFUNCTION: opens the socket only when the address libcurl
/// is about to connect to is one of the pins, else answers CURL_SOCKET_BAD
/// (libcurl then tries its next address and fails with "couldn't connect").
/// This holds whatever name libcurl resolved and whatever proxy it chose.
static inline curl_socket_t forge_curl_open_pinned(void *context, curlsocktype purpose, struct curl_sockaddr *address) {
    forge_curl_pins *pins = (forge_curl_pins *)context;
    if (!pins) return CURL_SOCKET_BAD;
    if (purpose != CURLSOCKTYPE_IPCXN) { pins->refused++; return CURL_SOCKET_BAD; }
    const void *bytes;
    size_t length;
    if (address->family == AF_INET && address->addrlen >= sizeof(struct sockaddr_in)) {
        bytes = &((const struct sockaddr_in *)(const void *)&address->addr)->sin_addr;
        length = 4;
    } else if (address->family == AF_INET6 && address->addrlen >= sizeof(struct sockaddr_in6)) {
        bytes = &((const struct sockaddr_in6 *)(const void *)&address->addr)->sin6_addr;
        length = 16;
    } else {
        pins->refused++;
        return CURL_SOCKET_BAD;
    }
    for (size_t i = 0; i < pins->count; i++) {
        if (pins->addresses[i].family == address->family && memcmp(pins->addresses[i].bytes, bytes, length) == 0) {
            return socket(address->family, address->socktype, address->protocol);
        }
    }
    pins->refused++;
    return CURL_SOCKET_BAD;
}

/// Lets `h` connect only to `pins` (which must outlive the handle).
static inline CURLcode forge_curl_pin_connections(CURL *h, forge_curl_pins *pins) {
    FORGE_CURL_LOADED(CURLE_FAILED_INIT);
    CURLcode code = forge_curl.easy_setopt(h, CURLOPT_OPENSOCKETFUNCTION, forge_curl_open_pinned);
    return code != CURLE_OK ? code : forge_curl.easy_setopt(h, CURLOPT_OPENSOCKETDATA, pins);
}
