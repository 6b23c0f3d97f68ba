import ForgeCore
import ForgeTrain
import ForgeXML
import Foundation

extension HealthExportReader {
    /// A `<Workout>`'s own attributes: the workout being read (nil when its start date is unreadable, skipped).
    func startWorkout(_ node: XMLReader.Node) {
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
    func statistics(_ node: XMLReader.Node) {
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

    /// An inline `<Location>` of a `<WorkoutRoute>` (exports before the gpx files), into the route spool.
    func location(_ node: XMLReader.Node) throws {
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

    /// The end of a `<Workout>`: kept for ``finish()`` when its date and figures are plausible, else skipped.
    func endWorkout() throws {
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
}
