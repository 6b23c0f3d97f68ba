import ForgeCook
import ForgeCore
import ForgeStore
import Foundation

/// `log_food`, `get_food_log`, `delete_food_log` (docs/contract.md §4.24), acting on
/// the authenticated member's own plate through the same use case as
/// `POST /api/food/log` (``MealLog``).
///
/// Differences from the app route, as the contract says: `log_food` is
/// always additive (no slot replacement), its source is `"mcp"`, `estimated`
/// defaults to true and an omitted slot is inferred from the household
/// clock (hour < 11 breakfast, < 15 lunch, < 21 dinner, else snack).
/// docs/contract.md §6.11 is fixed: `description` and `kcal` are required and a
/// call without them is a tool error that writes nothing.
enum MCPFoodLogTools {
    static var tools: [MCPTool] {
        [
            .typed(
                "log_food", "Log a meal or snack to your own plate (additive).", LogFoodArguments.self,
                hints: [
                    "description": ["description": "what was eaten (stored as the label, ≤ 120 chars)"],
                    "date": ["description": "YYYY-MM-DD; default today (household zone)"],
                    "slot": ["enum": .strings(MealSlot.allCases.map(\.rawValue))],
                    "servings": ["default": 1], "estimated": ["default": true],
                    "client_id": ["description": "idempotency key (≤ 40 chars)"],
                ], run: logFood),
            .typed(
                "get_food_log", "Your logged meals for up to 14 days ending on a date, with totals and targets.",
                FoodLogArguments.self, hints: ["days": ["minimum": 1, "maximum": 14, "default": 1]], run: getFoodLog),
            .typed(
                "delete_food_log", "Delete one of your own meal logs.", DeleteFoodLogArguments.self, run: deleteFoodLog),
        ]
    }

    static func logFood(_ ctx: MCPContext, _ checked: LogFoodArguments.Checked) throws -> JSONValue {
        let args = checked.arguments
        let day = checked.date ?? ctx.app.today
        let slot: MealSlot
        if let given = checked.slot {
            slot = given
        } else {
            let hour = ctx.app.calendar.hour(of: ctx.app.clock.now())
            slot = hour < 11 ? .breakfast : hour < 15 ? .lunch : hour < 21 ? .dinner : .snack
        }
        var macros: [String: Double] = [:]
        for (key, value) in zip(Macros.keys, args.macros) { if let value { macros[key] = value } }
        let clientID = args.clientID.flatMap { $0.isEmpty ? nil : $0 }
        let input = MealLogInput(
            day: day, slot: slot, servings: args.servings ?? 1, label: args.label, macros: macros,
            estimated: args.estimated ?? true, source: "mcp", clientID: clientID, venue: args.venue ?? "",
            cost: args.cost ?? 0, currency: args.currency ?? "", note: args.note ?? "", photos: args.photos ?? [])
        let result: MealLogResult
        do {
            result = try MealLog.log(
                input, userID: ctx.user.id, placement: .adding, now: ctx.app.clock.now(), in: ctx.app.db)
        } catch let failure as MealPhotos.Failure {
            throw MCPToolError(failure.description)  // nothing was written
        }
        let summary = try daySummary(ctx, day: day)
        return try WireEncoder.jsonValue(
            FoodLogged(
                id: result.id, duplicate: result.duplicate, date: summary.date,
                logged: summary.logged, totals: summary.totals,
                targets: try targets(ctx)))
    }

    static func getFoodLog(_ ctx: MCPContext, _ checked: Dated<FoodLogArguments>) throws -> JSONValue {
        let args = checked.input
        let end = checked.day(or: ctx.app.today)
        let count = min(14, max(1, args.days ?? 1))
        let days = try (0..<count).reversed().map { offset in try daySummary(ctx, day: end.adding(days: -offset)) }
        return try WireEncoder.jsonValue(
            FoodLogDays(days: days, targets: try targets(ctx), today: ctx.app.today.description))
    }

    static func deleteFoodLog(_ ctx: MCPContext, _ args: DeleteFoodLogArguments) throws -> JSONValue {
        let day: LocalDate
        do {
            day = try MealLog.remove(id: args.logID, userID: ctx.user.id, in: ctx.app.db).day
        } catch MealLogError.notFound {
            throw MCPToolError("log entry not found")  // the contract's words for this tool (§4.24)
        }
        let summary = try daySummary(ctx, day: day)
        return try WireEncoder.jsonValue(
            FoodLogDeleted(date: summary.date, logged: summary.logged, totals: summary.totals))
    }

    /// `DaySummary` of the caller's own logs on `day`.
    static func daySummary(_ ctx: MCPContext, day: LocalDate) throws -> DaySummary {
        let entries = try MealLog.days(userID: ctx.user.id, from: day, to: day, in: ctx.app.db)[day] ?? []
        let totals = FoodWire.finite(DayTotals.of(entries))
        return DaySummary(date: day.description, logged: entries.map(LoggedItem.init), totals: totals)
    }

    /// The caller's nutrition targets (defaults merged with `prefs.nutrition_targets`).
    static func targets(_ ctx: MCPContext) throws -> Macros {
        NutritionTargets.merged(stored: ctx.user.prefs["nutrition_targets"]?.objectValue)
    }
}
