import ForgeImport
import Foundation
import Synchronization

/// What `forged import forge-server` shows on standard error while it reads and
/// writes: on a terminal, one line per table (rows and rows/s) as each is read
/// and as each is written; elsewhere (a pipe, the journal) one line at each
/// tenth of the rows written, so a log stays short.
final class MoveProgressLines: Sendable {
    private let terminal: Bool
    private let state = Mutex<
        (phaseStarted: ContinuousClock.Instant, tableStarted: ContinuousClock.Instant, lastTenth: Int)
    >((.now, .now, 0))

    init(terminal: Bool) { self.terminal = terminal }

    /// A table of the source read whole (`rows` rows).
    func read(_ table: String, rows: Int) {
        guard terminal else { return }
        let seconds = state.withLock { s in
            defer { s.tableStarted = .now }
            return (ContinuousClock.now - s.tableStarted) / .seconds(1)
        }
        write("read  \(Self.line(table, rows: rows, seconds: seconds))")
    }

    /// The writing begins (after the source is read and the backup taken).
    func startWriting() {
        state.withLock { s in
            s.phaseStarted = .now
            s.tableStarted = .now
        }
    }

    /// Where the move stands.
    func wrote(_ p: ForgeServerProgress) {
        if terminal {
            guard p.tableFinished, p.tableRows > 0 else { return }
            let seconds = state.withLock { s in
                defer { s.tableStarted = .now }
                return (ContinuousClock.now - s.tableStarted) / .seconds(1)
            }
            write("wrote \(Self.line(p.table, rows: p.tableRows, seconds: seconds))")
            return
        }
        guard p.rowsTotal > 0 else { return }
        let tenth = p.rowsDone * 10 / p.rowsTotal
        let line: String? = state.withLock { s in
            guard tenth > s.lastTenth else { return nil }
            s.lastTenth = tenth
            let seconds = max((ContinuousClock.now - s.phaseStarted) / .seconds(1), 0.001)
            return "wrote \(tenth * 10)%: \(p.rowsDone) of \(p.rowsTotal) rows (\(p.table)), "
                + "\(Int(Double(p.rowsDone) / seconds)) rows/s"
        }
        if let line { write(line) }
    }

    /// `logged_sets           30000 rows   1.2 s  25000 rows/s`.
    static func line(_ table: String, rows: Int, seconds: Double) -> String {
        table.padding(toLength: 20, withPad: " ", startingAt: 0)
            + String(format: "%7d rows %6.1f s %8.0f rows/s", rows, seconds, Double(rows) / max(seconds, 0.001))
    }

    private func write(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }
}
