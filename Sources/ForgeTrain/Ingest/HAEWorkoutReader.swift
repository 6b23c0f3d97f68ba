import ForgeCore
import Foundation

/// Reads one Health Auto Export workout (docs/contract.md §4.14, traces §4.13).
package enum HAEWorkoutReader {
    /// 1 international mile in km.
    static let kmPerMile = 1.609344
    /// 1 kJ in kcal (thermochemical calorie, 4.184 J).
    static let kcalPerKJ = 0.2390057

    /// The workout, or nil without a parseable `start`/`startDate`, or when
    /// a stat is impossible (see ``read(_:calendar:droppedSamples:)``).
    package static func read(_ raw: JSONValue, calendar: HouseholdCalendar) -> CardioWorkout? {
        var dropped = 0
        return read(raw, calendar: calendar, droppedSamples: &dropped)
    }

    /// Stat fields whose value must be a finite number when given.
    static let statKeys = ["duration", "distance", "avgHeartRate", "maxHeartRate", "activeEnergyBurned"]

    /// The workout, or nil without a parseable `start`/`startDate`, or when
    /// a stat is non-finite or out of ``IngestPlausibility/workout(_:)``'s
    /// ranges (a negative duration, an average HR of 400). HR trace points
    /// outside ``IngestPlausibility/heartRate`` are left out of the trace
    /// and counted in `droppedSamples`.
    package static func read(_ raw: JSONValue, calendar: HouseholdCalendar, droppedSamples: inout Int) -> CardioWorkout?
    {
        guard let o = raw.objectValue,
            let startText = IngestValues.first(o, ["start", "startDate"])?.stringValue,
            let start = IngestTimestamp.parse(startText, zone: calendar.timeZone)
        else { return nil }
        let name =
            (o["name"]?.stringValue).flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 } ?? "Workout"
        let end = IngestValues.first(o, ["end", "endDate"])?.stringValue
            .flatMap { IngestTimestamp.parse($0, zone: calendar.timeZone)?.instant }
        guard !statKeys.contains(where: { IngestValues.isNonFinite(o[$0]) }) else { return nil }
        let duration = durationSeconds(o["duration"])
        var w = CardioWorkout(
            name: name, start: start.instant, day: start.day(in: calendar), end: end,
            durationS: duration, distanceKm: distanceKm(o["distance"]),
            avgHR: IngestValues.quantity(o["avgHeartRate"])?.value,
            maxHR: IngestValues.quantity(o["maxHeartRate"])?.value,
            kcal: energyKcal(o["activeEnergyBurned"]), source: "watch")
        guard IngestPlausibility.workout(w) else { return nil }
        let hr = heartRate(o["heartRateData"], start: start.instant, duration: duration, zone: calendar.timeZone)
        let plausible = hr.filter { IngestPlausibility.heartRate.contains($0.bpm) }
        droppedSamples += hr.count - plausible.count
        w.trace = CardioTrace(hr: plausible, route: route(o["route"]))
        return w
    }

    /// `duration`: seconds; `min` × 60; `h`/`hr` × 3600.
    static func durationSeconds(_ v: JSONValue?) -> Double? {
        guard let q = IngestValues.quantity(v) else { return nil }
        switch q.units {
        case "min", "mins", "minute", "minutes": return q.value * 60
        case "h", "hr", "hrs", "hour", "hours": return q.value * 3600
        default: return q.value
        }
    }

    /// `distance`: km; miles × 1.609344; metres ÷ 1000.
    static func distanceKm(_ v: JSONValue?) -> Double? {
        guard let q = IngestValues.quantity(v) else { return nil }
        switch q.units {
        case "mi", "mile", "miles": return q.value * kmPerMile
        case "m", "meter", "meters", "metres", "metre": return q.value / 1000
        default: return q.value
        }
    }

    /// `activeEnergyBurned`: kcal; kJ × 0.2390057.
    static func energyKcal(_ v: JSONValue?) -> Double? {
        guard let q = IngestValues.quantity(v) else { return nil }
        return q.units == "kj" ? q.value * kcalPerKJ : q.value
    }

    /// The HR trace: timed and sorted when every sample has a zone-aware
    /// time, else spread evenly over the duration (or the sample count).
    static func heartRate(_ v: JSONValue?, start: Date, duration: Double?, zone: TimeZone) -> [HRSample] {
        guard let list = v?.arrayValue else { return [] }
        var values: [(bpm: Double, time: Date?)] = []
        var allTimed = true
        for item in list {
            if let n = IngestValues.number(item) {
                values.append((n, nil))
                allTimed = false
                continue
            }
            guard let o = item.objectValue, let bpm = IngestValues.number(IngestValues.first(o, ["qty", "Avg", "avg"]))
            else { continue }
            let ts = o["date"]?.stringValue.flatMap { IngestTimestamp.parse($0, zone: zone) }
            if ts?.zoneAware != true { allTimed = false }
            values.append((bpm, ts?.instant))
        }
        guard !values.isEmpty else { return [] }
        if allTimed {
            return values.map { (bpm: $0.bpm, time: $0.time!) }
                .enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
                .map { HRSample(t: Rounding.round1($0.element.time.timeIntervalSince(start)), bpm: $0.element.bpm) }
        }
        let n = values.count
        let span = (duration ?? 0) > 0 ? duration! : Double(n)
        return values.enumerated().map { i, s in
            HRSample(t: Rounding.round1(Double(i) * span / Double(max(1, n - 1))), bpm: s.bpm)
        }
    }

    /// The route: `lat|latitude` and `lon|lng|longitude`, 6 dp; entries
    /// without both, or outside ±90/±180, are skipped.
    static func route(_ v: JSONValue?) -> [RoutePoint] {
        guard let list = v?.arrayValue else { return [] }
        return list.compactMap { item in
            guard let o = item.objectValue,
                let lat = IngestValues.number(IngestValues.first(o, ["lat", "latitude"])),
                let lon = IngestValues.number(IngestValues.first(o, ["lon", "lng", "longitude"])),
                abs(lat) <= 90, abs(lon) <= 180
            else { return nil }
            return RoutePoint(lat: Rounding.halfEven(lat, places: 6), lon: Rounding.halfEven(lon, places: 6))
        }
    }
}
