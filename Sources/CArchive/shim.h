// SPDX-License-Identifier: Apache-2.0
// libarchive's reading interface, loaded with dlopen("libarchive.so.13") on
// first use (never linked: the module map has no `link` line), so an idle
// forged never maps libarchive nor the compression libraries it pulls in.
// Swift emits these static inline functions, and the static state below, into
// every object file that calls them, so every wrapper loads through its own
// copy's pthread_once (dlopen is reference-counted; the copies share one
// library).
//
// The real Debian header (libarchive-dev) gives the types, the constants and,
// through __typeof__, the exact signature of every pointer resolved below.
// forge_archive_load() opens the library, resolves every symbol and checks the
// version, exactly once (pthread_once); it returns NULL on success or the
// reason the library cannot be used.
#pragma once
#include <archive.h>
#include <archive_entry.h>
#include <dlfcn.h>
#include <locale.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

/// The oldest libarchive accepted, 3.4.0 (Debian bullseye has 3.4.3): the
/// seekable and streamable zip readers and archive_entry_pathname_utf8
/// are older than that.
#define FORGE_ARCHIVE_OLDEST 3004000

static struct {
    pthread_once_t once;
    const char *error;                  // NULL once loaded
    char message[512];
    locale_t utf8;                      // C.UTF-8 for entry names, see forge_archive_next_header
    __typeof__(&archive_version_number) version_number;
    __typeof__(&archive_read_new) read_new;
    __typeof__(&archive_read_free) read_free;
    __typeof__(&archive_read_support_format_zip_seekable) support_format_zip_seekable;
    __typeof__(&archive_read_support_format_zip_streamable) support_format_zip_streamable;
    __typeof__(&archive_read_support_format_raw) support_format_raw;
    __typeof__(&archive_read_support_filter_gzip) support_filter_gzip;
    __typeof__(&archive_read_open_filename) open_filename;
    __typeof__(&archive_read_open_memory) open_memory;
    __typeof__(&archive_read_open) open_callbacks;
    __typeof__(&archive_read_next_header) next_header;
    __typeof__(&archive_read_data) read_data;
    __typeof__(&archive_entry_pathname) entry_pathname;
    __typeof__(&archive_entry_pathname_utf8) entry_pathname_utf8;
    __typeof__(&archive_entry_size) entry_size;
    __typeof__(&archive_entry_size_is_set) entry_size_is_set;
    __typeof__(&archive_entry_filetype) entry_filetype;
    __typeof__(&archive_error_string) error_string;
    __typeof__(&archive_filter_bytes) filter_bytes;
    __typeof__(&archive_filter_code) filter_code;
    __typeof__(&archive_filter_count) filter_count;
} forge_archive = { PTHREAD_ONCE_INIT, "libarchive not loaded" };

