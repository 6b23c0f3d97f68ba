import ForgeCore
import ForgeStore
import Foundation

/// Logging a meal to a member's own plate: the one use case behind
/// `POST /api/food/log`, MCP `log_food` and a finished cook (docs/contract.md
/// §3.15, §4.20; issue 42). Each call is one write transaction: the photos,
/// the slot's replaced logs and the new row commit together or not at all.
///
/// Where the contract makes the paths differ, the difference is a parameter:
/// MCP `log_food` passes ``Placement/adding`` and source `mcp`; a finished cook
/// logs its recipe under `client_id` `cook:<session id>` (``CookMode/finish``).
package enum MealLog {
    /// How a new log sits among the member's logs of its day and slot.
    package enum Placement: Sendable, Equatable {
        /// Breakfast, lunch and dinner replace that slot's earlier logs of the day (the app, a cook); snacks add.
        case replacingSlot
        /// Always added beside what is there (MCP `log_food`, §4.20).
        case adding
    }

    /// Logs `input` to `userID`'s plate.
    ///
    /// A repeated `client_id` answers the first log (`duplicate: true`, that day's
    /// totals) and writes nothing, not even its photos. Otherwise the `data:`
    /// photos are stored (``MealPhotos/materialise(_:owner:now:in:)``) and the
    /// meal is logged by the rules of ``MealLogStore/log(_:userID:replace:now:in:)``.
    /// - Parameters:
    ///   - input: the meal, already checked against the wire's limits.
    ///   - userID: the member whose plate it goes on.
    ///   - placement: ``Placement/replacingSlot`` for the app and a cook, ``Placement/adding`` for MCP.
    ///   - now: forged's clock's time, the row's and each photo's `created_at`.
    /// - Returns: the log's id (the first one's for a repeat), whether it was a repeat, the day's totals.
    /// - Throws: ``MealLogError`` or ``MealPhotos/Failure`` (nothing written); storage errors.
    package static func log(
        _ input: MealLogInput, userID: String, placement: Placement = .replacingSlot, now: Date,
        in database: Database
    ) throws -> MealLogResult {
        try database.write { db in try log(input, userID: userID, placement: placement, now: now, in: db) }
    }

    /// ``log(_:userID:placement:now:in:)-(_,_,_,_,Database)`` inside a transaction the caller holds
    /// (a finished cook logs with its session's change).
    static func log(
        _ input: MealLogInput, userID: String, placement: Placement, now: Date, in db: Connection
    ) throws -> MealLogResult {
        if let clientID = input.clientID, let original = try MealLogStore.id(clientID: clientID, userID: userID, in: db)
        {
            return MealLogResult(
                id: original, duplicate: true, totals: try MealLogStore.totals(userID: userID, day: input.day, in: db))
        }
        var stored = input
        stored.photos = try MealPhotos.materialise(input.photos, owner: userID, now: now, in: db)
        return try MealLogStore.log(stored, userID: userID, replace: placement == .replacingSlot, now: now, in: db)
    }

    /// Removes the member's log `id`.
    /// - Returns: the day the log was on and that day's totals without it.
    /// - Throws: ``MealLogError/notFound`` when the member has no log `id` (another member's included); storage errors.
    package static func remove(id: String, userID: String, in database: Database) throws -> (
        day: LocalDate, totals: DayTotals
    ) {
        try database.write { db in
            guard let day = try MealLogStore.delete(id: id, userID: userID, in: db) else { throw MealLogError.notFound }
            return (day, try MealLogStore.totals(userID: userID, day: day, in: db))
        }
    }

    /// The member's logs on each day from `first` to `last` (days without logs are absent), oldest first within a day.
    package static func days(userID: String, from first: LocalDate, to last: LocalDate, in database: Database) throws
        -> [LocalDate: [MealLogEntry]]
    {
        try database.read { db in try MealLogStore.logs(userID: userID, from: first, to: last, in: db) }
    }
}
