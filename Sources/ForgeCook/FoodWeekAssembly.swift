import ForgeCore
import ForgeStore
import Foundation

/// A food week assembled: the scope's active weekday template laid over the
/// Monday-snapped week of a date, each day's planned slots resolved against
/// the library and, for a member, matched against their own meal logs
/// (docs/contract.md §3.15, §4.19). The one assembly behind `GET /api/food/week`
/// and the kitchen display's week.
package struct FoodWeekAssembly: Sendable {
    /// The Monday the week starts on.
    package let monday: LocalDate
    /// The scope's active revision, nil when it has no plan.
    package let revision: FoodRevision?
    /// Monday first, seven days, each with its date.
    package let days: [(date: LocalDate, resolved: ResolvedFoodDay)]

    /// The week containing `date` for `scope`. With `plateOf` a member's id,
    /// their logs of the week fill the planned slots and the extras; with nil
    /// (a kitchen display has no plate) no logs are read.
    /// Only the recipes the week names (its slots and the logs) are read,
    /// never the whole library.
    /// - Throws: database errors only.
    package static func week(
        scope: String, containing date: LocalDate, plateOf userID: String?, in db: Connection
    ) throws -> FoodWeekAssembly {
        let monday = date.monday
        let revision = try FoodWeekStore.active(scope: scope, in: db)
        let logs =
            try userID.map { try MealLogStore.logs(userID: $0, from: monday, to: monday.adding(days: 6), in: db) }
            ?? [:]
        let named = Set(logs.values.joined().compactMap(\.recipe)).union(revision?.content.recipeSlugs ?? [])
        let recipes = try RecipeStore.find(slugs: named, in: db)
        let days = (0..<7).map { offset -> (date: LocalDate, resolved: ResolvedFoodDay) in
            let d = monday.adding(days: offset)
            return (
                d,
                SlotResolver.resolve(
                    content: revision?.content, date: d, recipes: { recipes[$0] }, logs: logs[d] ?? [])
            )
        }
        return FoodWeekAssembly(monday: monday, revision: revision, days: days)
    }
}
