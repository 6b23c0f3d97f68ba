#pragma once
#include <sys/types.h>
#include <sys/uio.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <time.h>
#include <systemd/sd-daemon.h>
#include <systemd/sd-journal.h>

/// SD_LISTEN_FDS_START (3) as a value Swift can read whatever the macro's form.
static inline int forge_sd_listen_fds_start(void) { return SD_LISTEN_FDS_START; }

/// CLOCK_MONOTONIC now, in microseconds (the clock systemd's MONOTONIC_USEC= names).
static inline unsigned long long forge_monotonic_usec(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (unsigned long long)ts.tv_sec * 1000000ULL + (unsigned long long)ts.tv_nsec / 1000ULL;
}
