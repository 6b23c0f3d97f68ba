// SPDX-License-Identifier: Apache-2.0
// libxml2's streaming reader (xmlTextReader), loaded with dlopen("libxml2.so.2")
// on first use (never linked: the module map has no `link` line), so an idle
// forged never maps libxml2 (nor ICU). Swift emits these static inline
// functions, and the static state below, into every object file that calls
// them, so every wrapper loads through its own copy's pthread_once (dlopen
// and xmlInitParser are reference-counted/idempotent; the copies share one
// library).
//
// The real Debian header (libxml2-dev) gives the types, the constants and,
// through __typeof__, the exact signature of every pointer resolved below.
// forge_xml_load() opens the library and resolves every symbol, exactly once
// (pthread_once); it returns NULL on success or the reason the library cannot
// be used.
#pragma once
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU; its <unicode/ucnv.h> (only for private
// fields of the encoding handler, unused here) clashes with Foundation's ICU.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlreader.h>

static struct {
    pthread_once_t once;
    const char *error;                  // NULL once loaded
    char message[256];
    __typeof__(&xmlInitParser) initParser;
    __typeof__(&xmlSetExternalEntityLoader) setExternalEntityLoader;
    __typeof__(&xmlReaderForIO) readerForIO;
    __typeof__(&xmlTextReaderSetStructuredErrorHandler) setStructuredErrorHandler;
    __typeof__(&xmlTextReaderRead) read;
    __typeof__(&xmlTextReaderNodeType) nodeType;
    __typeof__(&xmlTextReaderConstLocalName) constLocalName;
    __typeof__(&xmlTextReaderConstNamespaceUri) constNamespaceUri;
    __typeof__(&xmlTextReaderIsEmptyElement) isEmptyElement;
    __typeof__(&xmlTextReaderMoveToNextAttribute) moveToNextAttribute;
    __typeof__(&xmlTextReaderMoveToElement) moveToElement;
    __typeof__(&xmlTextReaderConstValue) constValue;
    __typeof__(&xmlTextReaderGetParserLineNumber) getParserLineNumber;
    __typeof__(&xmlFreeTextReader) freeTextReader;
} forge_xml = { PTHREAD_ONCE_INIT, "libxml2 not loaded" };

/// The external entity loader installed process-wide: refuses every
/// entity and DTD, whatever the options (defence in depth; forged has no
/// other libxml2 user).
static inline xmlParserInputPtr forge_xml_refuse_entity(const char *url, const char *id, xmlParserCtxtPtr ctxt) {
    (void)url; (void)id; (void)ctxt;
    return NULL;
}

static inline void forge_xml_load_once(void) {
    void *lib = dlopen("libxml2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        const char *why = dlerror();
        snprintf(forge_xml.message, sizeof forge_xml.message, "cannot load libxml2.so.2: %s", why ? why : "not found");
        forge_xml.error = forge_xml.message;
        return;
    }
#define FORGE_XML_SYM(field, name) \
    if (!(*(void **)&forge_xml.field = dlsym(lib, name))) { \
        snprintf(forge_xml.message, sizeof forge_xml.message, "libxml2.so.2 has no symbol %s", name); \
        forge_xml.error = forge_xml.message; \
        dlclose(lib); \
        return; \
    }
    FORGE_XML_SYM(initParser, "xmlInitParser")
    FORGE_XML_SYM(setExternalEntityLoader, "xmlSetExternalEntityLoader")
    FORGE_XML_SYM(readerForIO, "xmlReaderForIO")
    FORGE_XML_SYM(setStructuredErrorHandler, "xmlTextReaderSetStructuredErrorHandler")
    FORGE_XML_SYM(read, "xmlTextReaderRead")
    FORGE_XML_SYM(nodeType, "xmlTextReaderNodeType")
    FORGE_XML_SYM(constLocalName, "xmlTextReaderConstLocalName")
    FORGE_XML_SYM(constNamespaceUri, "xmlTextReaderConstNamespaceUri")
    FORGE_XML_SYM(isEmptyElement, "xmlTextReaderIsEmptyElement")
    FORGE_XML_SYM(moveToNextAttribute, "xmlTextReaderMoveToNextAttribute")
    FORGE_XML_SYM(moveToElement, "xmlTextReaderMoveToElement")
    FORGE_XML_SYM(constValue, "xmlTextReaderConstValue")
    FORGE_XML_SYM(getParserLineNumber, "xmlTextReaderGetParserLineNumber")
    FORGE_XML_SYM(freeTextReader, "xmlFreeTextReader")
#undef FORGE_XML_SYM
    forge_xml.initParser();
    forge_xml.setExternalEntityLoader(forge_xml_refuse_entity);
    forge_xml.error = NULL;
}

/// Loads libxml2 once; NULL when usable, else why not (stable storage).
static inline const char *forge_xml_load(void) {
    pthread_once(&forge_xml.once, forge_xml_load_once);
    return forge_xml.error;
}

// The wrappers: each loads first (a no-op after the first time) and answers
// a failure value when libxml2 cannot be loaded.
#define FORGE_XML_LOADED(failure) if (forge_xml_load()) return failure

/// The first error (level ≥ XML_ERR_ERROR) a reader reported; warnings are dropped.
typedef struct {
    int set;
    int code;      // xmlParserErrors
    int line;
    char message[512];
} forge_xml_error;

/// The error record libxml2 hands an xmlStructuredErrorFunc: const from 2.12 on.
#if LIBXML_VERSION >= 21200
typedef const xmlError *forge_xml_error_record;
#else
typedef xmlErrorPtr forge_xml_error_record;
#endif

static inline void forge_xml_record_error(void *arg, forge_xml_error_record error) {
    forge_xml_error *sink = (forge_xml_error *)arg;
    if (sink == NULL || error == NULL || sink->set || error->level < XML_ERR_ERROR) return;
    sink->set = 1;
    sink->code = error->code;
    sink->line = error->line;
    snprintf(sink->message, sizeof sink->message, "%s", error->message ? error->message : "parse error");
}

static inline const char *forge_xml_error_message(const forge_xml_error *sink) { return sink->message; }

/// The pull callback of a reader over a stream: fills `buffer` with up to `len` bytes, answers the count,
/// 0 at the end, -1 on failure (the caller keeps its own error).
typedef int (*forge_xml_pull)(void *context, char *buffer, int len);

/// A reader pulling its bytes through `pull(context, ...)` (never closed by libxml2: the caller owns the
/// source), reporting its errors into `sink`. NULL on failure.
static inline xmlTextReaderPtr forge_xml_reader_for_pull(forge_xml_pull pull, void *context, int options, forge_xml_error *sink) {
    FORGE_XML_LOADED(NULL);
    xmlTextReaderPtr reader = forge_xml.readerForIO(pull, NULL, context, NULL, NULL, options);
    if (reader != NULL) forge_xml.setStructuredErrorHandler(reader, forge_xml_record_error, sink);
    return reader;
}

/// Whether the reader's current node's local name is `name` (a C string), without copying it.
static inline int forge_xml_local_name_is(xmlTextReaderPtr r, const char *name) {
    FORGE_XML_LOADED(0);
    const char *local = (const char *)forge_xml.constLocalName(r);
    return local != NULL && strcmp(local, name) == 0;
}

// libxml2's own failure values where it has them (-1 for the int calls, NULL for the strings).
static inline int forge_xml_read(xmlTextReaderPtr r) { FORGE_XML_LOADED(-1); return forge_xml.read(r); }
static inline int forge_xml_node_type(xmlTextReaderPtr r) { FORGE_XML_LOADED(-1); return forge_xml.nodeType(r); }
static inline const char *forge_xml_local_name(xmlTextReaderPtr r) {
    FORGE_XML_LOADED(NULL); return (const char *)forge_xml.constLocalName(r);
}
static inline const char *forge_xml_namespace_uri(xmlTextReaderPtr r) {
    FORGE_XML_LOADED(NULL); return (const char *)forge_xml.constNamespaceUri(r);
}
static inline int forge_xml_is_empty_element(xmlTextReaderPtr r) { FORGE_XML_LOADED(-1); return forge_xml.isEmptyElement(r); }
static inline int forge_xml_move_to_next_attribute(xmlTextReaderPtr r) {
    FORGE_XML_LOADED(-1); return forge_xml.moveToNextAttribute(r);
}
static inline int forge_xml_move_to_element(xmlTextReaderPtr r) { FORGE_XML_LOADED(-1); return forge_xml.moveToElement(r); }
static inline const char *forge_xml_value(xmlTextReaderPtr r) { FORGE_XML_LOADED(NULL); return (const char *)forge_xml.constValue(r); }
static inline int forge_xml_line_number(xmlTextReaderPtr r) { FORGE_XML_LOADED(0); return forge_xml.getParserLineNumber(r); }
static inline void forge_xml_free_reader(xmlTextReaderPtr r) { FORGE_XML_LOADED(); forge_xml.freeTextReader(r); }
