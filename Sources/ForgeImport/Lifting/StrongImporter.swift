import ForgeStore
import ForgeTrain
import Foundation

/// Strong's CSV export (Settings → Export Data), every header generation:
///
/// - 2016: `Date,Workout Name,Exercise Name,Set Order,kg,Reps,km,Seconds,Notes`
///   (the unit in the column name; `lbs`/`mi` for imperial users; CRLF; set order from 0);
/// - 2017–2019: the same without Duration and/or RPE;
/// - `;`-separated with `Weight Unit` (`kg`/`lbs`) and `Distance Unit` columns;
/// - all-quoted `;`-separated with `"Workout #"`, `"Duration (sec)"`,
///   `"Weight (kg)"` or `"Weight (lbs)"`;
/// - the current 10- and 12-column forms
///   (`Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds[,Notes,Workout Notes],RPE`),
///   `Weight` in the lifter's own unit (some versions write lb users' loads as long kg floats such as
///   `6.80388555`),
///   `Distance` in km.
///
/// Columns are found by name, so reordered columns read the same. `Set Order`
/// `W`/`D`/`F` (`WARM_UP`, `DROP_SET`, `FAILURE` in the all-quoted form) mark warm-up, drop and failure
/// sets; `Rest Timer` rows are skipped and counted. Durations read `55s`, `38min`, `1h 5m` or seconds.
///
/// A bare `Weight` column has no unit of its own: it is the unit the member states (`--unit`), else their
/// `unit_load`, refused when the loads clearly show the other unit (``weightUnit(_:job:)``).
package struct StrongImporter: Importer {
    package var kind: ImportKind { .strong }

    package var expected: String { Self.expected }

    static let expected =
        "a Strong CSV header with Date, Workout Name, Exercise Name, Set Order and Reps columns"

    package init() {}

    package func sniff(_ probe: ImportProbe) -> Bool {
        let header = CSVHeader.sniff(probe.firstLine)
        return header.has("date", "exercise name", "set order", "reps")
    }

    /// Column positions and units of one file.
    struct Columns: Sendable {
        let date, workout, number, duration, exercise, setOrder, weight, weightUnit, reps: Int?
        let distance, distanceUnit, seconds, notes, workoutNotes, rpe: Int?
        /// Unit of the weight column when no `Weight Unit` column says it per row.
        var fileWeightUnit: String
        /// Whether the header names the weight column's unit (`kg`, `Weight (lbs)`) or a `Weight Unit`
        /// column gives it per row; a bare `Weight` does not say.
        let headerSaysUnit: Bool
        let fileDistanceUnit: String

        init(_ h: CSVHeader) {
            date = h.column("date")
            workout = h.column("workout name")
            number = h.column("workout #")
            duration = h.column("duration", "duration (sec)", "duration (s)")
            exercise = h.column("exercise name")
            setOrder = h.column("set order")
            let weightColumns = [
                ("weight", "kg"), ("weight (kg)", "kg"), ("kg", "kg"), ("weight (lbs)", "lbs"),
                ("weight (lb)", "lbs"), ("lbs", "lbs"), ("lb", "lbs"),
            ]
            let w = weightColumns.first { h.column($0.0) != nil }
            weight = w.flatMap { h.column($0.0) }
            fileWeightUnit = w?.1 ?? "kg"
            weightUnit = h.column("weight unit")
            headerSaysUnit = weightUnit != nil || (w.map { $0.0 != "weight" } ?? false)
            reps = h.column("reps")
            let distanceColumns = [
                ("distance", "km"), ("distance (km)", "km"), ("km", "km"), ("distance (mi)", "mi"),
                ("distance (miles)", "mi"), ("mi", "mi"), ("miles", "mi"), ("distance (m)", "m"),
                ("distance (meters)", "m"), ("distance (metres)", "m"),
            ]
            let d = distanceColumns.first { h.column($0.0) != nil }
            distance = d.flatMap { h.column($0.0) }
            fileDistanceUnit = d?.1 ?? "km"
            distanceUnit = h.column("distance unit")
            seconds = h.column("seconds")
            notes = h.column("notes")
            workoutNotes = h.column("workout notes")
            rpe = h.column("rpe")
        }
    }

    package func run(_ job: ImportJob) throws {
        let csv = try CSVReader(url: job.file)
        guard let first = try csv.next() else { throw ImportError.notThisKind(kind: .strong, expected: Self.expected) }
        let header = CSVHeader(first)
        guard header.has("date", "exercise name", "set order", "reps") else {
            throw ImportError.notThisKind(kind: .strong, expected: Self.expected)
        }
        var c = Columns(header)
        c.fileWeightUnit = try Self.weightUnit(c, job: job).rawValue
        var times = LocalDateTime(calendar: job.calendar)
        times.slashOrder = try SlashDateOrder.of(csv: job.file, column: c.date, named: "Date")
        // The rows are read on a second core (LiftHistoryWriter.write(reading:)) from here on.
        try LiftHistoryWriter(job: job).write { [c, times] feed in try Self.read(feed, columns: c, times: times) }
    }

    /// The unit of a bare `Weight` column (issue 38): the unit the member stated (`--unit`), never
    /// second-guessed; else the member's `unit_load`, unless the loads clearly show the other unit
    /// (``LoadUnitEvidence``), which refuses the file before anything is written. A header that names
    /// its unit answers for itself (this is then only the default for rows a `Weight Unit` leaves blank).
    /// - Throws: ``ImportError/loadUnit(assumed:other:evidence:)``; what reading the file throws.
    static func weightUnit(_ c: Columns, job: ImportJob) throws -> LoadUnit {
        if c.headerSaysUnit { return c.fileWeightUnit == "lbs" ? .lb : .kg }
        if let stated = job.statedUnit { return stated }
        let unit = try job.memberLoadUnit()
        var evidence = LoadUnitEvidence()
        let csv = try CSVReader(url: job.file)
        _ = try csv.next()
        while !evidence.isDecided, let f = try csv.next() {
            guard let load = NumberText.decimal(f[field: c.weight]) else { continue }
            evidence.add(exercise: f[field: c.exercise], load: load)
        }
        if let contradiction = evidence.contradiction(of: unit) {
            let other: LoadUnit = unit == .kg ? .lb : .kg
            throw ImportError.loadUnit(assumed: unit.rawValue, other: other.rawValue, evidence: contradiction)
        }
        return unit
    }

    /// The set kind a `Set Order` value marks: `W`/`WARM_UP` a warm-up, `D`/`DROP_SET` a drop set,
    /// `F`/`FAILURE` a failure set (every Strong form: the all-quoted `;` form writes the words), else a
    /// working set.
    static func marker(_ order: String) -> SetMarker {
        switch order.uppercased().filter({ $0.isLetter }) {
        case "W", "WARMUP": .warmup
        case "D", "DROP", "DROPSET": .drop
        case "F", "FAILURE": .failure
        default: .normal
        }
    }

    /// Reads every record after the header into `feed`: a row, or a skip with its reason.
    private static func read(_ feed: LiftRowFeed, columns c: Columns, times: LocalDateTime) throws {
        let csv = feed.csv
        var times = times
        // A workout's rows repeat its duration text: it is read once per workout
        // (`LocalDateTime.parse` keeps its own last date the same way).
        var lastDuration: (text: String, seconds: Double?) = ("", nil)
        while let f = try csv.next() {
            let line = csv.line
            let order = f[field: c.setOrder].trimmedBlanks
            let exercise = f[field: c.exercise].trimmedBlanks
            if order.lowercased() == "rest timer" || exercise.lowercased() == "rest timer" {
                try feed.skip(line: line, reason: "rest_timer", detail: "Rest Timer row")
                continue
            }
            guard let start = times.parse(f[field: c.date]) else {
                try feed.skip(
                    line: line, reason: "unreadable_row", detail: "date \"\(f[field: c.date])\" not understood")
                continue
            }
            guard !exercise.isEmpty else {
                try feed.skip(line: line, reason: "unreadable_row", detail: "no exercise name")
                continue
            }
            var name = f[field: c.workout]
            if name.trimmedBlanks.isEmpty, c.number != nil {
                name = "Workout \(f[field: c.number])"
            }
            var row = LiftRow(line: line, start: start, workoutName: name, exercise: exercise)
            let durationText = f[field: c.duration]
            if durationText != lastDuration.text { lastDuration = (durationText, NumberText.duration(durationText)) }
            row.duration = lastDuration.seconds
            row.marker = marker(order)
            let weightUnit = c.weightUnit.map { f[field: $0] } ?? c.fileWeightUnit
            if let w = NumberText.decimal(f[field: c.weight]) {
                guard let kg = UnitConversion.kilograms(w, unit: weightUnit) else {
                    try feed.skip(line: line, reason: "unreadable_row", detail: "weight unit \"\(weightUnit)\"")
                    continue
                }
                row.weightKg = kg
            }
            row.reps = NumberText.decimal(f[field: c.reps]) ?? 0
            if let s = NumberText.decimal(f[field: c.seconds]), s != 0 { row.seconds = s }
            let distanceUnit = c.distanceUnit.map { f[field: $0] } ?? c.fileDistanceUnit
            if let d = NumberText.decimal(f[field: c.distance]), d != 0 {
                row.distanceM = UnitConversion.metres(d, unit: distanceUnit) ?? d * 1000
            }
            row.rpe = NumberText.decimal(f[field: c.rpe])
            row.note = f[field: c.notes]
            row.workoutNotes = f[field: c.workoutNotes]
            try feed.add(row)
        }
    }

    package func undo(_ rows: [String: [String]], userID: String, now: Date, in db: Connection) throws {
        try LiftHistoryWriter.undo(rows, userID: userID, now: now, in: db)
    }
}
