// libxml2's streaming reader (xmlTextReader), loaded on first use with
// dlopen("libxml2.so.2") so an idle forged never maps libxml2 (nor ICU).
// Not linked: the module map has no `link` line. The real Debian header
// (libxml2-dev) gives the types, the constants and, through __typeof__,
// the exact signature of every pointer resolved below.
//
// Every wrapper has a fixed signature and calls through a pointer resolved
// by dlsym; all symbols are resolved together, once, under pthread_once.
// forge_xml_load() answers whether that worked; forge_xml_problem() says why
// not. The state is static: should two object files each emit these inline
// functions, each copy loads on its own (dlopen is reference-counted and
// libxml2's initialisation idempotent), so duplicates are harmless.
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

typedef struct {
    int loaded;
    char problem[256];
    __typeof__(&xmlInitParser) initParser;
    __typeof__(&xmlSetExternalEntityLoader) setExternalEntityLoader;
    __typeof__(&xmlReaderForMemory) readerForMemory;
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
} forge_xml_api;

// Function-local statics: Swift emits a header's static inline functions
// with their static locals, but not the header's file-scope statics.
static inline forge_xml_api *forge_xml_api_state(void) {
    static forge_xml_api api;
    return &api;
}

static inline pthread_once_t *forge_xml_once(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    return &once;
}

#define forge_xml (*forge_xml_api_state())

/// The external entity loader installed process-wide: refuses every
/// entity and DTD, whatever the options (defence in depth; forged has no
/// other libxml2 user).
static inline xmlParserInputPtr forge_xml_refuse_entity(const char *url, const char *id, xmlParserCtxtPtr ctxt) {
    (void)url; (void)id; (void)ctxt;
    return NULL;
}

static inline void forge_xml_resolve(void) {
    void *h = dlopen("libxml2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (h == NULL) {
        const char *why = dlerror();
        snprintf(forge_xml.problem, sizeof forge_xml.problem, "%s", why ? why : "dlopen(libxml2.so.2) failed");
        return;
    }
    const char *missing = NULL;
#define FORGE_XML_SYM(field, name) \
    if (missing == NULL && (*(void **)&forge_xml.field = dlsym(h, name)) == NULL) missing = name;
    FORGE_XML_SYM(initParser, "xmlInitParser")
    FORGE_XML_SYM(setExternalEntityLoader, "xmlSetExternalEntityLoader")
    FORGE_XML_SYM(readerForMemory, "xmlReaderForMemory")
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
    if (missing != NULL) {
        snprintf(forge_xml.problem, sizeof forge_xml.problem, "libxml2.so.2 has no symbol %s", missing);
        return;   // the handle stays open: harmless, and nothing half-resolved is used
    }
    forge_xml.initParser();
    forge_xml.setExternalEntityLoader(forge_xml_refuse_entity);
    forge_xml.loaded = 1;
}

/// 1 when libxml2 is loaded and every symbol resolved (the first call loads it); else 0.
static inline int forge_xml_load(void) {
    pthread_once(forge_xml_once(), forge_xml_resolve);
    return forge_xml.loaded;
}

/// Why forge_xml_load() answered 0 (dlerror's text or the missing symbol).
static inline const char *forge_xml_problem(void) { return forge_xml.problem; }

/// The first error (level ≥ XML_ERR_ERROR) a reader reported; warnings are dropped.
typedef struct {
    int set;
    int code;      // xmlParserErrors
    int line;
    char message[512];
} forge_xml_error;

static inline void forge_xml_record_error(void *arg, xmlErrorPtr error) {
    forge_xml_error *sink = (forge_xml_error *)arg;
    if (sink == NULL || error == NULL || sink->set || error->level < XML_ERR_ERROR) return;
    sink->set = 1;
    sink->code = error->code;
    sink->line = error->line;
    snprintf(sink->message, sizeof sink->message, "%s", error->message ? error->message : "parse error");
}

static inline const char *forge_xml_error_message(const forge_xml_error *sink) { return sink->message; }

/// A reader over `size` bytes at `buffer` (not copied: they must outlive the
/// reader), reporting its errors into `sink` (never to stderr). NULL on failure.
static inline xmlTextReaderPtr forge_xml_reader_for_memory(const char *buffer, int size, int options, forge_xml_error *sink) {
    if (!forge_xml_load()) return NULL;
    xmlTextReaderPtr reader = forge_xml.readerForMemory(buffer, size, NULL, NULL, options);
    if (reader != NULL) forge_xml.setStructuredErrorHandler(reader, forge_xml_record_error, sink);
    return reader;
}

// The reader calls below require a reader from forge_xml_reader_for_memory (so libxml2 is loaded).
static inline int forge_xml_read(xmlTextReaderPtr r) { return forge_xml.read(r); }
static inline int forge_xml_node_type(xmlTextReaderPtr r) { return forge_xml.nodeType(r); }
static inline const char *forge_xml_local_name(xmlTextReaderPtr r) { return (const char *)forge_xml.constLocalName(r); }
static inline const char *forge_xml_namespace_uri(xmlTextReaderPtr r) { return (const char *)forge_xml.constNamespaceUri(r); }
static inline int forge_xml_is_empty_element(xmlTextReaderPtr r) { return forge_xml.isEmptyElement(r); }
static inline int forge_xml_move_to_next_attribute(xmlTextReaderPtr r) { return forge_xml.moveToNextAttribute(r); }
static inline int forge_xml_move_to_element(xmlTextReaderPtr r) { return forge_xml.moveToElement(r); }
static inline const char *forge_xml_value(xmlTextReaderPtr r) { return (const char *)forge_xml.constValue(r); }
static inline int forge_xml_line_number(xmlTextReaderPtr r) { return forge_xml.getParserLineNumber(r); }
static inline void forge_xml_free_reader(xmlTextReaderPtr r) { forge_xml.freeTextReader(r); }
