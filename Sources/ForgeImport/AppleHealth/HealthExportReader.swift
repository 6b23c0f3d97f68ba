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
///
/// The reader's parts: the XML's dispatch (here), `<Record>`s (HealthExportReader+Records.swift),
/// workouts and their routes (HealthExportReader+Workouts.swift), the writes (HealthExportReader+Writing.swift).
final class HealthExportReader {
    /// Point samples written per transaction.
    static let batchSize = 2000
    /// Workouts joined with their heart rate per pass over the heart-rate spool.
    static let workoutGroup = 256
    /// Workouts written per transaction.
    static let workoutsPerWrite = 32
    /// The `metrics.source` of imported samples.
    static let source = "apple_health"

    let job: ImportJob
    let earliest: Int
    let latest: Int
    var pending: [(type: String, unit: String, value: Double, at: HealthDate)] = []
    var daily = HealthDailyTotals()
    let heartRate: HealthSpool
    let routes: HealthSpool
    /// gpx file name → its points in ``routes``.
    var routeFiles: [String: Range<Int>] = [:]
    var workouts: [HealthWorkout] = []
    var workout: HealthWorkout?
    var inRoute = false
    var routeStart = 0
    /// Not-kept record counts by a hash of their type, with the type's name.
    var notKept: [UInt64: (name: String, count: Int)] = [:]
    var kinds: [UInt64: HealthRecordKind] = [:]
    var addedByType: [String: Int] = [:]
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

    /// Handles one node of export.xml.
    /// - Throws: ``ImportError/notThisKind(kind:expected:)`` when the root element is not `HealthData`.
    func handle(_ node: XMLReader.Node) throws -> Bool {
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
}
