import ForgeCore
import ForgeStore
import Foundation

/// A GPX or TCX file a member uploads (docs/contract.md §3.3 `POST /api/sessions/import`;
/// issue 42): read into one workout, then recorded as a cardio session, or matched to the one
/// already recorded from the same file.
package enum TrackImport {
    /// What an import did: the session, whether it was already there, and how many points were
    /// dropped as implausible.
    package typealias Imported = (session: StoredSession, duplicate: Bool, skipped: Int)

    /// Reads `data` (GPX 1.1 or TCX) in the household's `calendar` and records it for `userID` in one
    /// write transaction.
    /// - Throws: ``TrackFileError`` for a file that cannot be read or holds no usable track (nothing
    ///   written); ``TrackImportError/sessionVanished`` when the recorded session cannot be read back;
    ///   storage errors.
    package static func record(
        _ data: Data, userID: String, calendar: HouseholdCalendar, now: Date, in database: Database
    ) throws -> Imported {
        let read = try TrackFileReader.read(data, zone: calendar.timeZone).plausible()
        let workout = try TrackWorkout.workout(read.file, calendar: calendar)
        return try database.write { db in
            let outcome = try CardioRecorder.record(workout, userID: userID, now: now, in: db)
            guard let s = try TrainingSessionStore.find(outcome.sessionID, userID: userID, in: db) else {
                throw TrackImportError.sessionVanished
            }
            if case .created = outcome { return (s, false, read.skipped) }
            return (s, true, read.skipped)
        }
    }
}

/// A track recorded but not found again in the same transaction (a fault, never the file's).
package enum TrackImportError: Error, Sendable, Equatable {
    case sessionVanished
}
