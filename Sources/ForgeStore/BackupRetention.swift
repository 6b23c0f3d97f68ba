import ForgeCore
import Foundation

/// Which backups the rotation keeps (docs/architecture.md §11: "keep N generations").
///
/// Days and ISO weeks are the household's (the zone given to ``keep(_:timeZone:)``):
/// - **daily**: the newest backup of each of the `daily` most recent household
///   days that have a backup;
/// - **weekly**: beyond that daily window (backups older than the oldest kept
///   daily day), the newest backup of each of the `weekly` most recent ISO weeks
///   (Monday to Sunday) that have one.
/// - **recent**: the `recent` newest backups whatever their day, so a backup
///   taken by hand before trying something survives the next few (the
///   nightly catch-up, another `forged backup`, an admin backup) even on the
///   same day.
/// Everything else is deleted. Defaults: 7 daily, 4 weekly, 3 recent.
package struct BackupRetention: Sendable, Equatable {
    /// Days kept, at least 1 (so the newest backup is always kept).
    package var daily: Int
    /// Weeks kept beyond the daily window, 0 or more.
    package var weekly: Int
    /// The newest backups kept whatever their day, 1 or more.
    package var recent: Int

    /// The retention `--backup-keep-daily`, `--backup-keep-weekly` and the 3 newest ask for;
    /// values below the minimums (1, 0, 1) are raised to them.
    package init(daily: Int = 7, weekly: Int = 4, recent: Int = 3) {
        self.daily = max(1, daily)
        self.weekly = max(0, weekly)
        self.recent = max(1, recent)
    }

    /// The subset of `names` to keep; the rest may be deleted.
    package func keep(_ names: [BackupName], timeZone: TimeZone) -> Set<BackupName> {
        let calendar = HouseholdCalendar(timeZone: timeZone)
        let newestFirst = names.sorted(by: >)
        var kept = Set(newestFirst.prefix(recent))
        var days: [LocalDate] = []
        var older: [(BackupName, LocalDate)] = []
        for name in newestFirst {
            let day = calendar.date(of: name.instant)
            if days.last == day { continue }  // an older backup of a day already kept
            if days.count < daily {
                days.append(day)
                kept.insert(name)
            } else {
                older.append((name, day))
            }
        }
        var weeks: [LocalDate] = []
        for (name, day) in older {
            if weeks.last == day.monday { continue }  // an older backup of a week already kept
            guard weeks.count < weekly else { break }
            weeks.append(day.monday)
            kept.insert(name)
        }
        return kept
    }
}
