import ForgeHTTP
import ForgeStore

/// Turns a write refused for lack of space into 507 (README.md,
/// "Disk full").
///
/// Any `DatabaseError` `.full` a handler lets through (SQLite's answer to a
/// full filesystem; the write was rolled back, so nothing is half-written)
/// becomes 507 `{"detail": "disk full: the change was not saved; free space
/// on the server and try again"}` instead of 500 `internal error`.
/// ``ForgeStore/Database/storageFault`` keeps `/healthz` at `ok: false`
/// until a write succeeds again.
enum StorageErrors {
    /// The 507 detail.
    static let diskFull = "disk full: the change was not saved; free space on the server and try again"

    /// Whether `error` is a write refused for space (a full disk, or the read-only start).
    static func refusedForSpace(_ error: any Error) -> Bool {
        (error as? DatabaseError)?.code == .full
    }

    static func register(on router: inout APIRouter) {
        router.use { request, next in
            do {
                return try next(request)
            } catch let error as DatabaseError where refusedForSpace(error) {
                throw HTTPError(507, diskFull)
            }
        }
    }

    /// `work` as a job off the HTTP workers (``DeferredResponse``), with the
    /// same answer for a full disk as a request handled in place: 507, not
    /// the job's generic 500.
    static func job(_ work: @escaping @Sendable () throws -> Response) -> Response {
        .deferred(
            DeferredResponse.run {
                do {
                    return try HTTPMappedErrors.mapping(work)
                } catch let error as DatabaseError where refusedForSpace(error) {
                    throw HTTPError(507, diskFull)
                }
            })
    }
}
