import ForgeCore
import ForgeStore
import Foundation

/// One `POST /ingest` payload applied for one member (docs/contract.md §3.14, §4.14).
/// Runs inside the caller's single write transaction: a request is stored
/// whole or not at all, and each sample is one statement (never half-written).
package enum HealthIngest {
    /// Counts reported to the client.
    package struct Result: Sendable, Equatable {
        /// New metric rows, new workouts and back-filled traces.
        package var stored = 0
        /// Repeats (natural key already stored) and unusable samples or workouts.
        package var skipped = 0
        /// Sessions created or touched, in payload order.
        package var sessions: [String] = []
        package init() {}
    }

    /// Applies `payload` (`{data: {metrics?, workouts?}}`, or the inner object
    /// itself). A non-object body stores nothing. Samples of unknown metric
    /// names are ignored (not counted); every other sample or workout that
    /// cannot be used counts as `skipped`, and so does each impossible one
    /// (``IngestPlausibility``: a negative mass or duration, HR outside
    /// 20–250, a non-finite value), down to single HR trace points, which
    /// are left out of the stored trace.
    package static func apply(
        _ payload: JSONValue, userID: String, calendar: HouseholdCalendar, now: Date,
        in db: Connection
    ) throws -> Result {
        var result = Result()
        guard let top = payload.objectValue else { return result }
        let data = top["data"]?.objectValue ?? top
        for metric in data["metrics"]?.arrayValue ?? [] {
            guard let m = metric.objectValue, let name = m["name"]?.stringValue,
                let mapping = MetricMapping.named(name)
            else { continue }
            let units = m["units"]?.stringValue
            for raw in m["data"]?.arrayValue ?? [] {
                guard let sample = MetricSampleReader.read(raw, mapping: mapping, units: units, zone: calendar.timeZone)
                else {
                    result.skipped += 1
                    continue
                }
                if try insert(sample, userID: userID, in: db) { result.stored += 1 } else { result.skipped += 1 }
            }
        }
        for raw in data["workouts"]?.arrayValue ?? [] {
            var dropped = 0
            let read = HAEWorkoutReader.read(raw, calendar: calendar, droppedSamples: &dropped)
            result.skipped += dropped
            guard let workout = read else {
                result.skipped += 1
                continue
            }
            let outcome = try CardioRecorder.record(workout, userID: userID, now: now, in: db)
            if outcome.stored { result.stored += 1 } else { result.skipped += 1 }
            result.sessions.append(outcome.sessionID)
        }
        return result
    }

    /// Inserts one sample under the natural key (user, type, instant, source
    /// `hae`); false when that key is already stored.
    static func insert(_ s: IngestSample, userID: String, in db: Connection) throws -> Bool {
        try db.execute(
            """
            INSERT INTO metrics (id, user_id, type, value, unit, ts, source) VALUES (?, ?, ?, ?, ?, ?, 'hae')
            ON CONFLICT (user_id, type, ts, source) DO NOTHING
            """, [Identifier.make(), userID, s.type, s.value, s.unit, Instant.storage(s.instant)])
        return (try db.scalar("SELECT changes()") ?? 0) > 0
    }
}
