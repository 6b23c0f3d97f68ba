import ForgeCore
import ForgeStore
import ForgeTrain
import ForgeXML
import Foundation

/// Reads one Apple Health export for an ``ImportJob`` and writes what forged keeps through the owning
/// modules (``MetricStore``, ``CardioRecorder``), in constant memory:
///
/// - `<Record>` elements directly under `<HealthData>` (those inside a `<Correlation>` repeat them) are
///   sorted by ``HealthRecordKind``: point samples are written in batches of ``batchSize`` as they come,
///   steps and sleep are summed per day (``HealthDailyTotals``) and written at the end, heart-rate
///   samples go to a spool on disk for the workouts, everything else is counted by type as not kept.
/// - `<Workout>` elements are read with their `<WorkoutStatistics>`, inline `<WorkoutRoute>`
///   `<Location>` points (spooled) and `<FileReference>`; they are written at the end (``finish()``),
///   after the routes of the zip's `workout-routes/*.gpx` entries are read, each joined with the heart
///   rate recorded between its start and end.
///
/// Skipped one by one and listed: a date before 1900 or in the future, a value outside
/// ``IngestPlausibility``'s ranges (a negative mass, a resting heart rate of 400), a unit that does not
/// fit the type. Already there (counted in `already`): a sample of the same type, instant and value, a
/// day total for a day that has a sample of its type in the 24 hours from its local midnight, a workout with the same start (Health Auto Export pushed it, or an
/// earlier import did).
final class HealthExportReader {
    /// Point samples written per transaction.
    static let batchSize = 2000
    /// Workouts joined with their heart rate per pass over the heart-rate spool.
    static let workoutGroup = 256
    /// Workouts written per transaction.
    static let workoutsPerWrite = 32
    /// The `metrics.source` of imported samples.
    static let source = "apple_health"

    private let job: ImportJob
    private let earliest: Int
    private let latest: Int
    private var pending: [(type: String, unit: String, value: Double, at: HealthDate)] = []
    private var daily = HealthDailyTotals()
    private let heartRate: HealthSpool
    private let routes: HealthSpool
    /// gpx file name → its points in ``routes``.
    private var routeFiles: [String: Range<Int>] = [:]
    private var workouts: [HealthWorkout] = []
    private var workout: HealthWorkout?
    private var inRoute = false
    private var routeStart = 0
    /// Not-kept record counts by a hash of their type, with the type's name.
    private var notKept: [UInt64: (name: String, count: Int)] = [:]
    private var kinds: [UInt64: HealthRecordKind] = [:]
    private var addedByType: [String: Int] = [:]
    /// Whether the export is a bare export.xml (no zip, so no workout-routes folder).
    var bareXML = true
    /// Whether the root element was seen (the prolog is over).
    private(set) var inDocument = false

    init(job: ImportJob) throws {
        self.job = job
        earliest = LocalDate(year: 1900, month: 1, day: 1).dayNumber * 86_400
        latest = Int(job.clock.now().timeIntervalSince1970) + 36 * 3600
        let stateDirectory = URL(fileURLWithPath: job.db.path).deletingLastPathComponent().path
        heartRate = try HealthSpool(directory: stateDirectory)
        routes = try HealthSpool(directory: stateDirectory)
        for (name, kind) in HealthRecordKind.byType {
            kinds[name.withCString { HealthDailyTotals.sourceKey($0) }] = kind
        }
    }

    // MARK: the XML

    /// Handles one node of export.xml.
    /// - Throws: ``ImportError/notThisKind(kind:expected:)`` when the root element is not `HealthData`.
    func handle(_ node: XMLPullNode) throws -> Bool {
        switch node.kind {
        case .start:
            switch node.depth {
            case 0:
                guard node.nameIs("HealthData") else {
                    throw ImportError.notThisKind(kind: .appleHealth, expected: AppleHealthImporter.expected)
                }
                inDocument = true
            case 1:
                if node.nameIs("Record") {
                    try record(node)
                } else if node.nameIs("Workout") {
                    job.report.rowsRead += 1
                    startWorkout(node)
                    if node.isEmpty { try endWorkout() }
                }
            case 2 where workout != nil:
                if node.nameIs("WorkoutStatistics") {
                    statistics(node)
                } else if node.nameIs("WorkoutRoute") {
                    inRoute = !node.isEmpty
                    routeStart = routes.count
                }
            case 3 where inRoute:
                if node.nameIs("Location") {
                    try location(node)
                } else if node.nameIs("FileReference"), let path = node.attribute("path") {
                    workout?.routeFile = path.split(separator: "/").last.map(String.init)
                }
            default: break
            }
        case .end:
            if node.depth == 2, inRoute, node.nameIs("WorkoutRoute") {
                inRoute = false
                if routes.count > routeStart { workout?.inlineRoute = routeStart..<routes.count }
            } else if node.depth == 1, workout != nil, node.nameIs("Workout") {
                try endWorkout()
            }
        case .text: break
        }
        return true
    }

