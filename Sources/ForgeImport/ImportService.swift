import Dispatch
import ForgeCore
import Foundation
import Synchronization

/// Import jobs off the HTTP threads (the HTTP door): ``submit(kind:file:source:userID:)``
/// opens the ledger row (409 material: one running import per member) and
/// returns at once; the job runs on a background queue and reports progress
/// and its end to the listener (the live event stream).
package final class ImportService: Sendable {
    package let pipeline: ImportPipeline
    /// Where uploaded files wait for their job (deleted when it ends).
    package let uploads: URL
    private let queue = DispatchQueue(label: "forged.import", qos: .utility, attributes: .concurrent)
    private let listener = Mutex<(@Sendable (ImportProgress, ImportRecord?) -> Void)?>(nil)
    private let running = Mutex<Set<String>>([])

    package init(pipeline: ImportPipeline, uploads: URL) {
        self.pipeline = pipeline
        self.uploads = uploads
    }

    /// Hears every job's progress (record nil) and its end (the final record).
    package func listen(_ body: @escaping @Sendable (ImportProgress, ImportRecord?) -> Void) {
        listener.withLock { $0 = body }
    }

    /// Starts an import of `file` (which the job takes over and deletes) and returns its running record.
    /// - Throws: what ``ImportPipeline/start(kind:file:source:userID:)`` throws (the file is deleted then too).
    package func submit(kind: ImportKind, file: URL, source: String, userID: String) throws -> ImportRecord {
        let started: ImportPipeline.Started
        do {
            started = try pipeline.start(kind: kind, file: file, source: source, userID: userID)
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw error
        }
        running.withLock { _ = $0.insert(started.id) }
        let pipeline = self.pipeline
        queue.async { [self] in
            let report: @Sendable (ImportProgress) -> Void = { p in self.listener.withLock { $0 }?(p, nil) }
            _ = try? pipeline.execute(started, onProgress: report)
            try? FileManager.default.removeItem(at: started.file)
            running.withLock { _ = $0.remove(started.id) }
            if let done = try? pipeline.find(started.id, userID: nil) {
                listener.withLock { $0 }?(
                    ImportProgress(
                        importID: done.id, kind: done.kind, bytesDone: done.bytesDone, bytesTotal: done.bytesTotal,
                        rows: done.rowsDone), done)
            }
        }
        return try pipeline.find(started.id, userID: userID)!
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
