import ForgeCore
import Foundation

/// The file name of a backup in the backups directory:
/// `forge-YYYYMMDD-HHMMSS.sqlite3`, the instant the copy was taken in UTC
/// (unambiguous across DST changes), with `-N` before the extension for the
/// second, third, … backup taken within the same second
/// (`forge-20260720-023000-2.sqlite3`). Names order by instant, then by that
/// sequence number, so sorting names sorts by time.
package struct BackupName: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The file name, e.g. `forge-20260720-023000.sqlite3`.
    package let fileName: String
    /// The instant the name encodes (whole seconds, UTC).
    package let instant: Date
    /// 1 for the first backup of its second (no suffix), 2 or more for the later ones.
    package let sequence: Int

    /// The name for `instant` (fractional seconds dropped) and `sequence` (clamped to 1 or more).
    package init(instant: Date, sequence: Int = 1) {
        let seconds = instant.timeIntervalSince1970.rounded(.down)
        self.instant = Date(timeIntervalSince1970: seconds)
        self.sequence = max(1, sequence)
        let c = Self.utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: self.instant)
        func two(_ n: Int?) -> String { n.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
        let suffix = self.sequence > 1 ? "-\(self.sequence)" : ""
        fileName =
            "forge-\(c.year ?? 0)\(two(c.month))\(two(c.day))-\(two(c.hour))\(two(c.minute))\(two(c.second))\(suffix).sqlite3"
    }

    /// The next name after `self` within the same second.
    package var next: BackupName { BackupName(instant: instant, sequence: sequence + 1) }

    /// `<directory>/<prefix>YYYYMMDD-HHMMSS[-N].sqlite3` for `instant`, with the
    /// first sequence (no suffix, then `-2`, `-3`, …) no file has yet, as
    /// backups of one second are named: two pre-upgrade copies taken within a
    /// second are `pre-upgrade-…-023000.sqlite3` and `…-023000-2.sqlite3`.
    /// The writer still links without replacing, so a name taken meanwhile fails
    /// rather than overwrites.
    package static func unusedPath(in directory: String, prefix: String, instant: Date) -> String {
        var name = BackupName(instant: instant)
        func path(_ name: BackupName) -> String { directory + "/" + prefix + name.fileName.dropFirst("forge-".count) }
        while FileManager.default.fileExists(atPath: path(name)) { name = name.next }
        return path(name)
    }

    /// Parses a file name; nil for anything that is not exactly a backup name
    /// (so `../x`, `forge.sqlite3` or a temporary file never match).
    package init?(fileName: String) {
        guard fileName.hasPrefix("forge-"), fileName.hasSuffix(".sqlite3") else { return nil }
        let bytes = Array(fileName.utf8)
        guard bytes.count >= 29, bytes[14] == UInt8(ascii: "-") else { return nil }
        let digits = bytes[6..<14] + bytes[15..<21]
        guard digits.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        var sequence = 1
        if bytes.count > 29 {
            // `-N` between the time and `.sqlite3`: N is 2 or more, no leading zero.
            let tail = bytes[21..<(bytes.count - 8)]
            guard tail.first == UInt8(ascii: "-"), tail.count <= 7,
                let n = Int(String(decoding: tail.dropFirst(), as: UTF8.self)), n >= 2
            else { return nil }
            sequence = n
        }
        func number(_ range: Range<Int>) -> Int { Int(String(decoding: bytes[range], as: UTF8.self))! }
        let comps = DateComponents(
            year: number(6..<10), month: number(10..<12), day: number(12..<14),
            hour: number(15..<17), minute: number(17..<19), second: number(19..<21))
        guard comps.isValidDate(in: Self.utc), let date = Self.utc.date(from: comps) else { return nil }
        self.init(instant: date, sequence: sequence)
        guard self.fileName == fileName else { return nil }
    }

    package var description: String { fileName }
    package static func < (a: BackupName, b: BackupName) -> Bool {
        a.instant != b.instant ? a.instant < b.instant : a.sequence < b.sequence
    }

    private static let utc: Calendar = {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = .utc
        return c
    }()
}
