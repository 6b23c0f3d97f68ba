import ForgeCore
import ForgeHTTP
import ForgeStore
import ForgeTrain
import Foundation

/// `POST /api/sessions/import` (beyond the contract): a GPX 1.1 or TCX file,
/// as `multipart/form-data` (part `file`) or as the raw body, becomes a
/// cardio session through the same path as ingested workouts
/// (``CardioRecorder``: idempotent on the start instant, reconciled with
/// the plan, traces downsampled). The body goes to a temporary file as it
/// arrives (ForgeHTTP's spool: a form is read by libmicrohttpd's post
/// processor, only its file part kept), capped by `--max-upload` (413 past it),
/// and the file is read back whole.
///
/// Answers `{ id, duplicate, day, name, status, stats }`: `duplicate` is
/// true when a session with that start instant already existed (its traces
/// may have been back-filled). 422 `{detail}` for a file that is not
/// well-formed, not GPX/TCX, has no points, or has no timed point, for a form
/// without a file part or one that is not a well-formed form; 500
/// `{detail}` naming the package when libxml2 cannot be loaded.
enum SessionImportRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(
            .POST, "/api/sessions/import", "Import a GPX 1.1 or TCX file as a cardio session",
            access: .member, answers: ImportedCardioSession.self, errors: [413, 422, 500], upload: true,
            accepts: fileMediaTypes, spool: .routeLimit
        ) { request, principal in
            try importFile(app, request: request, caller: principal.caller)
        }
    }

    /// The `Content-Type`s the file may come as: a multipart form upload
    /// (the file in its first part), or the file itself.
    static let fileMediaTypes = [
        "multipart/form-data", "application/gpx+xml", "application/vnd.garmin.tcx+xml", "application/xml", "text/xml",
        "application/octet-stream",
    ]

    /// Reads the file (no `RequestInput`: the body is the file itself, or a
    /// form's file part, both spooled to ``Request/bodyFile`` by the server;
    /// a request built by hand may carry it in ``Request/body``) and records it in one write.
    /// - Throws: 422 `{detail}` for a form that is not well-formed or has no
    ///   file part, an empty or unusable file.
    static func importFile(_ app: ForgeApp, request: Request, caller: Caller) throws -> ImportedCardioSession {
        if let form = request.form {
            if let problem = form.problem { throw HTTPError(422, problem) }
            guard form.hasFile else { throw HTTPError(422, "no file part in the form") }
        }
        let data = try request.bodyFile.map { try Data(contentsOf: URL(fileURLWithPath: $0)) } ?? request.body
        guard !data.isEmpty else { throw HTTPError(422, "empty file") }
        let imported = try TrackImport.record(
            data, userID: caller.id, calendar: app.calendar, now: app.clock.now(), in: app.db)
        let s = imported.session
        return ImportedCardioSession(
            id: s.id, duplicate: imported.duplicate, day: s.day.description, name: s.name, status: s.status,
            stats: s.stats, skipped: imported.skipped)
    }
}

/// The answer of `POST /api/sessions/import`.
struct ImportedCardioSession: Codable, Sendable {
    let id: String
    /// True when a session with that start instant already existed.
    let duplicate: Bool
    /// The session's date (the start's local date).
    let day: String
    let name: String
    /// `completed` (matched a plan day) or `unplanned`.
    let status: String
    /// The stored `CardioStats` document (docs/contract.md §2), verbatim: its numbers
    /// keep their stored types and extra keys may appear.
    let stats: JSONValue
    /// Points and values of the file left out as impossible (a time outside
    /// 1900–2100, a latitude beyond ±90, a heart rate outside 20–250, …):
    /// the bounds `/ingest` applies (`TrackFile.plausible()`).
    let skipped: Int
}
