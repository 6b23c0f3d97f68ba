import Dispatch
import ForgeCore
import ForgeTrain
import Foundation
import Synchronization

/// Import jobs off the HTTP threads (the HTTP door): ``submit(kind:file:source:userID:member:unit:)``
/// opens the ledger row (409 material: one running import per member) and
/// returns at once; the job runs on a background queue and reports progress
/// and its end to the listener (the live event stream).
///
/// Each job writes two lines to the log (``Log``, the journal under systemd), never one per row:
/// `import ID started: KIND SOURCE (N bytes) for MEMBER` (` (guessed)` after KIND for `auto`) at info
/// when it is submitted, and at its end `import ID done: read …; added …` at notice or
/// `import ID failed: REASON` at warning when the file is at fault (an ``ImportError``), at error
/// when the server is (a database or disk error). An undo over HTTP (``undo(id:userID:member:)``)
/// logs `import ID undone: KIND SOURCE, removed …` at notice. Every line carries `FORGE_IMPORT_ID`, `USER_ID` and
/// `FORGE_USER` (the member's email).
package final class ImportService: Sendable {
    package let pipeline: ImportPipeline
    /// Where uploaded files wait for their job (deleted when it ends).
    package let uploads: URL
    private let queue = DispatchQueue(label: "forged.import", qos: .utility, attributes: .concurrent)
    private let listener = Mutex<(@Sendable (ImportProgress, ImportRecord?) -> Void)?>(nil)
    private let running = Mutex<Set<String>>([])
    /// Members whose upload is arriving (admitted, not yet ended): one at a time each.
    private let arriving = Mutex<Set<String>>([])

    package init(pipeline: ImportPipeline, uploads: URL) {
        self.pipeline = pipeline
        self.uploads = uploads
    }

    /// Admits one upload of `userID` before a byte of it is stored (issue 40 item 10): refused while
    /// another upload of theirs is arriving or an import of theirs runs.
    /// - Returns: the release, to run when the upload's request ends (answered or cut off).
    /// - Throws: ``ImportError/uploading`` or ``ImportError/busy(importID:)``.
    package func admitUpload(userID: String) throws -> @Sendable () -> Void {
        try arriving.withLock { members in
            guard !members.contains(userID) else { throw ImportError.uploading }
            if let job = try pipeline.running(userID: userID) { throw ImportError.busy(importID: job.id) }
            members.insert(userID)
        }
        return { [self] in _ = arriving.withLock { $0.remove(userID) } }
    }

    /// Hears every job's progress (record nil) and its end (the final record).
    package func listen(_ body: @escaping @Sendable (ImportProgress, ImportRecord?) -> Void) {
        listener.withLock { $0 = body }
    }

    /// Starts an import of `file` (which the job takes over and deletes) and returns its running record.
    /// - Parameter member: the member's email, for the log lines.
    /// - Throws: what ``ImportPipeline/start(kind:file:source:userID:unit:)`` throws (the file is deleted then too).
    package func submit(
        kind: ImportKind, file: URL, source: String, userID: String, member: String, unit: LoadUnit? = nil
    ) throws -> ImportRecord {
        let started: ImportPipeline.Started
        do {
            started = try pipeline.start(kind: kind, file: file, source: source, userID: userID, unit: unit)
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw error
        }
        running.withLock { _ = $0.insert(started.id) }
        let guessed = started.guessed ? " (guessed)" : ""
        Log.write(
            .info,
            "import \(started.id) started: \(started.kind.rawValue)\(guessed) \(started.source) "
                + "(\(Plural.count(Int(started.bytesTotal), "bytes"))) for \(member)",
            id: nil, fieldList: Self.fields(started.id, userID: userID, member: member))
        let pipeline = self.pipeline
        queue.async { [self] in
            let report: @Sendable (ImportProgress) -> Void = { p in self.listener.withLock { $0 }?(p, nil) }
            var thrown: (any Error)?
            do { _ = try pipeline.execute(started, onProgress: report) } catch { thrown = error }
            try? FileManager.default.removeItem(at: started.file)
            let done = try? pipeline.find(started.id, userID: nil)
            Self.logEnd(
                started.id, done, thrown: thrown, fields: Self.fields(started.id, userID: userID, member: member))
            if let done {
                listener.withLock { $0 }?(
                    ImportProgress(
                        importID: done.id, userID: userID, kind: done.kind, bytesDone: done.bytesDone,
                        bytesTotal: done.bytesTotal,
                        rows: done.rowsDone), done)
            }
            // Last, so that `drain()` returns only once the end is logged and announced.
            running.withLock { _ = $0.remove(started.id) }
        }
        return try pipeline.find(started.id, userID: userID)!
    }

    /// Undoes import `id` of the member (``ImportPipeline/undo(id:userID:)``) and logs it at notice.
    /// - Parameter member: the member's email, for the log line.
    /// - Throws: what ``ImportPipeline/undo(id:userID:)`` throws (nothing is logged then).
    package func undo(id: String, userID: String, member: String) throws -> ImportRecord {
        let record = try pipeline.undo(id: id, userID: userID)
        // Imported exercises go only when no other set uses them: not counted (as `forged import undo`).
        let removed = ImportReport.counts((record.report?.added ?? [:]).filter { $0.key != "exercises" })
        Log.write(
            .notice,
            "import \(id) undone: \(record.kind) \(record.source)\(removed.isEmpty ? "" : ", removed \(removed)")",
            id: nil, fieldList: Self.fields(id, userID: userID, member: member))
        return record
    }

    /// The end of a job: done (with the report's one-line summary) or failed (with the reason
    /// the ledger recorded, else the error thrown).
    private static func logEnd(
        _ id: String, _ done: ImportRecord?, thrown: (any Error)?, fields: [(key: String, value: String)]
    ) {
        if let done, done.state == "done", thrown == nil {
            let summary = done.report?.summary ?? "read \(Plural.count(done.rowsDone, "rows"))"
            Log.write(.notice, "import \(id) done: \(summary)", id: nil, fieldList: fields)
        } else {
            let reason =
                done?.error ?? thrown.map { ($0 as? ImportError)?.description ?? String(describing: $0) }
                ?? "its record was not found"
            // The member's file is at fault for an ImportError; anything else is the server's.
            let fileAtFault = thrown == nil || thrown is ImportError
            Log.write(fileAtFault ? .warning : .error, "import \(id) failed: \(reason)", id: nil, fieldList: fields)
        }
    }

    private static func fields(_ id: String, userID: String, member: String) -> [(key: String, value: String)] {
        [("FORGE_IMPORT_ID", id), ("USER_ID", userID), ("FORGE_USER", member)]
    }

    /// Jobs of this process still running.
    package var active: Int { running.withLock { $0.count } }

    /// Waits until no job of this process runs (tests, shutdown), at most `seconds`
    /// of elapsed time (`ContinuousClock`: a wall-clock step neither cuts it short nor stretches it).
    package func drain(seconds: Double = 30) {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while active > 0 && ContinuousClock.now < deadline { usleep(10_000) }
    }
}
