import ForgeCore
import ForgeImport
import Foundation
import Synchronization

/// What `forged import forge-server` shows on standard error while it reads and
/// writes: on a terminal, one line per table (rows and rows/s) as each is read
/// and as each is written; elsewhere (a pipe, the journal) one line at each
/// tenth of the rows written, so a log stays short. A dry run writes nothing:
/// its lines say `checked`, never `wrote`. A rate is shown only when the time
/// measured is long enough to mean one (``minimumRateSeconds``).
final class MoveProgressLines: Sendable {
    /// Shortest time whose rows/s is shown: under it the rate is mostly clock noise (`1218000 rows/s`).
    static let minimumRateSeconds = 0.1
    private let terminal: Bool
    /// `wrote`, or `checked` on a dry run.
    private let verb: String
    private let state = Mutex<
        (phaseStarted: ContinuousClock.Instant, tableStarted: ContinuousClock.Instant, lastTenth: Int)
    >((.now, .now, 0))

    init(terminal: Bool, dryRun: Bool = false) {
        self.terminal = terminal
        verb = dryRun ? "checked" : "wrote"
    }

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

    /// Where the move stands: its table (``ImportProgress/table``) and rows of all (``ImportProgress/rowsTotal``).
    func wrote(_ p: ImportProgress) {
        if terminal {
            guard let table = p.table, table.finished, table.rows > 0 else { return }
            let seconds = state.withLock { s in
                defer { s.tableStarted = .now }
                return (ContinuousClock.now - s.tableStarted) / .seconds(1)
            }
            write("\(verb) \(Self.line(table.name, rows: table.rows, seconds: seconds))")
            return
        }
        guard let total = p.rowsTotal, total > 0 else { return }
        let tenth = p.rows * 10 / total
        let line: String? = state.withLock { s in
            guard tenth > s.lastTenth else { return nil }
            s.lastTenth = tenth
            let seconds = (ContinuousClock.now - s.phaseStarted) / .seconds(1)
            return "\(verb) \(tenth * 10)%: \(p.rows) of \(total) rows (\(p.table?.name ?? ""))"
                + (Self.rate(p.rows, seconds: seconds).map { ", \($0)" } ?? "")
        }
        if let line { write(line) }
    }

    /// `logged_sets           30000 rows   1.2 s  25000 rows/s` (no rate under ``minimumRateSeconds``).
    static func line(_ table: String, rows: Int, seconds: Double) -> String {
        table.padding(toLength: 20, withPad: " ", startingAt: 0)
            + String(format: "%7d rows %6.1f s", rows, seconds)
            + (rate(rows, seconds: seconds).map { String(repeating: " ", count: max(1, 15 - $0.count)) + $0 } ?? "")
    }

    /// `25000 rows/s`, or nil when `seconds` is under ``minimumRateSeconds``.
    static func rate(_ rows: Int, seconds: Double) -> String? {
        seconds < minimumRateSeconds ? nil : String(format: "%.0f rows/s", Double(rows) / seconds)
    }

    /// The last line: `wrote 7251 rows in 2.4 s (3021 rows/s)`; on a dry run what was checked and how
    /// many rows would be carried (`checked 7251 rows in 0.0 s: 7093 would be carried`).
    static func summary(rows: Int, carried: Int, seconds: Double, dryRun: Bool) -> String {
        let rate = rate(dryRun ? rows : carried, seconds: seconds).map { " (\($0))" } ?? ""
        let time = String(format: "%.1f s", seconds)
        return dryRun
            ? "checked \(Plural.count(rows, "rows")) in \(time)\(rate): \(carried) would be carried"
            : "wrote \(Plural.count(carried, "rows")) in \(time)\(rate)"
    }

    private func write(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }
}
