import ForgeCook
import ForgeCore
import ForgeHTTP
import ForgeImport
import ForgeTrain
import Foundation

/// The HTTP door of the import pipeline (issues 23–25): `POST /api/import`
/// (multipart: field `kind`, part `file`, read by ForgeHTTP's ``MultipartSpool`` as the body
/// arrives, the file part written to disk, never held in memory, up to `--max-import`; or the
/// file itself as the body with `?kind=`; 403 for the demo seat) answers 202 with the job; the job runs off
/// the HTTP threads (``ImportService``) and its progress goes out on the live
/// stream as `import` events. `GET /api/import/{id}` gives its state, bytes and
/// rows done and, at the end, the report; `DELETE /api/import/{id}` undoes it.
enum ImportRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(
            .POST, "/api/import",
            "Start an import of another app's export (multipart: kind, file, unit); 202 with the job",
            access: .member, answers: ImportJobView.self, success: 202, errors: [403, 409, 413, 415, 422],
            upload: true, accepts: fileMediaTypes, spool: .importLimit,
            admit: { _, principal in
                // Before a byte of the upload is stored: the demo, and a member whose import runs or
                // whose other upload is still arriving (the slot is held until this request ends).
                guard !principal.caller.user.isDemo else { throw HTTPError(403, "the demo cannot import") }
                return try app.imports.admitUpload(userID: principal.caller.id)
            }
        ) { request, principal in
            // The demo seat reads the household's data and writes only its own (README, "Auth, seats and
            // settings"): an import would write the shared library.
            guard !principal.caller.user.isDemo else { throw HTTPError(403, "the demo cannot import") }
            return try start(app, request, caller: principal.caller)
        }
        router.route(
            .GET, "/api/import", "The member's imports, newest first", access: .member,
            answers: ImportJobList.self
        ) { _, principal in
            ImportJobList(imports: try app.imports.pipeline.list(userID: principal.caller.id).map(ImportJobView.init))
        }
        router.route(
            .GET, "/api/import/:id", "An import's state, progress (bytes, rows) and report", access: .member,
            answers: ImportJobView.self, errors: [404]
        ) { request, principal in
            let id = request.parameter("id") ?? ""
            guard let record = try app.imports.pipeline.find(id, userID: principal.caller.id) else {
                throw ImportError.notFound(id)
            }
            return ImportJobView(record)
        }
        router.route(
            .DELETE, "/api/import/:id", "Undo an import: remove exactly what it added, recompute records",
            access: .member, answers: ImportJobView.self, errors: [404, 409]
        ) { request, principal in
            let caller = principal.caller
            return ImportJobView(
                try app.imports.undo(id: request.parameter("id") ?? "", userID: caller.id, member: caller.user.email))
        }
    }

    /// The `Content-Type`s the upload may come as: a multipart form (fields `kind`, `file`),
    /// or the file itself as the body with `?kind=` (and `?name=`).
    static let fileMediaTypes = [
        "multipart/form-data", "text/csv", "application/csv", "text/plain", "application/xml", "text/xml",
        "application/zip", "application/gzip", "application/octet-stream",
    ]

    /// Moves the uploaded file (the form's file part, which the server already wrote to the
    /// spool file while the body arrived, or the raw body) into the uploads directory and
    /// submits the job.
    /// - Throws: 403 for a `member` (form field or `?member=`) other than the signed-in member;
    ///   422 for a form that is not well-formed or ends early, a text field over 1 KiB,
    ///   more than 8 fields, a `unit` other than `kg`/`lb`, a second file part, a `Content-Type` with a parameter after its
    ///   boundary (``UploadForm/problem``), a missing or unknown `kind`, `forge-server` (a move runs on the
    ///   command line), a form without a file, an empty file, or a file that is
    ///   not the kind; 409 while another import of the member runs. Nothing is kept on a refusal.
    static func start(_ app: ForgeApp, _ request: Request, caller: Caller) throws -> ImportJobView {
        var kindText = request.query["kind"]
        var name = request.query["name"] ?? "upload"
        var member = request.query["member"]
        var unitText = request.query["unit"]
        if let form = request.form {
            if let problem = form.problem { throw HTTPError(422, problem) }
            guard form.hasFile else { throw HTTPError(422, "no file part in the form") }
            kindText = form.fields["kind"].map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? kindText
            member = form.fields["member"] ?? member
            unitText = form.fields["unit"].map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? unitText
            name = form.filename ?? name
        }
        let unit = unitText.flatMap(LoadUnit.named)
        if let unitText, unit == nil { throw HTTPError(422, "unit \"\(unitText)\" is unknown: unit must be kg or lb") }
        // An upload is the signed-in member's history (the command line's --member picks anyone's).
        if let member = member?.trimmingCharacters(in: .whitespacesAndNewlines), !member.isEmpty,
            member.lowercased() != caller.user.email.lowercased()
        {
            throw HTTPError(
                403,
                "an upload imports the signed-in member's own history (\(caller.user.email)); to import "
                    + "\(member)'s, sign in as them, or use forged import KIND FILE --member \(member) on the server")
        }
        guard let spooled = request.bodyFile else { throw HTTPError(422, "no file uploaded") }
        let uploads = app.imports.uploads
        try FileManager.default.createDirectory(at: uploads, withIntermediateDirectories: true)
        let target = uploads.appendingPathComponent("upload-\(Identifier.make())")
        try FileManager.default.moveItem(at: URL(fileURLWithPath: spooled), to: target)
        let size = (try? FileManager.default.attributesOfItem(atPath: target.path)[.size] as? NSNumber)?.intValue ?? 0
        guard let kindText, let kind = ImportKind(rawValue: kindText) else {
            try? FileManager.default.removeItem(at: target)
            // forge-server is a kind but not an upload: the pipeline refuses it (422 naming the command).
            let kinds = ImportKind.uploadable.map(\.rawValue).joined(separator: ", ")
            let problem =
                kindText == nil ? "kind is missing (a form field or ?kind=)" : "kind \"\(kindText ?? "")\" is unknown"
            throw HTTPError(422, "\(problem): kind must be one of \(kinds)")
        }
        guard size > 0 else {
            try? FileManager.default.removeItem(at: target)
            throw ImportError.empty
        }
        do {
            return ImportJobView(
                try app.imports.submit(
                    kind: kind, file: target, source: name, userID: caller.id, member: caller.user.email, unit: unit)
            )
        } catch let error as HTTPMappedError {
            // The upload's spool path is the server's business: the client sees its own file name.
            throw HTTPError(error.status, ImportPipeline.describe(error, file: target, as: name))
        }
    }

    /// An `import` event on the importing member's live streams only (never another member's
    /// or a display's): `{type, at, import}` (`import.progress` while it runs,
    /// `import.done`/`import.failed` at the end).
    static func announce(_ live: LiveEvents, _ progress: ImportProgress, _ done: ImportRecord?, at now: Date) {
        let type = done.map { "import.\($0.state)" } ?? "import.progress"
        live.publish(
            scope: LiveEvents.member(progress.userID), name: "import",
            data: [
                "type": .string(type), "at": .string(Instant.wire(now)),
                "import": [
                    "id": .string(progress.importID), "kind": .string(progress.kind),
                    "bytes_done": .int(Int(progress.bytesDone)), "bytes_total": .int(Int(progress.bytesTotal)),
                    "rows": .int(progress.rows),
                ],
            ])
    }
}

/// One import as the HTTP door shows it.
struct ImportJobView: Codable, Sendable {
    let id: String
    let kind: String
    let source: String
    /// `running`, `done`, `failed` or `undone`.
    let state: String
    let bytesTotal: Int
    let bytesDone: Int
    let rowsDone: Int
    /// The final report once done (or failed midway); null while running.
    let report: ImportReport?
    /// Why a failed import failed.
    let error: String?
    let createdAt: String
    let finishedAt: String?

    init(_ r: ImportRecord) {
        id = r.id
        kind = r.kind
        source = r.source
        state = r.state
        bytesTotal = Int(r.bytesTotal)
        bytesDone = Int(r.bytesDone)
        rowsDone = r.rowsDone
        report = r.report
        error = r.error
        createdAt = Instant.wire(stored: r.createdAt)
        finishedAt = r.finishedAt.map { Instant.wire(stored: $0) }
    }
}

/// `GET /api/import`.
struct ImportJobList: Codable, Sendable {
    let imports: [ImportJobView]
}
