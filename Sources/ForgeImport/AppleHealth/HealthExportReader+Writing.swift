import ForgeCore
import ForgeStore
import ForgeTrain
import Foundation

extension HealthExportReader {
    /// Writes the queued point samples in one transaction.
    func flush() throws {
        guard !pending.isEmpty else { return }
        let batch = pending
        pending.removeAll(keepingCapacity: true)
        try job.write { db in for s in batch { try store(s.type, s.unit, s.value, s.at, day: false, in: db) } }
    }

    /// Stores one sample (a day total when `day`), counting it as added or already there.
    func store(
        _ type: String, _ unit: String, _ value: Double, _ at: HealthDate, day: Bool, in db: Connection
    )
        throws
    {
        if let id = try MetricStore.insertImported(
            userID: job.userID, type: type, value: value, unit: unit, at: at.instant, source: Self.source,
            dayEnd: day ? at.instant.addingTimeInterval(86_400) : nil, in: db)
        {
            try job.added(table: "metrics", id: id, in: db)
            job.report.add("metrics")
            addedByType[type, default: 0] += 1
        } else {
            job.report.found("metrics")
        }
    }

    /// Writes what is left: point samples, day totals, then the workouts with their heart rate and routes;
    /// fills the report's lists.
    func finish() throws {
        try flush()
        let totals = daily.samples()
        for start in stride(from: 0, to: totals.count, by: Self.batchSize) {
            let slice = totals[start..<min(totals.count, start + Self.batchSize)]
            try job.write { db in
                for s in slice where IngestPlausibility.metric(s.type, s.value) {
                    try store(s.type, s.unit, s.value, s.at, day: true, in: db)
                }
            }
        }
        try writeWorkouts()
        if !addedByType.isEmpty {
            job.report.lists["metrics_by_type"] = addedByType.sorted { $0.key < $1.key }.map {
                "\($0.key): \($0.value)"
            }
        }
        let others = notKept.values.sorted { ($1.count, $0.name) < ($0.count, $1.name) }
        if !others.isEmpty {
            job.report.skipped["not_kept"] = others.reduce(0) { $0 + $1.count }
            job.report.lists["not_kept"] = others.map { "\($0.name): \($0.count)" }
        }
        if heartRate.count > 0 { job.report.lists["heart_rate_samples"] = ["\(heartRate.count) read for workouts"] }
    }

    /// Workouts oldest first, in groups of ``workoutGroup``: one pass over the heart-rate spool collects
    /// each group's samples (a binary search would need the file sorted, which Health does not promise).
    func writeWorkouts() throws {
        var missingRoutes = 0
        defer {
            if bareXML, missingRoutes > 0 {
                job.report.warnings.append(
                    "\(missingRoutes == 1 ? "1 workout has its route" : "\(missingRoutes) workouts have their routes") "
                        + "in workout-routes/*.gpx, which a bare export.xml "
                        + "does not carry: import the whole export.zip to keep them")
            } else if missingRoutes > 20 {
                job.report.warnings.append("\(missingRoutes - 20) more workouts' routes are not in the zip")
            }
        }
        workouts.sort { ($0.start.seconds, $0.line) < ($1.start.seconds, $1.line) }
        let now = job.clock.now()
        var index = 0
        while index < workouts.count {
            let group = Array(workouts[index..<min(workouts.count, index + Self.workoutGroup)])
            index += group.count
            var samples = [[(Double, Double)]](repeating: [], count: group.count)
            let ends = group.map { w in Double(w.end?.seconds ?? w.start.seconds + Int(w.durationS ?? 0)) }
            let low = Double(group[0].start.seconds)
            let high = ends.max() ?? low
            try heartRate.forEach { t, bpm in
                guard t >= low, t <= high else { return }
                // The group is sorted by start: the workouts that may hold t end at or after it.
                var k = Self.lastStart(atOrBefore: t, in: group)
                while k >= 0 {
                    if t <= ends[k] { samples[k].append((t, bpm)) }
                    if Double(group[k].start.seconds) < t - 86_400 { break }
                    k -= 1
                }
            }
            // A few workouts per transaction: their traces make each one a large write, and other members'
            // requests wait for the lock meanwhile.
            for chunk in stride(from: 0, to: group.count, by: Self.workoutsPerWrite) {
                try job.write { db in
                    for k in chunk..<min(group.count, chunk + Self.workoutsPerWrite) {
                        let w = group[k]
                        guard try CardioStore.session(userID: job.userID, startedAt: w.start.instant, in: db) == nil
                        else {
                            job.report.found("sessions")
                            continue
                        }
                        let start = Double(w.start.seconds)
                        let hr = samples[k].sorted { $0.0 < $1.0 }.map {
                            HRSample(t: Rounding.round1($0.0 - start), bpm: $0.1)
                        }
                        var route: [RoutePoint] = []
                        if let range = w.routeFile.flatMap({ routeFiles[$0] }) ?? w.inlineRoute {
                            try routes.forEach(from: range.lowerBound, to: range.upperBound) { lat, lon in
                                route.append(
                                    RoutePoint(
                                        lat: Rounding.halfEven(lat, places: 6), lon: Rounding.halfEven(lon, places: 6)))
                            }
                        } else if let file = w.routeFile {
                            missingRoutes += 1
                            if !bareXML, missingRoutes <= 20 {
                                job.report.warnings.append(
                                    "\(w.name) on \(w.start.localDate): route \(file) is not in the zip")
                            }
                        }
                        let outcome = try CardioRecorder.record(
                            w.cardio(hr: hr, route: route), userID: job.userID, now: now, reconcile: false, in: db)
                        guard case .created(let id) = outcome else {
                            job.report.found("sessions")
                            continue
                        }
                        try job.added(table: "sessions", id: id, in: db)
                        job.report.add("sessions")
                    }
                }
            }
        }
    }

    /// The index of the last workout of `group` (sorted by start) starting at or before `t`, or -1.
    static func lastStart(atOrBefore t: Double, in group: [HealthWorkout]) -> Int {
        var lo = 0
        var hi = group.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Double(group[mid].start.seconds) <= t { lo = mid + 1 } else { hi = mid }
        }
        return lo - 1
    }
}
