import ForgeCore
import ForgeStore
import ForgeTrain
import Foundation

/// FitNotes' body-tracker export (Android: Settings → Spreadsheet Export →
/// Export body tracker): `Date,Time,Measurement,Value,Unit`, one measurement
/// per row, read by ``FitNotesImporter`` when the file has that header.
///
/// Measurements that the contract has a metric type for become metrics
/// (source `fitnotes`, the instant read in the household zone, noon for a row
/// without a time): `Bodyweight`/`Weight` → `weight` (kg; `lbs` converted
/// exactly), `Body Fat`/`Body Fat %` → `body_fat_pct`, `Height` → `height`
/// (cm; `in`, `ft`, `m` converted), `Resting Heart Rate` → `resting_hr`.
/// Others (circumferences such as `Waist`, `Chest`) are skipped and counted
/// as `not_kept`, each name listed once; values outside the metric's
/// plausible range (``IngestPlausibility/metric(_:_:)``) as `impossible_value`.
/// A sample the member already has (same type and instant, any source, the
/// same value) is not stored twice (``MetricStore/insertImported``).
enum FitNotesBodyTracker {
    static let source = "fitnotes"

    /// True for the body-tracker header.
    static func isBodyTracker(_ h: CSVHeader) -> Bool { h.has("date", "measurement", "value") }

    /// The metric type and canonical value of a measurement, nil when the
    /// contract has no type for it (or the unit is not understood).
    static func metric(_ measurement: String, value: Double, unit: String) -> (
        type: String, value: Double, unit: String
    )? {
        let name = measurement.lowercased().filter { $0.isLetter }
        let u = unit.trimmedBlanks.lowercased()
        switch name {
        case "bodyweight", "weight", "bodymass":
            return UnitConversion.kilograms(value, unit: u).map { ("weight", $0, "kg") }
        case "bodyfat", "bodyfatpercentage", "fat":
            return u.isEmpty || u == "%" ? ("body_fat_pct", value, "%") : nil
        case "height":
            let cm: Double? =
                switch u {
                case "", "cm": value
                case "in", "inch", "inches": value * 2.54
                case "ft", "feet": value * 30.48
                case "m": value * 100
                default: nil
                }
            return cm.map { ("height", $0, "cm") }
        case "restingheartrate", "restinghr":
            return ("resting_hr", value, "bpm")
        default:
            return nil
        }
    }

    /// Reads the rest of `csv` (header `h` read) as body-tracker rows and stores them.
    static func run(_ job: ImportJob, csv: CSVReader, header h: CSVHeader) throws {
        let date = h.column("date")
        let time = h.column("time")
        let measurement = h.column("measurement")
        let valueCol = h.column("value")
        let unitCol = h.column("unit")
        var times = LocalDateTime(calendar: job.calendar)
        times.slashOrder = try SlashDateOrder.of(csv: job.file, column: date, named: "Date")
        let latest = job.clock.now().addingTimeInterval(36 * 3600)
        var notKept: Set<String> = []
        var pending: [(line: Int, type: String, value: Double, unit: String, at: Date)] = []
        func flush() throws {
            guard !pending.isEmpty else { return }
            let batch = pending
            pending.removeAll(keepingCapacity: true)
            try job.write { db in
                for s in batch {
                    if let id = try MetricStore.insertImported(
                        userID: job.userID, type: s.type, value: s.value, unit: s.unit, at: s.at, source: source,
                        anyValue: false, in: db)
                    {
                        try job.added(table: "metrics", id: id, in: db)
                        job.report.add("metrics")
                    } else {
                        job.report.found("metrics")
                    }
                }
            }
        }
        while let f = try csv.next() {
            let line = csv.line
            defer { job.progress(bytes: csv.bytesRead, rows: job.report.rowsRead) }
            job.report.rowsRead += 1
            let name = f[field: measurement].trimmedBlanks
            let when = [f[field: date].trimmedBlanks, f[field: time].trimmedBlanks].filter { !$0.isEmpty }
            guard let at = times.parse(when.joined(separator: " ")) else {
                job.report.skip(
                    line: line, reason: "unreadable_row", detail: "date \"\(f[field: date])\" not understood")
                continue
            }
            guard let value = NumberText.decimal(f[field: valueCol]) else {
                job.report.skip(line: line, reason: "unreadable_row", detail: "\(name): no value")
                continue
            }
            guard let m = metric(name, value: value, unit: f[field: unitCol]) else {
                job.report.skip(
                    line: line, reason: "not_kept", detail: "\(name) (\(f[field: unitCol])): no metric type")
                if notKept.insert(name).inserted { job.report.lists["not_kept", default: []].append(name) }
                continue
            }
            guard at <= latest, at >= job.calendar.startOfDay(LocalDate(year: 1900, month: 1, day: 1)),
                IngestPlausibility.metric(m.type, m.value)
            else {
                let on = when.joined(separator: " ")
                job.report.skip(
                    line: line, reason: "impossible_value", detail: "\(name) \(NumberFormat.plain(value)) on \(on)")
                continue
            }
            pending.append((line, m.type, m.value, m.unit, at))
            if pending.count >= 2000 { try flush() }
        }
        if let line = csv.cutOffLine {
            job.report.rowsRead += 1
            job.report.skip(line: line, reason: "cut_off", detail: CSVReader.cutOffDetail)
            job.report.warnings.append(
                "the file ends in the middle of a row (line \(line)): it looks cut off, and that row was not "
                    + "imported; import the whole export later to add it")
        }
        try flush()
    }
}