static inline void forge_archive_load_once(void) {
    void *lib = dlopen("libarchive.so.13", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        const char *why = dlerror();
        snprintf(forge_archive.message, sizeof forge_archive.message, "cannot load libarchive.so.13: %s",
                 why ? why : "not found");
        forge_archive.error = forge_archive.message;
        return;
    }
#define FORGE_ARCHIVE_SYM(field, name) \
    if (!(*(void **)&forge_archive.field = dlsym(lib, name))) { \
        snprintf(forge_archive.message, sizeof forge_archive.message, "libarchive.so.13 has no symbol %s", name); \
        forge_archive.error = forge_archive.message; \
        dlclose(lib); \
        return; \
    }
    FORGE_ARCHIVE_SYM(version_number, "archive_version_number")
    FORGE_ARCHIVE_SYM(read_new, "archive_read_new")
    FORGE_ARCHIVE_SYM(read_free, "archive_read_free")
    FORGE_ARCHIVE_SYM(support_format_zip_seekable, "archive_read_support_format_zip_seekable")
    FORGE_ARCHIVE_SYM(support_format_zip_streamable, "archive_read_support_format_zip_streamable")
    FORGE_ARCHIVE_SYM(support_format_raw, "archive_read_support_format_raw")
    FORGE_ARCHIVE_SYM(support_filter_gzip, "archive_read_support_filter_gzip")
    FORGE_ARCHIVE_SYM(open_filename, "archive_read_open_filename")
    FORGE_ARCHIVE_SYM(open_memory, "archive_read_open_memory")
    FORGE_ARCHIVE_SYM(open_callbacks, "archive_read_open")
    FORGE_ARCHIVE_SYM(next_header, "archive_read_next_header")
    FORGE_ARCHIVE_SYM(read_data, "archive_read_data")
    FORGE_ARCHIVE_SYM(entry_pathname, "archive_entry_pathname")
    FORGE_ARCHIVE_SYM(entry_pathname_utf8, "archive_entry_pathname_utf8")
    FORGE_ARCHIVE_SYM(entry_size, "archive_entry_size")
    FORGE_ARCHIVE_SYM(entry_size_is_set, "archive_entry_size_is_set")
    FORGE_ARCHIVE_SYM(entry_filetype, "archive_entry_filetype")
    FORGE_ARCHIVE_SYM(error_string, "archive_error_string")
    FORGE_ARCHIVE_SYM(filter_bytes, "archive_filter_bytes")
    FORGE_ARCHIVE_SYM(filter_code, "archive_filter_code")
    FORGE_ARCHIVE_SYM(filter_count, "archive_filter_count")
#undef FORGE_ARCHIVE_SYM
    int version = forge_archive.version_number();
    if (version < FORGE_ARCHIVE_OLDEST) {
        snprintf(forge_archive.message, sizeof forge_archive.message,
                 "libarchive.so.13 is version %d; forged needs 3.4.0 or later", version);
        forge_archive.error = forge_archive.message;
        dlclose(lib);
        return;
    }
    forge_archive.utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
    forge_archive.error = NULL;
}

/// Loads libarchive once; NULL when usable, else why not (stable storage).
static inline const char *forge_archive_load(void) {
    pthread_once(&forge_archive.once, forge_archive_load_once);
    return forge_archive.error;
}

// The wrappers: each loads first (a no-op after the first time) and answers
// libarchive's own failure value (ARCHIVE_FATAL, -1 or NULL) when it cannot be loaded.
#define FORGE_ARCHIVE_LOADED(failure) if (forge_archive_load()) return failure

/// A reader for zip archives only (stored and deflated entries). `seekable` 1 picks the reader that
/// trusts the central directory (a file or a buffer: it sees a zip whose end is missing as no zip at
/// all), 0 the one that reads local headers in order (a stream that cannot seek). NULL when libarchive
/// cannot be loaded or allocate.
static inline struct archive *forge_archive_zip_reader(int seekable) {
    FORGE_ARCHIVE_LOADED(NULL);
    struct archive *a = forge_archive.read_new();
    if (!a) return NULL;
    int status = seekable ? forge_archive.support_format_zip_seekable(a) : forge_archive.support_format_zip_streamable(a);
    if (status != ARCHIVE_OK) { forge_archive.read_free(a); return NULL; }
    return a;
}

/// A reader that yields one entry: the data behind the gzip filter (the `raw`
/// format). A source that is not gzip also opens, with no filter: callers check
/// forge_archive_is_gzip. NULL when libarchive cannot be loaded or allocate.
static inline struct archive *forge_archive_gzip_reader(void) {
    FORGE_ARCHIVE_LOADED(NULL);
    struct archive *a = forge_archive.read_new();
    if (!a) return NULL;
    if (forge_archive.support_format_raw(a) != ARCHIVE_OK || forge_archive.support_filter_gzip(a) != ARCHIVE_OK) {
        forge_archive.read_free(a);
        return NULL;
    }
    return a;
}

