import ForgeCoach
import ForgeCore
import ForgeStore
import ForgeTrain
import Foundation

/// Checks lifting rows and writes them as forged sessions and sets through
/// ForgeTrain's write paths, for every lifting app (Strong, Hevy, FitNotes).
///
/// - One session per workout, identified by its start instant: the ledger key
///   `workout:<instant to the minute>` (``workoutKey(_:)``) makes a second
///   import of the same workout (from the same file, a later export, a
///   spreadsheet's re-save without seconds, or another app that imported it)
///   add nothing.
/// - A row is a set when it has reps above 0, a time or a distance; other rows
///   are skipped and counted (`no_reps_time_or_distance`). Impossible values
///   (a negative or over-1000 kg load, over 1000 reps, a date before 1900 or
///   in the future, a negative time or distance) skip the row (`impossible_value`).
/// - Exercise names go through ``ExerciseNameMatcher``; names that match
///   nothing become imported library exercises (listed as `new_exercises`); every name that went to
///   a library exercise is listed as `matched_exercises` (`Squat → back-squat`).
/// - Decimal RPE rounds half-to-even to the contract's integer (1...10 kept,
///   others dropped with the file's value still stored in `rpe_source`).
/// - Each batch's new workouts are written whole through
///   ``TrainingSessionStore/createImported(_:userID:ids:in:)``, triggers off;
///   records and the e1RM series (`lift_day_best`) are rebuilt once at the end
///   for the lifts written, from one read of their history
///   (``RecordStore/rebuild(userID:slugs:now:dayBests:in:)``), as if logged
///   live. Until then the batches' days have no e1RM rows; an import that
///   fails is undone set by set, with the triggers on.
///
/// Rows are written in batches of about ``batchSets`` sets (one transaction
/// each), at workout boundaries.
package final class LiftHistoryWriter {
    package static let batchSets = 5000
    /// Rows per chunk handed from the reading thread (``write(reading:)``).
    static let readChunk = 256
    /// Largest accepted load, kg, and reps (the contract's set bounds).
    package static let maxLoadKg = 1000.0
    package static let maxReps = 1000.0

    private let job: ImportJob
    private var matcher: ExerciseNameMatcher?
    private var pending: [(key: String, rows: [LiftRow])] = []
    private var pendingIndex: [String: Int] = [:]
    private var pendingSets = 0
    /// Sessions this import wrote, by workout key, with their next set number per slug.
    private var written: [String: (sessionID: String, setNo: [String: Int])] = [:]
    /// Workouts found already imported.
    private var skippedKeys: Set<String> = []
    private var slugs: Set<String> = []
    /// Session names by the file's workout name (``sessionName(_:)``).
    private var names: [String: String] = [:]
    /// Ids of the sessions and sets this import writes (consecutive, one random start).
    private var ids = IdentifierRun()
    /// The last workout key made, by its start (rows of a workout follow each other).
    private var lastKey: (start: Date, key: String)?
    private let earliest: Date
    private let latest: Date

    package init(job: ImportJob) {
        self.job = job
        let cal = job.calendar
        earliest = cal.startOfDay(LocalDate(year: 1900, month: 1, day: 1))
        latest = job.clock.now().addingTimeInterval(36 * 3600)
    }

    /// Reads `job.file` on a second core while this thread checks and writes
    /// its rows, then ``finish()``es: `read` runs on a ``ReadAhead`` thread
    /// with a ``LiftRowFeed`` whose reader is past the header, and emits every
    /// record as a row or a skip. Progress (bytes, rows) goes to the job per
    /// chunk of rows.
    /// - Throws: what `read` throws (a malformed CSV) or what writing throws;
    ///   either way the reading thread has ended when this returns.
    package func write(reading read: @escaping @Sendable (LiftRowFeed) throws -> Void) throws {
        let file = job.file
        // Room for two batches of rows, so the reader runs on while a batch is written.
        try ReadAhead<LiftRead>.reading(
            name: "forge-csv-read", chunkSize: Self.readChunk, depth: 2 * Self.batchSets / Self.readChunk,
            produce: { emitter in
                let csv = try CSVReader(url: file)
                _ = try csv.next()
                try read(LiftRowFeed(emitter: emitter, csv: csv))
                if let line = csv.cutOffLine {
                    let feed = LiftRowFeed(emitter: emitter, csv: csv)
                    try feed.skip(line: line, reason: "cut_off", detail: CSVReader.cutOffDetail)
                    try emitter.emit(.warning(Self.cutOff(line: line)), bytes: csv.bytesRead)
                }
            },
            consume: { ahead in
                while let chunk = try ahead.next() {
                    for item in chunk.items {
                        switch item {
                        case .row(let row): try add(row)
                        case .skipped(let line, let reason, let detail):
                            job.report.rowsRead += 1
                            job.report.skip(line: line, reason: reason, detail: detail)
                        case .warning(let text): job.report.warnings.append(text)
                        }
                    }
                    job.progress(bytes: chunk.bytes, rows: job.report.rowsRead)
                }
            })
        try finish()
    }

    /// The warning for a file whose last row stops short, with no line break
    /// after it (``CSVReader/cutOffLine``): most likely cut off (an interrupted
    /// download or copy). That row is skipped (`cut_off`), never stored half.
    static func cutOff(line: Int) -> String {
        "the file ends in the middle of a row (line \(line)): it looks cut off, and that row was not imported; "
            + "import the whole export later and the workout it cut short gets the rest of its sets"
    }

    /// Checks one row and queues it; skipped rows are counted in the job's report.
    package func add(_ row: LiftRow) throws {
        job.report.rowsRead += 1
        if let problem = impossible(row) {
            job.report.skip(line: row.line, reason: "impossible_value", detail: problem)
            return
        }
        let isSet = row.reps > 0 || (row.seconds ?? 0) > 0 || (row.distanceM ?? 0) > 0
        guard isSet else {
            job.report.skip(
                line: row.line, reason: "no_reps_time_or_distance", detail: "\(row.exercise): no reps, time or distance"
            )
            return
        }
        let key: String
        if let lastKey, lastKey.start == row.start {
            key = lastKey.key
        } else {
            key = Self.workoutKey(row.start)
            lastKey = (row.start, key)
        }
        if let i = pendingIndex[key] {
            pending[i].rows.append(row)
        } else {
            if pendingSets >= Self.batchSets { try flush() }
            pendingIndex[key] = pending.count
            pending.append((key, [row]))
        }
        pendingSets += 1
    }

    /// The ledger key of the workout that starts at `start`: `workout:` and the instant
    /// cut to its minute (`workout:2024-11-28T17:36:00.000Z`), so the same workout read
    /// from a file whose dates lost their seconds (a spreadsheet's short date, Hevy's
    /// minutes) is found already imported (migration 0805 cut the keys written before).
    static func workoutKey(_ start: Date) -> String {
        let minute = (start.timeIntervalSince1970 / 60).rounded(.down) * 60
        return "workout:" + Instant.storage(Date(timeIntervalSince1970: minute))
    }

    /// The reason `row` cannot be a set, or nil.
    func impossible(_ row: LiftRow) -> String? {
        if row.start < earliest { return "date \(Instant.storage(row.start)) is before 1900" }
        if row.start > latest { return "date \(Instant.storage(row.start)) is in the future" }
        if row.weightKg < 0 { return "negative load \(row.weightKg) kg" }
        if row.weightKg > Self.maxLoadKg { return "load \(row.weightKg) kg is over \(Int(Self.maxLoadKg)) kg" }
        if row.reps < 0 || row.reps > Self.maxReps { return "reps \(NumberFormat.plain(row.reps)) out of 0...1000" }
        if let s = row.seconds, s < 0 || s > 86_400 { return "time \(NumberFormat.plain(s)) s out of 0...86400" }
        if let d = row.distanceM, d < 0 || d > 1_000_000 { return "distance \(NumberFormat.plain(d)) m out of range" }
        return nil
    }

    /// Writes the queued workouts in one transaction.
    package func flush() throws {
        guard !pending.isEmpty else { return }
        let batch = pending
        pending = []
        pendingIndex = [:]
        pendingSets = 0
        try job.write { db in
            if matcher == nil { matcher = try ExerciseNameMatcher(in: db) }
            var creating: [NewWorkout] = []
            // The batch's workouts not met before, claimed in one statement.
            let claimed = try job.claim(
                batch.map(\.key).filter { written[$0] == nil && !skippedKeys.contains($0) }, in: db)
            // Set counts of the workouts earlier imports hold, in one read.
            let held = batch.filter { written[$0.key] == nil && !claimed.contains($0.key) }.map { $0.rows[0].start }
            let stored =
                try held.min().map { from in
                    try TrainingSessionStore.setCounts(userID: job.userID, from: from, to: held.max() ?? from, in: db)
                } ?? [:]
            for (key, rows) in batch {
                try write(key: key, rows: rows, claimed: claimed, stored: stored, creating: &creating, in: db)
            }
            // The batch's new workouts in one call: their sets go in with the triggers off once.
            let sessionIDs = try TrainingSessionStore.createImported(
                creating.map(\.workout), userID: job.userID, ids: &ids, in: db)
            try job.added(table: "sessions", ids: sessionIDs, in: db)
            for (new, sessionID) in zip(creating, sessionIDs) {
                job.report.add("sessions")
                job.report.add("sets", new.workout.sets.count)
                written[new.key] = (sessionID, new.setNo)
            }
        }
    }

    /// A workout of the batch not written before, with its next set number per slug.
    private struct NewWorkout {
        let key: String
        let workout: ImportedWorkout
        let setNo: [String: Int]
    }

    /// Checks the claim of one workout's rows (`claimed`: the batch's keys
    /// claimed for this import) and turns them into sets: a workout
    /// this import wrote in an earlier batch gets them at once
    /// (``TrainingSessionStore/addImported(_:to:userID:start:end:ids:in:)``); a new one
    /// is queued in `creating` for the batch's
    /// ``TrainingSessionStore/createImported(_:userID:ids:in:)``.
    private func write(
        key: String, rows: [LiftRow], claimed: Set<String>, stored: [Date: Int], creating: inout [NewWorkout],
        in db: Connection
    ) throws {
        let first = rows[0]
        let earlier = written[key]
        if earlier == nil, !claimed.contains(key) {
            try completeHeld(key: key, rows: rows, stored: stored, in: db)
            return
        }
        var setNo = earlier?.setNo ?? [:]
        let sets = try importedSets(rows, firstIndex: 0, setNo: &setNo, in: db)
        let end = first.end ?? first.duration.map { first.start.addingTimeInterval($0) } ?? first.start
        if let earlier {
            try TrainingSessionStore.addImported(
                sets, to: earlier.sessionID, userID: job.userID, start: first.start, end: end, ids: &ids, in: db)
            job.report.add("sets", sets.count)
            written[key] = (earlier.sessionID, setNo)
        } else {
            let workout = ImportedWorkout(
                day: job.calendar.date(of: first.start), name: sessionName(first.workoutName),
                startedAt: first.start, completedAt: end, notes: first.workoutNotes, sets: sets)
            creating.append(NewWorkout(key: key, workout: workout, setNo: setNo))
        }
    }

    /// A workout whose key an earlier import holds. When the sets it stored
    /// are exactly the first rows of this file's workout, in order (that file
    /// was cut off, or exported in the middle of the workout), the rest are
    /// added to its session and listed under `completed_workouts`; undo
    /// removes just those sets. Otherwise the workout is found already
    /// imported and nothing changes (a workout edited since, or the same one
    /// again).
    /// `stored`: the set counts of the batch's held workouts by start minute
    /// (``TrainingSessionStore/setCounts(userID:from:to:in:)``).
    private func completeHeld(key: String, rows: [LiftRow], stored counts: [Date: Int], in db: Connection) throws {
        let first = rows[0]
        let minute = Date(timeIntervalSince1970: (first.start.timeIntervalSince1970 / 60).rounded(.down) * 60)
        guard let count = counts[minute], count > 0, count < rows.count else {
            if skippedKeys.insert(key).inserted { job.report.found("sessions") }
            job.report.found("sets", rows.count)
            return
        }
        // The file's (lift, set number) per row, by the library as it is (no exercise created yet).
        var numbers: [String: Int] = [:]
        let fileSets: [(slug: String?, n: Int)] = rows.map { row in
            guard let slug = matcher!.match(row.exercise) else { return (nil, 0) }
            let n = (numbers[slug] ?? 0) + 1
            numbers[slug] = n
            return (slug, n)
        }
        if let stored = try TrainingSessionStore.importedWorkout(userID: job.userID, minute: minute, in: db),
            !stored.sets.isEmpty, stored.sets.count < rows.count,
            stored.sets.enumerated().allSatisfy({ i, set in fileSets[i].slug == set.slug && fileSets[i].n == set.setNo }
            )
        {
            var setNo: [String: Int] = [:]
            for set in stored.sets { setNo[set.slug] = max(setNo[set.slug] ?? 0, set.setNo) }
            let rest = Array(rows[stored.sets.count...])
            let sets = try importedSets(rest, firstIndex: stored.sets.count, setNo: &setNo, in: db)
            let end = first.end ?? first.duration.map { first.start.addingTimeInterval($0) } ?? first.start
            let added = try TrainingSessionStore.addImported(
                sets, to: stored.id, userID: job.userID, start: first.start, end: end, ids: &ids, in: db)
            try job.added(table: "sets", ids: added, in: db)
            job.report.found("sessions")
            job.report.found("sets", stored.sets.count)
            job.report.add("sets", added.count)
            job.report.lists["completed_workouts", default: []].append(
                "\(Instant.storage(first.start)) \(sessionName(first.workoutName)): "
                    + "\(Plural.count(added.count, "sets")) added to the \(stored.sets.count) an earlier import stored")
            written[key] = (stored.id, setNo)
            return
        }
        if skippedKeys.insert(key).inserted { job.report.found("sessions") }
        job.report.found("sets", rows.count)
    }

    /// Turns one workout's rows into sets, numbering each lift's sets on from
    /// `setNo`; a row's logging instant is the workout's start plus its
    /// position in the workout (`firstIndex` for the first of `rows`). Names
    /// that match nothing become imported library exercises.
    private func importedSets(
        _ rows: [LiftRow], firstIndex: Int, setNo: inout [String: Int], in db: Connection
    ) throws -> [ImportedSet] {
        var sets: [ImportedSet] = []
        sets.reserveCapacity(rows.count)
        for (offset, row) in rows.enumerated() {
            let (slug, created) = try matcher!.slug(for: row.exercise, in: db)
            if created {
                try job.added(table: "exercises", id: slug, in: db)
                job.report.add("exercises")
                job.report.lists["new_exercises", default: []].append("\(row.exercise) → \(slug)")
            }
            let n = (setNo[slug] ?? 0) + 1
            setNo[slug] = n
            let rpe = row.rpe.map { Int(Rounding.halfEven($0)) }.flatMap { (1...10).contains($0) ? $0 : nil }
            let ts = Instant.storage(row.start.addingTimeInterval(Double(firstIndex + offset)))
            let logged = LoggedSet(
                slug: slug, substitutedFor: nil, setNo: n, weight: row.weightKg,
                reps: Int(Rounding.halfEven(row.reps)), rpe: rpe, ts: ts)
            sets.append(
                ImportedSet(
                    logged: logged, marker: row.marker, seconds: row.seconds, distanceM: row.distanceM,
                    note: row.note, rpeSource: row.rpe))
            slugs.insert(slug)
        }
        return sets
    }

    /// The session name for a workout named `raw` in the file: trimmed, at
    /// most 200 characters, `Imported workout` when blank. A history repeats a
    /// few names, so the first 256 distinct ones are remembered.
    private func sessionName(_ raw: String) -> String {
        if let known = names[raw] { return known }
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        let name = String((trimmed.isEmpty ? "Imported workout" : trimmed).prefix(200))
        if names.count < 256 { names[raw] = name }
        return name
    }

    /// Writes what is queued and rebuilds the records of every lift written.
    /// - Throws: ``ImportError/nothingReadable(rows:first:)`` when every row read was unreadable (nothing
    ///   was added: the job fails, naming the first unreadable value).
    package func finish() throws {
        try flush()
        // Every name that went to a library exercise, so a member can check them (and fix the rest with
        // forged exercise merge); created ones are in new_exercises.
        for (name, slug) in matcher?.matched ?? [] {
            job.report.lists["matched_exercises", default: []].append("\(name) → \(slug)")
        }
        let report = job.report
        if report.rowsRead > 0, report.skipped["unreadable_row"] == report.rowsRead {
            let first = report.skippedRows.first { $0.reason == "unreadable_row" }
            throw ImportError.nothingReadable(
                rows: report.rowsRead, first: first.map { "line \($0.line): \($0.detail)" } ?? "")
        }
        guard !slugs.isEmpty else { return }
        let now = job.clock.now()
        // The sessions went in with the triggers off: their e1RM days are rebuilt with the records.
        try job.write { db in
            try RecordStore.rebuild(userID: job.userID, slugs: slugs, now: now, dayBests: true, in: db)
        }
        try proposeStart(now: now)
    }

    /// The plan starts from the history just written (``HistoryStart``): a proposal, active at once for a
    /// member whose `coach_approval` is `auto`, named in the report's `plan_proposal` list. A proposal the
    /// validator refuses is a warning, never a failed import.
    private func proposeStart(now: Date) throws {
        let slugs = self.slugs
        let userID = job.userID
        let outcome: (revision: ProposalRevision, changes: [PlanChange])?
        do {
            outcome = try job.write { db -> (ProposalRevision, [PlanChange])? in
                guard let member = try Member.find(userID, in: db), !member.isDemo,
                    let start = try HistoryStart.plan(
                        member: member, slugs: slugs, today: job.calendar.date(of: now), in: db)
                else { return nil }
                let revision = try ProposalStore.propose(
                    member: member, content: try .encoded(start.content), rationale: start.rationale, now: now,
                    in: db)
                return (revision, start.changes)
            }
        } catch let failure as ProposalFailure {
            job.report.warnings.append("the plan was not started from this history: \(failure)")
            return
        }
        guard let outcome else { return }
        let state =
            outcome.revision.status == "active"
            ? "revision \(outcome.revision.num) is the plan now (auto-approve)"
            : "proposal #\(outcome.revision.num) waits for approval"
        job.report.lists["plan_proposal"] =
            [state] + outcome.changes.map { "\($0.what) (\($0.why ?? ""))" }
    }

    /// Undo for every lifting kind: deletes the sets it added to workouts an
    /// earlier import wrote (their sessions' stats recomputed), the sessions
    /// it wrote (their sets go by cascade) through ``TrainingSessionStore``, rebuilds the records of the
    /// lifts they held, and removes imported exercises no set uses any more.
    package static func undo(_ rows: [String: [String]], userID: String, now: Date, in db: Connection) throws {
        var slugs: Set<String> = []
        // Sets it added to workouts an earlier import wrote: those sessions stay, with their stats as before.
        let completed = try SetStore.deleteImported(ids: rows["sets"] ?? [], userID: userID, in: db)
        slugs.formUnion(completed.slugs)
        for id in completed.sessionIDs { try TrainingSessionStore.refreshStats(id, in: db) }
        for id in rows["sessions"] ?? [] {
            slugs.formUnion(try SetStore.slugs(sessionID: id, in: db))
            try TrainingSessionStore.delete(id, userID: userID, in: db)
        }
        try RecordStore.rebuild(userID: userID, slugs: slugs, now: now, dayBests: false, in: db)
        for slug in rows["exercises"] ?? [] { try ExerciseCatalog.deleteImportedIfUnused(slug, in: db) }
    }
}

/// Numbers in report texts: `5`, `62.5`.
enum NumberFormat {
    static func plain(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}
