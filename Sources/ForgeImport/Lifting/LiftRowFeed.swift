import Foundation

/// What a lifting file's reader hands ``LiftHistoryWriter``, in file order:
/// a row to check and write, a row the reader already skipped (counted in
/// the report under `reason`), or a warning for the report.
package enum LiftRead: Sendable {
    case row(LiftRow)
    case skipped(line: Int, reason: String, detail: String)
    case warning(String)
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