    private func record(_ node: XMLPullNode) throws {
        job.report.rowsRead += 1
        var typeKey: UInt64 = 0
        var kind = HealthRecordKind.other
        var typeName: String?
        var unit = ""
        var value: Double?
        var asleep = false
        var start: HealthDate?
        var end: HealthDate?
        var source: UInt64 = 0
        var badDate: String?
        node.forEachAttribute { name, text in
            switch name.pointee {
            case 0x74 where strcmp(name, "type") == 0:  // t
                typeKey = HealthDailyTotals.sourceKey(text)
                kind = kinds[typeKey] ?? .other
                if kind == .other, notKept[typeKey] == nil { typeName = String(cString: text) }
            case _ where kind == .other && typeKey != 0:
                break  // nothing else is needed of a type forged does not keep
            case 0x75 where strcmp(name, "unit") == 0: unit = String(cString: text)
            case 0x76 where strcmp(name, "value") == 0:
                var stop: UnsafeMutablePointer<CChar>?
                let number = strtod(text, &stop)
                if let stop, UnsafePointer(stop) != text, stop.pointee == 0 { value = number }
                asleep = HealthRecordKind.isAsleep(text)
            case 0x73 where strcmp(name, "startDate") == 0:
                start = HealthDate.parse(text)
                if start == nil { badDate = String(cString: text) }
            case 0x65 where strcmp(name, "endDate") == 0: end = HealthDate.parse(text)
            case 0x73 where strcmp(name, "sourceName") == 0 || strcmp(name, "source") == 0:
                source = HealthDailyTotals.sourceKey(text)
            default: break
            }
        }
        if case .other = kind {
            if let typeName { notKept[typeKey] = (typeName, 0) }
            notKept[typeKey]?.count += 1
            return
        }
        let line = node.line
        guard let start else {
            job.report.skip(
                line: line, reason: "unreadable_row", detail: "start date \"\(badDate ?? "")\" not understood")
            return
        }
        guard start.seconds >= earliest, start.seconds <= latest else {
            let when = start.seconds < earliest ? "is before 1900" : "is in the future"
            job.report.skip(
                line: line, reason: "impossible_value", detail: "date \(Instant.storage(start.instant)) \(when)")
            return
        }
        switch kind {
        case .point(let mapping):
            guard let value else {
                job.report.skip(line: line, reason: "unreadable_row", detail: "\(mapping.type): no numeric value")
                return
            }
            guard let canonical = HealthRecordKind.canonical(value, unit: unit, type: mapping.type) else {
                job.report.skip(line: line, reason: "unknown_unit", detail: "\(mapping.type) in \"\(unit)\"")
                return
            }
            guard IngestPlausibility.metric(mapping.type, canonical) else {
                job.report.skip(
                    line: line, reason: "impossible_value",
                    detail: "\(mapping.type) \(NumberFormat.plain(canonical)) \(mapping.unit)")
                return
            }
            pending.append((mapping.type, mapping.unit, Rounding.round2(canonical), start))
            if pending.count >= Self.batchSize { try flush() }
        case .steps:
            guard let value, value >= 0, value.isFinite else {
                job.report.skip(
                    line: line, reason: "impossible_value", detail: "steps \(value.map { "\($0)" } ?? "none")")
                return
            }
            daily.addSteps(value, start: start, source: source)
        case .sleep:
            guard let end, end.seconds >= start.seconds else {
                job.report.skip(line: line, reason: "impossible_value", detail: "sleep ending before it starts")
                return
            }
            if asleep { daily.addSleep(start: start, end: end, source: source) }
        case .heartRate:
            guard let value, unit == "count/min" || unit.isEmpty, IngestPlausibility.heartRate.contains(value) else {
                job.report.skipped["impossible_heart_rate", default: 0] += 1
                return
            }
            try heartRate.append(Double(start.seconds), value)
        case .other: break
        }
    }

