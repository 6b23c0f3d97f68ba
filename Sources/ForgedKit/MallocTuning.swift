#if canImport(Glibc)
    import CGlibcMalloc
    import ForgeCore
#endif

/// glibc malloc settings for the daemon, applied once at the start of `serve`
/// before any worker thread exists (measured in docs/performance.md, "Memory").
///
/// - **Arenas: at most 2** (`M_ARENA_MAX`). glibc gives each thread that meets
///   lock contention an arena of its own, up to 8 per core; each keeps the peak
///   of what its threads ever freed. With four HTTP workers, the coach, the
///   schedulers and SQLite the default grew four arenas holding 35 MB after a
///   mixed load on the heavy household.
/// - **mmap threshold fixed at 128 KiB** (`M_MMAP_THRESHOLD`). By default the
///   threshold rises to the size of the largest block ever freed (up to 32 MiB),
///   so after one 0.5 MB recipe-library answer every later large body came from
///   an arena and stayed there as fragmentation; fixed, a large block is mapped
///   and given back to the kernel when freed.
/// - **Trim threshold 1 MiB** (`M_TRIM_THRESHOLD`): free memory above that at
///   the top of the main heap is returned; setting it also stops glibc from
///   raising it dynamically.
///
/// `MALLOC_ARENA_MAX`, `MALLOC_MMAP_THRESHOLD_` and `MALLOC_TRIM_THRESHOLD_` in
/// the environment still win (glibc reads them before `main`; these calls are
/// skipped for a variable that is set).
enum MallocTuning {
    /// Most arenas.
    static let arenaMax: Int32 = 2
    /// Blocks at least this big (bytes) are mapped on their own.
    static let mmapThreshold: Int32 = 128 * 1024
    /// Free bytes at the top of the main heap kept before trimming.
    static let trimThreshold: Int32 = 1024 * 1024

    /// Applies the settings (a no-op where the C library is not glibc).
    static func apply(environment: [String: String]) {
        #if canImport(Glibc)
            // mallopt returns 1 on success, 0 on error (an out-of-range value); a
            // failure leaves glibc's default, which is harmless, so it is only a debug line.
            for (variable, option, value, name) in [
                ("MALLOC_ARENA_MAX", M_ARENA_MAX, arenaMax, "M_ARENA_MAX"),
                ("MALLOC_MMAP_THRESHOLD_", M_MMAP_THRESHOLD, mmapThreshold, "M_MMAP_THRESHOLD"),
                ("MALLOC_TRIM_THRESHOLD_", M_TRIM_THRESHOLD, trimThreshold, "M_TRIM_THRESHOLD"),
            ]
            where environment[variable] == nil {
                if mallopt(option, value) != 1 { Log.debug("mallopt(\(name), \(value)) failed; glibc's default stays") }
            }
        #endif
    }

    /// Gives the kernel back the free pages left in the heap by one-off work
    /// (`malloc_trim(0)`: free memory at the top of the heap, and whole free
    /// pages inside it, `MADV_DONTNEED`): once after `READY=1` (migrations,
    /// the demo seed, the route table) and after each backup (`VACUUM INTO`,
    /// its verification and the ledger). Without it the idle heap kept about
    /// 0.6 MB of start-up and 3 MB after a first start's catch-up backup
    /// (docs/performance.md, "Idle memory"). A no-op where the C library is
    /// not glibc.
    static func releaseFreeMemory() {
        #if canImport(Glibc)
            _ = malloc_trim(0)
        #endif
    }
}
