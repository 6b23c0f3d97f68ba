import ForgeCore
import ForgeHousehold
import ForgeStore
import Foundation

/// A phone's push to `/ingest` (docs/contract.md §4.14; issue 42): the token names the member,
/// and the payload's samples and workouts land with the token's counters in one transaction,
/// or none of them do.
package enum IngestPush {
    /// The member whose ingest token `token` is, or nil.
    package static func owner(of token: String?, in database: Database) throws -> String? {
        try database.read { db in try HouseholdStore.ingestTokenOwner(token, in: db) }
    }

    /// Applies `payload` (``HealthIngest/apply(_:userID:calendar:now:in:)``) for the member `userID`
    /// and counts the push on their token. The token is checked again inside the transaction, so
    /// a rotation in between kills the old one at once.
    /// - Throws: ``IngestPushError/unknownToken`` (nothing written); storage errors.
    package static func apply(
        _ payload: JSONValue, token: String?, userID: String, calendar: HouseholdCalendar, now: Date,
        in database: Database
    ) throws -> HealthIngest.Result {
        try database.write { db in
            guard try HouseholdStore.ingestTokenOwner(token, in: db) == userID else {
                throw IngestPushError.unknownToken
            }
            let result = try HealthIngest.apply(payload, userID: userID, calendar: calendar, now: now, in: db)
            try HouseholdStore.recordIngestPush(userID: userID, samples: result.stored, now: now, in: db)
            return result
        }
    }
}

/// Why a push wrote nothing.
package enum IngestPushError: Error, Sendable, Equatable {
    /// The token is no member's (never issued, or rotated away).
    case unknownToken
}
