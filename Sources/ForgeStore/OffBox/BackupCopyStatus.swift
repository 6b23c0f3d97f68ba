import ForgeCore
import Foundation

/// One destination's state, for `/healthz`, `STATUS=`, `forged backup list`
/// and `GET /api/admin/backups`.
package struct BackupCopyState: Sendable, Equatable {
    /// The destination as configured.
    package let destination: String
    /// The newest good copy there, if any.
    package let lastGood: BackupCopyRecord?
    /// The newest attempt of any outcome, if any.
    package let lastAttempt: BackupCopyRecord?
    /// The oldest attempt recorded (the start of the three-day clock when there is no good copy).
    package let firstAttemptAt: Date?

    /// Whether the newest attempt succeeded.
    package var ok: Bool { lastAttempt?.ok ?? false }
    /// The newest attempt's error; empty when it succeeded or none was made.
    package var error: String { lastAttempt.map { $0.ok ? "" : $0.error } ?? "" }

    /// Seconds since the last good copy finished, or nil when there is none.
    package func age(now: Date) -> Int? { lastGood.map { max(0, Int(now.timeIntervalSince($0.finishedAt))) } }
}

/// Reads the copy ledger (`backup_copies`).
package enum BackupCopyStatus {
    /// Without a good copy at any destination for this long (3 days), the
    /// state is flagged as a warning.
    package static let staleAfter: TimeInterval = 3 * 86_400

    /// Each destination's state, in the order given.
    /// - Throws: `DatabaseError` when the ledger cannot be read.
    package static func states(_ destinations: [String], in db: Database) throws -> [BackupCopyState] {
        try db.read { c in
            try destinations.map { destination in
                let good = try c.queryOne(
                    "SELECT * FROM backup_copies WHERE destination = ? AND ok = 1 AND \(BackupStatus.sinceRestore) ORDER BY started_at DESC, id DESC LIMIT 1",
                    [destination]
                ).map(record)
                let last = try c.queryOne(
                    "SELECT * FROM backup_copies WHERE destination = ? AND \(BackupStatus.sinceRestore) ORDER BY started_at DESC, id DESC LIMIT 1",
                    [destination]
                ).map(record)
                let first: String? = try c.scalar(
                    "SELECT min(started_at) FROM backup_copies WHERE destination = ? AND \(BackupStatus.sinceRestore)",
                    [destination])
                return BackupCopyState(
                    destination: destination, lastGood: good, lastAttempt: last,
                    firstAttemptAt: first.flatMap(Instant.parse))
            }
        }
    }

    /// For each copy name (`forge-….sqlite3.forgebak`), the destinations among
    /// `destinations` where a verified copy of it was made, in their order.
    /// - Throws: `DatabaseError` when the ledger cannot be read.
    package static func goodCopies(_ destinations: [String], in db: Database) throws -> [String: [String]] {
        guard !destinations.isEmpty else { return [:] }
        let rows = try db.read { try $0.query("SELECT DISTINCT destination, name FROM backup_copies WHERE ok = 1") }
        var out: [String: [String]] = [:]
        for row in rows {
            let destination: String = try row.get("destination")
            guard destinations.contains(destination) else { continue }
            out[try row.get("name"), default: []].append(destination)
        }
        return out.mapValues { found in destinations.filter(found.contains) }
    }

    /// The three-day warning: set when copies are configured and none of the
    /// destinations has had a good copy for ``staleAfter`` (counted from the
    /// newest good copy anywhere, else from the first attempt).
    package static func warning(_ states: [BackupCopyState], now: Date) -> String? {
        guard !states.isEmpty else { return nil }
        let newestGood = states.compactMap { $0.lastGood?.finishedAt }.max()
        guard let since = newestGood ?? states.compactMap(\.firstAttemptAt).min(),
            now.timeIntervalSince(since) >= staleAfter
        else { return nil }
        let days = Int(now.timeIntervalSince(since) / 86_400)
        return newestGood == nil
            ? "no good backup copy off the box yet, for \(days) days: see `forged backup list`"
            : "no good backup copy off the box for \(days) days (last \(Instant.storage(since))): see `forged backup list`"
    }

    /// An age in the largest whole unit: `40 s`, `12 min`, `5 h`, `3 d`.
    package static func ageText(_ seconds: Int) -> String {
        if seconds < 120 { return "\(seconds) s" }
        if seconds < 7_200 { return "\(seconds / 60) min" }
        if seconds < 172_800 { return "\(seconds / 3_600) h" }
        return "\(seconds / 86_400) d"
    }

    /// One destination in a few words: `/mnt/nas ok 5 h ago`,
    /// `rclone:b2:forge FAILED (last good 2 d ago)`, `… none yet`.
    package static func words(_ state: BackupCopyState, now: Date) -> String {
        let good = state.age(now: now).map { "\(ageText($0)) ago" }
        if state.lastAttempt == nil { return "\(state.destination) none yet" }
        if state.ok { return "\(state.destination) ok \(good ?? "")" }
        return "\(state.destination) FAILED (last good \(good ?? "never"))"
    }

    /// The `STATUS=` part: `copies: /mnt/nas ok 5 h ago, …`, led by the
    /// three-day warning when it is set; nil without destinations.
    package static func summary(_ states: [BackupCopyState], now: Date) -> String? {
        guard !states.isEmpty else { return nil }
        let list = states.map { words($0, now: now) }.joined(separator: ", ")
        return (warning(states, now: now).map { "WARNING \($0); " } ?? "") + "copies: " + list
    }

    private static func record(_ row: Row) throws -> BackupCopyRecord {
        BackupCopyRecord(
            destination: try row.get("destination"),
            startedAt: Instant.parse(try row.get("started_at")) ?? .distantPast,
            finishedAt: Instant.parse(try row.get("finished_at")) ?? .distantPast,
            name: try row.get("name"), bytes: try row.get("bytes"), sha256: try row.get("sha256"),
            ok: try row.get("ok"), error: try row.get("error"))
    }
}