static inline int forge_archive_free(struct archive *a) { FORGE_ARCHIVE_LOADED(ARCHIVE_FATAL); return forge_archive.read_free(a); }
static inline int forge_archive_open_filename(struct archive *a, const char *path, size_t block) {
    FORGE_ARCHIVE_LOADED(ARCHIVE_FATAL); return forge_archive.open_filename(a, path, block);
}
static inline int forge_archive_open_memory(struct archive *a, const void *bytes, size_t size) {
    FORGE_ARCHIVE_LOADED(ARCHIVE_FATAL); return forge_archive.open_memory(a, bytes, size);
}
/// Opens `a` on a pull source: `read` answers the next bytes (0 at the end, -1
/// on failure after setting the error); no seeking, so zip uses its streaming flavour.
static inline int forge_archive_open_callbacks(struct archive *a, void *context, archive_read_callback *read) {
    FORGE_ARCHIVE_LOADED(ARCHIVE_FATAL); return forge_archive.open_callbacks(a, context, NULL, read, NULL);
}
/// The C.UTF-8 locale (glibc 2.35 builds it in), made with the load; (locale_t)0 when it cannot be made.
static inline locale_t forge_archive_utf8_locale(void) { return forge_archive.utf8; }

/// The next header, read with this thread's LC_CTYPE set to C.UTF-8 (uselocale, thread-local; the process
/// locale is untouched): libarchive converts entry names through the current locale's charset, and in
/// the daemon's "C" locale a name such as "Crème brûlée" would not convert.
static inline int forge_archive_next_header(struct archive *a, struct archive_entry **entry) {
    FORGE_ARCHIVE_LOADED(ARCHIVE_FATAL);
    locale_t utf8 = forge_archive_utf8_locale();
    locale_t previous = utf8 ? uselocale(utf8) : (locale_t)0;
    int status = forge_archive.next_header(a, entry);
    if (utf8) uselocale(previous);
    return status;
}
static inline la_ssize_t forge_archive_read_data(struct archive *a, void *buffer, size_t size) {
    FORGE_ARCHIVE_LOADED(ARCHIVE_FATAL); return forge_archive.read_data(a, buffer, size);
}
/// The entry's path as UTF-8, else as libarchive read it (NULL when it has none).
/// Read in C.UTF-8 as forge_archive_next_header.
static inline const char *forge_archive_entry_pathname(struct archive_entry *e) {
    FORGE_ARCHIVE_LOADED(NULL);
    locale_t utf8 = forge_archive_utf8_locale();
    locale_t previous = utf8 ? uselocale(utf8) : (locale_t)0;
    const char *name = forge_archive.entry_pathname_utf8(e);
    if (!name) name = forge_archive.entry_pathname(e);
    if (utf8) uselocale(previous);
    return name;
}
/// The size the entry's header declares, or -1 when it declares none.
static inline la_int64_t forge_archive_entry_size(struct archive_entry *e) {
    FORGE_ARCHIVE_LOADED(-1); return forge_archive.entry_size_is_set(e) ? forge_archive.entry_size(e) : -1;
}
/// 1 for a directory entry, 0 otherwise.
static inline int forge_archive_entry_is_directory(struct archive_entry *e) {
    FORGE_ARCHIVE_LOADED(0); return forge_archive.entry_filetype(e) == AE_IFDIR;
}
static inline const char *forge_archive_error_string(struct archive *a) {
    FORGE_ARCHIVE_LOADED("libarchive is not loaded"); return forge_archive.error_string(a);
}
/// Bytes read from the source so far (the compressed side), -1 when unknown.
static inline la_int64_t forge_archive_source_bytes(struct archive *a) {
    FORGE_ARCHIVE_LOADED(-1);
    int count = forge_archive.filter_count(a);
    return count > 0 ? forge_archive.filter_bytes(a, count - 1) : -1;
}
/// 1 when the source was recognised as gzip (after the first header), 0 otherwise.
static inline int forge_archive_is_gzip(struct archive *a) {
    FORGE_ARCHIVE_LOADED(0);
    int count = forge_archive.filter_count(a);
    for (int i = 0; i < count; i++) if (forge_archive.filter_code(a, i) == ARCHIVE_FILTER_GZIP) return 1;
    return 0;
}
