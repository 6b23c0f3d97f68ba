import Foundation

/// Timestamps and dates as the original server's databases write them.
enum SourceTime {
    /// `YYYY-MM-DD`.
    static func isDate(_ text: String) -> Bool {
        let u = Array(text.utf8)
        guard u.count == 10, u[4] == 0x2D, u[7] == 0x2D else { return false }
        return [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy { (0x30...0x39).contains(u[$0]) }
    }

    /// `YYYY-MM-DD[ T]HH:MM[:SS[.ffffff]][Z|+HH[:MM]|-HH[:MM]]` through the one ISO reader
    /// (``LocalDateTime/iso(_:)``), the fraction of the second kept; no offset means UTC (as
    /// SQLAlchemy stores it in SQLite). A date without a time is not an instant here.
    static func instant(_ text: String) -> Date? {
        let t = text.trimmingCharacters(in: .whitespaces)
        guard t.utf8.count >= 16, let iso = LocalDateTime.iso(t) else { return nil }
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = .gmt
        guard let base = utc.date(from: iso.parts) else { return nil }
        return base.addingTimeInterval(iso.fraction - Double(iso.offset ?? 0))
    }
}
