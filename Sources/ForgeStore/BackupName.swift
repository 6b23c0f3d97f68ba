import Foundation

/// The file name of a backup in the backups directory:
/// `forge-YYYYMMDD-HHMMSS.sqlite3`, the instant the copy was taken in UTC
/// (unambiguous across DST changes; sorting names sorts by time).
public struct BackupName: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The file name, e.g. `forge-20260720-023000.sqlite3`.
    public let fileName: String
    /// The instant the name encodes (whole seconds, UTC).
    public let instant: Date

    /// The name for `instant` (fractional seconds dropped).
    public init(instant: Date) {
        let seconds = instant.timeIntervalSince1970.rounded(.down)
        self.instant = Date(timeIntervalSince1970: seconds)
        let c = Self.utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: self.instant)
        func two(_ n: Int?) -> String { n.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
        fileName = "forge-\(c.year ?? 0)\(two(c.month))\(two(c.day))-\(two(c.hour))\(two(c.minute))\(two(c.second)).sqlite3"
    }

    /// Parses a file name; nil for anything that is not exactly a backup name
    /// (so `../x`, `forge.sqlite3` or a temporary file never match).
    public init?(fileName: String) {
        let bytes = Array(fileName.utf8)
        guard bytes.count == 29, fileName.hasPrefix("forge-"), fileName.hasSuffix(".sqlite3"), bytes[14] == UInt8(ascii: "-")
        else { return nil }
        let digits = bytes[6..<14] + bytes[15..<21]
        guard digits.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        func number(_ range: Range<Int>) -> Int { Int(String(decoding: bytes[range], as: UTF8.self))! }
        let comps = DateComponents(year: number(6..<10), month: number(10..<12), day: number(12..<14),
                                   hour: number(15..<17), minute: number(17..<19), second: number(19..<21))
        guard comps.isValidDate(in: Self.utc), let date = Self.utc.date(from: comps) else { return nil }
        self.init(instant: date)
        guard self.fileName == fileName else { return nil }
    }

    public var description: String { fileName }
    public static func < (a: BackupName, b: BackupName) -> Bool { a.instant < b.instant }

    private static let utc: Calendar = {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(identifier: "UTC")!
        return c
    }()
}
