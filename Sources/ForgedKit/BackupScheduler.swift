import Dispatch
import ForgeCore
import ForgeStore
import Foundation
import Synchronization

/// Runs the nightly backup for `forged serve` (one of the daemon's services:
/// `start()` after the HTTP server, `stop()` before it).
///
/// - Nightly at ``BackupSchedule`` household time; the next run is always the
///   absolute instant from ``BackupSchedule/next(after:in:)``, recomputed after
///   each run, so DST changes and clock jumps never skip or double a night.
/// - At start, when the last successful backup is missing or older than ~24 h
///   (the daemon was down at backup time), a catch-up backup runs at once.
/// - A failed backup is logged at error priority (by ``BackupJob``) and
///   retried after ``retryDelays`` (5, 15 and 60 minutes); after the last
///   retry it logs that it gives up until the next nightly run.
/// - After each good backup, ``copier`` (when destinations are configured)
///   copies it off the box; destinations whose copy failed are retried with
///   the newest local backup after the same delays. At start, a destination
///   without a good copy in the last day gets the newest local backup at once.
package final class BackupScheduler: Sendable {
    let job: BackupJob
    /// Off-the-box copies; nil without `--backup-copy-to`.
    let copier: BackupCopier?
    let schedule: BackupSchedule
    let clock: any Clock
    /// Seconds between a failure and each retry.
    let retryDelays: [TimeInterval]

    private let queue = DispatchQueue(label: "forged.backup-scheduler")
    private struct State {
        var timer: DispatchSourceTimer?
        var nextNightly = Date.distantFuture
        var retryAt: Date?
        var failures = 0
        var stopped = false
        /// Destinations whose last copy failed, the next copy retry, and how many retries ran.
        var copyPending: Set<String> = []
        var copyRetryAt: Date?
        var copyFailures = 0
    }
    private let state = Mutex(State())

    /// - Parameter clock: forged's clock (`Settings.clock`): "now" for the
    ///   nightly instant, the catch-up check, retries and the backups' names.
    ///   The timer itself waits on the system's wall clock for the difference.
    package init(
        job: BackupJob, schedule: BackupSchedule, clock: any Clock,
        retryDelays: [TimeInterval] = [300, 900, 3600], copier: BackupCopier? = nil
    ) {
        self.job = job
        self.copier = copier
        self.schedule = schedule
        self.clock = clock
        self.retryDelays = retryDelays
    }

    /// The next nightly instant (for logs and tests); `distantFuture` before `start()`.
    package var nextNightly: Date { state.withLock { $0.nextNightly } }

    /// Schedules the nightly run and, when overdue, a catch-up run now.
    package func start() {
        let now = clock.now()
        let next = schedule.next(after: now, in: job.timeZone)
        state.withLock {
            $0.nextNightly = next
            $0.stopped = false
        }
        Log.info(
            "nightly backup at \(schedule.text) \(job.timeZone.identifier); next \(Instant.storage(next)) into \(job.directory)"
        )
        let last = try? BackupStatus.lastSuccess(in: job.db)
        queue.async { [self] in
            if BackupSchedule.isOverdue(lastSuccess: last?.finishedAt, now: now) {
                Log.notice("last successful backup is older than a day or missing: backing up now")
                attempt("catch-up")
            } else {
                catchUpCopies(now: now)
            }
            arm()
        }
    }

    /// Cancels the timer and waits for a backup in progress to finish.
    package func stop() {
        let timer = state.withLock { s -> DispatchSourceTimer? in
            s.stopped = true
            defer { s.timer = nil }
            return s.timer
        }
        timer?.cancel()
        queue.sync {}
    }

    /// Destinations without a good copy in the last day get the newest local backup now.
    private func catchUpCopies(now: Date) {
        guard let copier, let newest = job.list().first else { return }
        let destinations = copier.transports.map(\.destination.description)
        let states = (try? BackupCopyStatus.states(destinations, in: job.db)) ?? []
        let stale = Set(
            states.filter { state in
                state.lastGood.map { now.timeIntervalSince($0.finishedAt) > 86_400 } ?? true
            }.map(\.destination))
        guard !stale.isEmpty else { return }
        Log.notice("no good backup copy in the last day at \(stale.sorted().joined(separator: ", ")): copying now")
        copyOff(job.directory + "/" + newest.name.fileName, only: stale)
    }

    /// Copies `file` off the box (to `only`, else everywhere); failed destinations get a retry.
    private func copyOff(_ file: String, only: Set<String>? = nil) {
        guard let copier else { return }
        noteCopies(copier.copy(file, only: only))
    }

    /// Arms a retry for the destinations whose copy failed, or clears the pending retries.
    private func noteCopies(_ records: [BackupCopyRecord]) {
        let failed = Set(records.filter { !$0.ok }.map(\.destination))
        let now = clock.now()
        state.withLock { s in
            s.copyPending = failed
            guard !failed.isEmpty else {
                s.copyFailures = 0
                s.copyRetryAt = nil
                return
            }
            if s.copyFailures < retryDelays.count {
                let retryAt = now.addingTimeInterval(retryDelays[s.copyFailures])
                s.copyRetryAt = retryAt
                s.copyFailures += 1
                Log.error(
                    "backup copy to \(failed.sorted().joined(separator: ", ")) will be retried at "
                        + "\(Instant.storage(retryAt)) (retry \(s.copyFailures) of \(retryDelays.count))",
                    id: .backupCopyFailed)
            } else {
                s.copyFailures = 0
                s.copyRetryAt = nil
                Log.error(
                    "backup copy to \(failed.sorted().joined(separator: ", ")) failed after \(retryDelays.count) "
                        + "retries; next attempt after the nightly backup", id: .backupCopyFailed)
            }
        }
    }

    /// Runs one backup on the scheduler queue; on failure arms the next retry.
    private func attempt(_ trigger: String) {
        defer {
            // `VACUUM INTO` read every page through a connection's cache, on this queue's thread.
            job.db.releaseMemory()
            MallocTuning.releaseFreeMemory()
        }
        do {
            let outcome = try job.runAndCopy(trigger: trigger, now: clock.now(), copier: copier)
            state.withLock {
                $0.failures = 0
                $0.retryAt = nil
                $0.copyFailures = 0
            }
            noteCopies(outcome.copies)
        } catch {
            let now = clock.now()
            state.withLock { s in
                if s.failures < retryDelays.count {
                    s.retryAt = now.addingTimeInterval(retryDelays[s.failures])
                    s.failures += 1
                    Log.error(
                        "backup will be retried at \(Instant.storage(s.retryAt!)) (retry \(s.failures) of \(retryDelays.count))"
                    )
                } else {
                    s.failures = 0
                    s.retryAt = nil
                    Log.error("backup failed after \(retryDelays.count) retries; next attempt at the nightly time")
                }
            }
        }
    }

    /// Fires what is due, then sets the timer for the earliest pending instant. Runs on `queue`.
    private func tick() {
        let now = clock.now()
        let (nightlyDue, retryDue, copyDue) = state.withLock { s in
            (now >= s.nextNightly, s.retryAt.map { now >= $0 } ?? false, s.copyRetryAt.map { now >= $0 } ?? false)
        }
        if nightlyDue {
            state.withLock {
                $0.nextNightly = schedule.next(after: now, in: job.timeZone)
                $0.failures = 0
                $0.retryAt = nil
            }
            attempt("nightly")
        } else if retryDue {
            state.withLock { $0.retryAt = nil }
            attempt("retry")
        } else if copyDue, let newest = job.list().first {
            let pending = state.withLock { s -> Set<String> in
                s.copyRetryAt = nil
                return s.copyPending
            }
            copyOff(job.directory + "/" + newest.name.fileName, only: pending)
        }
        arm()
    }

    /// (Re)arms the one-shot wall-clock timer. Runs on `queue`.
    private func arm() {
        state.withLock { s in
            s.timer?.cancel()
            s.timer = nil
            guard !s.stopped else { return }
            let due = min(s.nextNightly, s.retryAt ?? .distantFuture, s.copyRetryAt ?? .distantFuture)
            // Wake at least hourly so a stepped system clock is noticed.
            let delay = max(0.05, min(due.timeIntervalSince(clock.now()), 3600))
            Log.debug(
                "backup scheduler: next nightly \(Instant.storage(s.nextNightly))"
                    + (s.retryAt.map { ", retry \(Instant.storage($0)) after \(s.failures) failure(s)" } ?? "")
                    + "; waking in \(Int(delay)) s")
            let timer = DispatchSource.makeTimerSource(queue: queue)
            timer.schedule(wallDeadline: .now() + delay, leeway: .seconds(1))
            timer.setEventHandler { [weak self] in self?.tick() }
            timer.resume()
            s.timer = timer
        }
    }
}

extension BackupScheduler {
    /// The scheduler `forged serve` runs: backups of `db` into `<state-dir>/backups`
    /// at `--backup-time`, rotated by `--backup-keep-daily`/`--backup-keep-weekly`,
    /// on forged's clock (``Settings/clock``, moved by a test clock offset).
    convenience init(settings: Settings, db: Database) {
        self.init(
            job: BackupJob(db: db, retention: settings.backupRetention, timeZone: settings.timezone),
            schedule: settings.backupTime, clock: settings.clock, copier: settings.backupCopier(db: db))
    }
}
