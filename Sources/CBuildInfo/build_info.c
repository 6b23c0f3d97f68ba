#define _GNU_SOURCE
#include "build_info.h"
#include <elf.h>
#include <link.h>
#include <string.h>

struct forge_build_id_search { char *out; size_t capacity; size_t length; };

static int forge_build_id_visit(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    struct forge_build_id_search *search = data;
    /* The first object visited is the main program. */
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type != PT_NOTE) continue;
        const char *note = (const char *)(info->dlpi_addr + ph->p_vaddr);
        const char *end = note + ph->p_memsz;
        while (note + sizeof(ElfW(Nhdr)) <= end) {
            const ElfW(Nhdr) *nh = (const ElfW(Nhdr) *)note;
            const char *name = note + sizeof(ElfW(Nhdr));
            const unsigned char *desc = (const unsigned char *)(name + ((nh->n_namesz + 3) & ~3u));
            if (nh->n_type == NT_GNU_BUILD_ID && nh->n_namesz == 4 && memcmp(name, "GNU", 4) == 0) {
                static const char hex[] = "0123456789abcdef";
                size_t n = 0;
                for (size_t j = 0; j < nh->n_descsz && n + 2 < search->capacity; j++) {
                    search->out[n++] = hex[desc[j] >> 4];
                    search->out[n++] = hex[desc[j] & 15];
                }
                search->out[n] = 0;
                search->length = n;
                return 1;
            }
            note = (const char *)desc + ((nh->n_descsz + 3) & ~3u);
        }
    }
    return 1; /* only the main program */
}

size_t forge_build_id(char *out, size_t capacity) {
    if (capacity == 0) return 0;
    out[0] = 0;
    struct forge_build_id_search search = { out, capacity, 0 };
    dl_iterate_phdr(forge_build_id_visit, &search);
    return search.length;
}
