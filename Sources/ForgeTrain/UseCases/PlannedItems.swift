import ForgeCore
import ForgeStore
import Foundation

/// Items a member pencils in on a date (docs/contract.md §3.11 `/api/plan-items`; issue 42):
/// add, edit, remove. Each call is one transaction; another member's item is never found.
package enum PlannedItems {
    /// Longest title kept, characters (longer is cut).
    package static let maxTitle = 120

    /// Adds a `workout` or `meal` on `date`. A workout may name a day of the plan in force
    /// (`planDay` "0"…"6"), whose name is the title when none is given.
    /// - Parameters:
    ///   - title: trimmed and cut to ``maxTitle``.
    ///   - notes: trimmed.
    ///   - now: forged's clock's time.
    /// - Throws: ``PlannedItemError/planDayNotInPlan``, ``PlannedItemError/titleRequired`` (nothing
    ///   written); storage errors.
    package static func add(
        userID: String, date: LocalDate, kind: String, title: String?, notes: String?, planDay: String?, now: Date,
        in database: Database
    ) throws -> PlannedItem {
        let notes = (notes ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let planDay = kind == "workout" ? planDay : nil
        var title = (title ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        return try database.write { db in
            if let key = planDay {
                guard key.count == 1, let weekday = Int(key),
                    let day = try PlanStore.active(userID: userID, in: db)?.content.day(weekday)
                else { throw PlannedItemError.planDayNotInPlan }
                if title.isEmpty { title = day.name.trimmingCharacters(in: .whitespacesAndNewlines) }
            }
            title = String(title.prefix(maxTitle))
            guard !title.isEmpty else { throw PlannedItemError.titleRequired }
            return try PlannedItemStore.add(
                userID: userID, date: date, kind: kind, title: title, notes: notes, planDay: planDay, now: now, in: db)
        }
    }

    /// Replaces the title and/or notes (nil keeps each) of the member's item `id`.
    /// - Returns: the item as it now stands.
    /// - Throws: ``PlannedItemError/notFound``, ``PlannedItemError/titleRequired`` for an empty title; storage errors.
    package static func edit(
        _ id: String, userID: String, title: String?, notes: String?, in database: Database
    ) throws -> PlannedItem {
        let title = title.map { String($0.trimmingCharacters(in: .whitespacesAndNewlines).prefix(maxTitle)) }
        let notes = notes?.trimmingCharacters(in: .whitespacesAndNewlines)
        return try database.write { db in
            guard try PlannedItemStore.find(id, userID: userID, in: db) != nil else { throw PlannedItemError.notFound }
            if let title, title.isEmpty { throw PlannedItemError.titleRequired }
            try PlannedItemStore.update(id, userID: userID, title: title, notes: notes, in: db)
            guard let item = try PlannedItemStore.find(id, userID: userID, in: db) else {
                throw PlannedItemError.notFound
            }
            return item
        }
    }

    /// Removes the member's item `id`.
    /// - Throws: ``PlannedItemError/notFound``; storage errors.
    package static func remove(_ id: String, userID: String, in database: Database) throws {
        guard try database.write({ db in try PlannedItemStore.delete(id, userID: userID, in: db) }) else {
            throw PlannedItemError.notFound
        }
    }
}

/// Why a planned-item change wrote nothing.
package enum PlannedItemError: Error, Sendable, Equatable {
    /// The member has no planned item with that id.
    case notFound
    /// The title is empty (and no plan day names one).
    case titleRequired
    /// `plan_day` names no day of the plan in force.
    case planDayNotInPlan
}
