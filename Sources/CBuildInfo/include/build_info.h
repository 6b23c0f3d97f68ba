#pragma once
#include <stddef.h>

/// Writes the running executable's GNU build-id (the linker's `--build-id`
/// note) as lowercase hex into `out` (NUL-terminated) and returns its length
/// in hex digits, or 0 when the binary carries no build-id.
size_t forge_build_id(char *out, size_t capacity);
