import ForgeImport
import Foundation
import Synchronization

/// The import's progress on standard error: on a terminal, one redrawn line
/// (a bar, bytes, rows, rate, time left); otherwise a plain line at each tenth.
/// The time left reads `--:--` until the estimate means something
/// (``minimumEstimateSeconds`` elapsed and ``minimumEstimateFraction`` of the
/// file read): a tiny file's first line would otherwise promise `0:27 left`
/// for an import that ends in 50 ms.
final class ProgressLine: Sendable {
    /// Least time elapsed before a time left is shown: under it the start-up (opening, the
    /// first batch) dominates the rate and the estimate is noise.
    static let minimumEstimateSeconds = 1.0
    /// Least fraction of the file read before a time left is shown.
    static let minimumEstimateFraction = 0.01
    private let terminal: Bool
    private let state = Mutex<(started: ContinuousClock.Instant, lastTenth: Int, drawn: Bool)>((.now, -1, false))

    init(terminal: Bool) { self.terminal = terminal }

    func show(_ p: ImportProgress) {
        let fraction = p.bytesTotal > 0 ? min(1, Double(p.bytesDone) / Double(p.bytesTotal)) : 0
        let line: String? = state.withLock { s in
            let elapsed = (ContinuousClock.now - s.started) / .seconds(1)
            let rate = elapsed > 0 ? Double(p.rows) / elapsed : 0
            let text =
                "\(Self.mb(p.bytesDone))/\(Self.mb(p.bytesTotal)) MB, \(p.rows) rows, "
                + "\(Int(rate)) rows/s, \(Self.left(fraction: fraction, elapsed: elapsed)) left"
            if terminal {
                s.drawn = true
                let width = 24
                let done = Int(fraction * Double(width))
                let bar = String(repeating: "#", count: done) + String(repeating: "-", count: width - done)
                return "\r[\(bar)] \(Int(fraction * 100))% \(text)\u{1B}[K"
            }
            let tenth = Int(fraction * 10)
            guard tenth > s.lastTenth else { return nil }
            s.lastTenth = tenth
            return "\(tenth * 10)%: \(text)\n"
        }
        if let line { FileHandle.standardError.write(Data(line.utf8)) }
    }

    /// Ends the redrawn line.
    func end() {
        if terminal, state.withLock({ $0.drawn }) { FileHandle.standardError.write(Data("\n".utf8)) }
    }

    static func mb(_ bytes: Int64) -> String { String(format: "%.1f", Double(bytes) / 1_048_576) }

    /// The time left at `fraction` (0...1) of the file read after `elapsed` seconds, as
    /// ``clock(_:)`` reads it; `--:--` before ``minimumEstimateSeconds`` and
    /// ``minimumEstimateFraction``; `0:00` once the whole file is read.
    static func left(fraction: Double, elapsed: Double) -> String {
        if fraction >= 1 { return clock(0) }
        guard elapsed >= minimumEstimateSeconds, fraction >= minimumEstimateFraction else { return "--:--" }
        return clock(elapsed * (1 - fraction) / fraction)
    }

    /// `m:ss` of `seconds`, rounded to the second.
    static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return String(format: "%d:%02d", s / 60, s % 60)
    }
}
