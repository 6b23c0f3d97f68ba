import ForgeCore
import ForgeHTTP
import ForgeStore
import Foundation
import Synchronization

/// `/healthz`, `/api/openapi.json` and the web-shell paths (docs/contract.md §3.21,
/// docs/architecture.md §16.6: `/` redirects to `/kitchen`; `/dashboard` and `/welcome` are
/// not built).
enum SystemRoutes {
    /// `{ok, build}` per the contract, plus the version, the household zone,
    /// its current UTC offset (seconds) and today's household date, so an
    /// operator can see at a glance that the zone is the one configured.
    /// `ok` is false (503) when the database does not answer or writes fail
    /// for lack of space (``ForgeStore/StorageFault``), with `reason` saying which.
    struct Health: Codable, Sendable {
        let ok: Bool
        /// Build stamp, `dev` when absent.
        let build: String
        let version: String
        /// IANA name of the household zone.
        let timezone: String
        /// The zone's current offset from UTC, seconds.
        let utcOffsetS: Int
        /// Today's household date.
        let today: String
        /// The last backup attempt, or null before the first.
        @Nullable var backup: BackupHealth?
        /// Why `ok` is false (`database not answering`, or `disk full since …:
        /// changes cannot be saved`); absent when ok.
        var reason: String?
        /// Each off-the-box copy destination (`--backup-copy-to`), in
        /// configuration order; absent when none is configured. A failing
        /// copy does not make `ok` false: the server and its local backups go on.
        var copies: [CopyHealth]?
        /// Set when the backup key cannot be read by forged (`the backup key … cannot be read by
        /// forge: every copy off the box fails; fix: chown …`), or when no destination has had a
        /// good copy for three days (`no good backup copy off the box for 4 days …`), the two joined
        /// by `; `; absent otherwise.
        var copyWarning: String?
    }

    /// One copy destination's state: `destination` as configured; `ok`
    /// whether its newest attempt succeeded; `last_good_at` (datetime) and
    /// `last_good` (the copy's name) of its newest good copy, and `age_s`
    /// (seconds since), each null before the first good copy; `error` the
    /// newest attempt's error, empty when ok or before any attempt.
    struct CopyHealth: Codable, Sendable {
        let destination: String
        let ok: Bool
        @Nullable var lastGoodAt: String?
        @Nullable var lastGood: String?
        @Nullable var ageS: Int?
        let error: String

        init(_ state: BackupCopyState, now: Date) {
            destination = state.destination
            ok = state.ok
            lastGoodAt = state.lastGood.map { Instant.wire($0.finishedAt) }
            lastGood = state.lastGood?.name
            ageS = state.age(now: now)
            error = state.error
        }
    }

    /// The newest backup attempt: `last_at` (datetime it finished), `ok`,
    /// `file` (the backup's name while that file is in this state directory's
    /// backups directory; empty when the attempt failed, the file has since
    /// been rotated away or replaced by a restore, or the database was restored
    /// from another state directory's backup), `error` (empty when ok).
    struct BackupHealth: Codable, Sendable {
        let lastAt: String
        let ok: Bool
        let file: String
        let error: String
    }

    /// `copy_warning`: a backup key this process cannot read (every copy fails), then copies
    /// missing for three days; nil when copies are not configured or all is well.
    static func copyWarning(_ copies: [BackupCopyState], app: ForgeApp) -> String? {
        guard !app.config.backupCopies.isEmpty else { return nil }
        let key = BackupKey.unreadable(at: app.config.backupKeyPath, uid: getuid(), gid: getgid())
        let stale = BackupCopyStatus.warning(copies, now: app.clock.now())
        let parts = [key, stale].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.raw(
            .GET, "/healthz", "Liveness and build stamp", access: .public, answers: Health.self,
            errors: [503]
        ) { _, _ in
            // One read per database generation (``HealthCache``): liveness and the backup ledger.
            var reachable = true
            var last: BackupRecord?
            var copies: [BackupCopyState] = []
            let destinations = app.config.backupCopies.map(\.destination.description)
            do {
                let ledger = try app.health.ledger(at: app.db.generation()) {
                    guard app.db.isReachable() else {
                        throw DatabaseError(code: .ioError, message: "database not answering")
                    }
                    return HealthCache.Ledger(
                        backup: (try? BackupStatus.last(in: app.db)) ?? nil,
                        copies: (try? BackupCopyStatus.states(destinations, in: app.db)) ?? [])
                }
                last = ledger.backup
                copies = ledger.copies
            } catch {
                reachable = false
            }
            let fault = app.db.storageFault
            let ok = reachable && fault == nil
            let zone = app.config.timeZone
            let health = Health(
                ok: ok, build: app.config.build, version: BuildInfo.version, timezone: zone.identifier,
                utcOffsetS: zone.secondsFromGMT(for: app.clock.now()), today: app.today.description,
                backup: last.map { backupHealth($0, backups: BackupJob.directory(forDatabase: app.db.path)) },
                reason: !reachable ? "database not answering" : fault?.summary,
                copies: destinations.isEmpty ? nil : copies.map { CopyHealth($0, now: app.clock.now()) },
                copyWarning: Self.copyWarning(copies, app: app))
            return .wire(health, status: ok ? 200 : 503)
        }
        router.raw(
            .GET, "/", "Redirect to the kitchen display", access: .public, answers: nil as OK.Type?,
            success: 302, produces: "text/html"
        ) { _, _ in
            .redirect("/kitchen", status: 302)
        }
        for path in ["/dashboard", "/welcome", "/welcome.html"] {
            router.raw(
                .GET, path, "Web shell page (not built in forged)", access: .public, answers: nil as OK.Type?,
                produces: "text/html", errors: [404]
            ) { _, _ in
                throw HTTPError(404, "not built")
            }
        }
    }

    /// The newest backup attempt as `/healthz` shows it; `file` only while it
    /// is on disk in `backups` (``BackupRecord/fileName(inBackups:)``).
    static func backupHealth(_ last: BackupRecord, backups: String) -> BackupHealth {
        BackupHealth(
            lastAt: Instant.wire(last.finishedAt), ok: last.ok, file: last.fileName(inBackups: backups) ?? "",
            error: last.error)
    }

    /// Registered last: the document covers every route, itself included.
    static func registerOpenAPI(_ app: ForgeApp, on router: inout APIRouter) {
        let box = RoutesBox()
        router.raw(
            .GET, "/api/openapi.json", "This OpenAPI 3.1 document", access: .public,
            answers: JSONValue.self
        ) { _, _ in
            .json(box.document(version: BuildInfo.version, serverURL: app.config.baseURL))
        }
        box.set(router)
    }
}

/// Holds the route list for the OpenAPI handler, filled once the table is
/// complete (the handler is created before the table is frozen); the
/// document is built once.
final class RoutesBox: Sendable {
    private let stored = Mutex<(routes: [RouteInfo], operations: [APIOperation], document: JSONValue?)>(([], [], nil))
    func set(_ router: APIRouter) {
        let routes = router.router.freeze().routes
        stored.withLock { $0 = (routes, router.operations, nil) }
    }
    func document(version: String, serverURL: String) -> JSONValue {
        stored.withLock { state in
            if let document = state.document { return document }
            let document = OpenAPIDocument.build(
                routes: state.routes, operations: state.operations,
                version: version, serverURL: serverURL)
            state.document = document
            return document
        }
    }
}
