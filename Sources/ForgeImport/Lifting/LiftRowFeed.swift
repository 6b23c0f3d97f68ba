import Foundation

/// What a lifting file's reader hands ``LiftHistoryWriter``, in file order:
/// a row to check and write, or a row the reader already skipped (counted in
/// the report under `reason`).
package enum LiftRead: Sendable {
    case row(LiftRow)
    case skipped(line: Int, reason: String, detail: String)
}

/// The reading side of a lifting import (Strong, Hevy, FitNotes): used on the
/// read-ahead thread of ``LiftHistoryWriter/write(reading:)``, it passes each
/// row on with how far into the file the reader is.
package struct LiftRowFeed {
    let emitter: ReadAhead<LiftRead>.Emitter
    /// The file's reader, past its header.
    package let csv: CSVReader

    /// Passes a row on to be checked and written.
    /// - Throws: `CancellationError` once the writer has stopped.
    package func add(_ row: LiftRow) throws {
        try emitter.emit(.row(row), bytes: csv.bytesRead)
    }

    /// Passes on a row the reader cannot use, with the report's reason and detail.
    /// - Throws: `CancellationError` once the writer has stopped.
    package func skip(line: Int, reason: String, detail: String) throws {
        try emitter.emit(.skipped(line: line, reason: reason, detail: detail), bytes: csv.bytesRead)
    }
}

extension LiftHistoryWriter {
    /// Reads `job.file` on a second core while this thread checks and writes
    /// its rows, then ``finish()``es: `read` runs on a ``ReadAhead`` thread
    /// with a ``LiftRowFeed`` whose reader is past the header, and emits every
    /// record as a row or a skip. Progress (bytes, rows) goes to the job per
    /// chunk of rows.
    /// - Throws: what `read` throws (a malformed CSV) or what writing throws;
    ///   either way the reading thread has ended when this returns.
    package func write(reading read: @escaping @Sendable (LiftRowFeed) throws -> Void) throws {
        let file = job.file
        // Room for two batches of rows, so the reader runs on while a batch is written.
        let ahead = ReadAhead<LiftRead>(name: "forge-import-read", chunkSize: 256, depth: 2 * Self.batchSets / 256) {
            emitter in
            let csv = try CSVReader(url: file)
            _ = try csv.next()
            try read(LiftRowFeed(emitter: emitter, csv: csv))
        }
        defer { ahead.stop() }
        while let chunk = try ahead.next() {
            for item in chunk.items {
                switch item {
                case .row(let row): try add(row)
                case .skipped(let line, let reason, let detail):
                    job.report.rowsRead += 1
                    job.report.skip(line: line, reason: reason, detail: detail)
                }
            }
            job.progress(bytes: chunk.bytes, rows: job.report.rowsRead)
        }
        try finish()
    }
}
