// yajl's event parser (Debian libyajl-dev): recipe libraries' JSON documents are read as a stream of
// events, never held whole (Sources/ForgeCook/Library/JSONDocumentReader.swift, issue 40 item 4).
#include <yajl/yajl_parse.h>