    private func startWorkout(_ node: XMLPullNode) {
        var activity = ""
        var duration: Double?
        var durationUnit = "min"
        var distance: Double?
        var distanceUnit = "km"
        var energy: Double?
        var energyUnit = "kcal"
        var start: HealthDate?
        var end: HealthDate?
        var startText = ""
        node.forEachAttribute { name, text in
            let key = String(cString: name)
            switch key {
            case "workoutActivityType":
                activity = String(cString: text)
                if activity.hasPrefix("HKWorkoutActivityType") { activity.removeFirst(21) }
            case "duration": duration = Double(String(cString: text))
            case "durationUnit": durationUnit = String(cString: text)
            case "totalDistance": distance = Double(String(cString: text))
            case "totalDistanceUnit": distanceUnit = String(cString: text)
            case "totalEnergyBurned": energy = Double(String(cString: text))
            case "totalEnergyBurnedUnit": energyUnit = String(cString: text)
            case "startDate":
                start = HealthDate.parse(text)
                startText = String(cString: text)
            case "endDate": end = HealthDate.parse(text)
            default: break
            }
        }
        guard let start else {
            job.report.skip(
                line: node.line, reason: "unreadable_row", detail: "workout start date \"\(startText)\" not understood")
            workout = nil
            return
        }
        workout = HealthWorkout(
            line: node.line, activity: activity, start: start, end: end,
            durationS: duration.flatMap { HealthWorkout.seconds($0, unit: durationUnit) },
            distanceKm: distance.flatMap { HealthWorkout.kilometres($0, unit: distanceUnit) },
            kcal: energy.flatMap { HealthWorkout.kilocalories($0, unit: energyUnit) })
    }

    /// `<WorkoutStatistics type=... sum|average|maximum=... unit=...>` (exports since iOS 16): distance and
    /// energy when the workout's own attributes lack them, and heart rate.
    private func statistics(_ node: XMLPullNode) {
        var type = ""
        var unit = ""
        var sum: Double?
        var average: Double?
        var maximum: Double?
        node.forEachAttribute { name, text in
            switch String(cString: name) {
            case "type": type = String(cString: text)
            case "unit": unit = String(cString: text)
            case "sum": sum = Double(String(cString: text))
            case "average": average = Double(String(cString: text))
            case "maximum": maximum = Double(String(cString: text))
            default: break
            }
        }
        if type == "HKQuantityTypeIdentifierHeartRate", unit == "count/min" {
            workout?.avgHR = average
            workout?.maxHR = maximum
        } else if type.hasPrefix("HKQuantityTypeIdentifierDistance"), workout?.distanceKm == nil, let sum {
            workout?.distanceKm = HealthWorkout.kilometres(sum, unit: unit)
        } else if type == "HKQuantityTypeIdentifierActiveEnergyBurned", workout?.kcal == nil, let sum {
            workout?.kcal = HealthWorkout.kilocalories(sum, unit: unit)
        }
    }

    private func location(_ node: XMLPullNode) throws {
        var lat: Double?
        var lon: Double?
        node.forEachAttribute { name, text in
            if strcmp(name, "latitude") == 0 { lat = strtod(text, nil) }
            if strcmp(name, "longitude") == 0 { lon = strtod(text, nil) }
        }
        guard let lat, let lon, IngestPlausibility.latitude.contains(lat), IngestPlausibility.longitude.contains(lon)
        else { return }
        try routes.append(lat, lon)
    }

    private func endWorkout() throws {
        defer {
            workout = nil
            inRoute = false
        }
        guard let w = workout else { return }
        guard w.start.seconds >= earliest, w.start.seconds <= latest else {
            let when = w.start.seconds < earliest ? "is before 1900" : "is in the future"
            job.report.skip(
                line: w.line, reason: "impossible_value",
                detail: "workout date \(Instant.storage(w.start.instant)) \(when)")
            return
        }
        guard IngestPlausibility.workout(w.cardio(hr: [], route: [])) else {
            job.report.skip(
                line: w.line, reason: "impossible_value",
                detail: "workout \(w.name): duration, distance, energy or heart rate out of range")
            return
        }
        workouts.append(w)
    }

    // MARK: routes from the zip

    /// Reads one `workout-routes/*.gpx` entry (GPX 1.1 as the Health app writes it) into the route spool.
    /// A file that is not GPX is named in the report's warnings and left out.
    func route(named name: String, data: Data) throws {
        let file: TrackFile
        do {
            file = try TrackFileReader.read(data, zone: job.calendar.timeZone)
        } catch TrackFileError.readerUnavailable(let why) {
            throw ImportError.unreadable(why)
        } catch {
            job.report.warnings.append("\(name): \(error)")
            return
        }
        let from = routes.count
        for p in file.points {
            guard let lat = p.lat, let lon = p.lon, IngestPlausibility.latitude.contains(lat),
                IngestPlausibility.longitude.contains(lon)
            else { continue }
            try routes.append(lat, lon)
        }
        if routes.count > from { routeFiles[name] = from..<routes.count }
    }

    // MARK: writing

    /// Writes the queued point samples in one transaction.
    func flush() throws {
        guard !pending.isEmpty else { return }
        let batch = pending
        pending.removeAll(keepingCapacity: true)
        try job.write { db in for s in batch { try store(s.type, s.unit, s.value, s.at, day: false, in: db) } }
    }

    private func store(
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
    private func writeWorkouts() throws {
        var missingRoutes = 0
        defer {
            if bareXML, missingRoutes > 0 {
                job.report.warnings.append(
                    "\(missingRoutes) workouts have their routes in workout-routes/*.gpx, which a bare export.xml "
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
