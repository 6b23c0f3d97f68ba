import ForgeCook
import ForgeCore
import ForgeStore
import Foundation

/// `log_food`, `get_food_log`, `delete_food_log` (API.md §4.24), acting on
/// the authenticated member's own plate through the same store code as
/// `POST /api/food/log`.
///
/// Differences from the app route, as the contract says: `log_food` is
/// always additive (no slot replacement), its source is `"mcp"`, `estimated`
/// defaults to true and an omitted slot is inferred from the household
/// clock (hour < 11 breakfast, < 15 lunch, < 21 dinner, else snack).
/// DESIGN.md quirk 11 is fixed: `description` and `kcal` are required and a
/// call without them is a tool error that writes nothing.
enum MCPFoodLogTools {
    static var tools: [MCPTool] {
        var logProperties: [String: JSONValue] = [
            "description": ["type": "string", "description": "what was eaten (stored as the label, ≤ 120 chars)"],
            "date": ["type": "string", "description": "YYYY-MM-DD; default today (household zone)"],
            "slot": ["type": "string", "enum": .strings(MealSlot.allCases.map(\.rawValue))],
            "venue": ["type": "string"], "cost": ["type": "number"], "currency": ["type": "string"],
            "servings": ["type": "number", "default": 1], "estimated": ["type": "boolean", "default": true],
            "photos": ["type": "array", "items": ["type": "string"]], "note": ["type": "string"],
            "client_id": ["type": "string", "description": "idempotency key (≤ 40 chars)"],
        ]
        for key in Macros.keys { logProperties[key] = ["type": "number"] }
        return [
            MCPTool(name: "log_food", description: "Log a meal or snack to your own plate (additive).",
                    inputSchema: MCPTool.schema(logProperties, required: ["description", "kcal"]), run: logFood),
            MCPTool(name: "get_food_log", description: "Your logged meals for up to 14 days ending on a date, with totals and targets.",
                    inputSchema: MCPTool.schema(["date": ["type": "string"],
                                                 "days": ["type": "integer", "minimum": 1, "maximum": 14, "default": 1]]),
                    run: getFoodLog),
            MCPTool(name: "delete_food_log", description: "Delete one of your own meal logs.",
                    inputSchema: MCPTool.schema(["log_id": ["type": "string"]], required: ["log_id"]), run: deleteFoodLog),
        ]
    }

    static func date(_ ctx: MCPContext, _ args: MCPArguments) throws -> LocalDate {
        guard let text = args.string("date"), !text.isEmpty else { return ctx.app.today }
        guard let date = LocalDate(text) else { throw MCPToolError("bad date") }
        return date
    }

    static func logFood(_ ctx: MCPContext, _ args: MCPArguments) throws -> JSONValue {
        let description = (args.string("description") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !description.isEmpty else { throw MCPToolError("description is required") }
        guard let kcal = args.double("kcal"), kcal >= 0 else { throw MCPToolError("kcal is required (a number ≥ 0)") }
        let day = try date(ctx, args)
        let slot: MealSlot
        if let text = args.string("slot"), !text.isEmpty {
            guard let given = MealSlot(rawValue: text) else {
                throw MCPToolError("slot must be one of breakfast, lunch, dinner, snack")
            }
            slot = given
        } else {
            let hour = ctx.app.calendar.hour(of: ctx.app.clock.now())
            slot = hour < 11 ? .breakfast : hour < 15 ? .lunch : hour < 21 ? .dinner : .snack
        }
        let servings = args.double("servings") ?? 1
        guard servings > 0, servings <= 100 else { throw MCPToolError("servings must be more than 0 and at most 100") }
        var macros: [String: Double] = ["kcal": kcal]
        for key in Macros.keys where key != "kcal" {
            if let v = args.double(key) {
                guard v >= 0 else { throw MCPToolError("\(key) must be ≥ 0") }
                macros[key] = v
            }
        }
        let clientID = args.string("client_id").flatMap { $0.isEmpty ? nil : $0 }
        if let clientID, clientID.count > 40 { throw MCPToolError("client_id must be at most 40 characters") }
        let photos = (args.object["photos"]?.arrayValue ?? []).compactMap(\.stringValue)
        let now = ctx.app.clock.now()
        let userID = ctx.user.id
        let result: MealLogResult
        do { result = try ctx.app.db.write { db -> MealLogResult in
            let stored = try MealPhotos.materialise(photos, owner: userID, now: now, in: db)
            let input = MealLogInput(day: day, slot: slot, servings: servings, label: String(description.prefix(120)),
                                     macros: macros, estimated: args.bool("estimated") ?? true, source: "mcp",
                                     clientID: clientID, venue: String((args.string("venue") ?? "").prefix(80)),
                                     cost: max(0, args.double("cost") ?? 0),
                                     currency: String((args.string("currency") ?? "").prefix(8)),
                                     note: args.string("note") ?? "", photos: stored)
            return try MealLogStore.log(input, userID: userID, replace: false, now: now, in: db)
        } } catch let failure as MealPhotos.Failure {
            throw MCPToolError(failure.description)   // nothing was written
        }
        var body = try summary(ctx, day: day)
        body["id"] = .string(result.id)
        body["duplicate"] = .bool(result.duplicate)
        body["targets"] = try targets(ctx)
        return .object(body)
    }

    static func getFoodLog(_ ctx: MCPContext, _ args: MCPArguments) throws -> JSONValue {
        let end = try date(ctx, args)
        let count = min(14, max(1, args.int("days") ?? 1))
        let days = try (0..<count).reversed().map { offset in JSONValue.object(try summary(ctx, day: end.adding(days: -offset))) }
        return ["days": .array(days), "targets": try targets(ctx), "today": .string(ctx.app.today.description)]
    }

    static func deleteFoodLog(_ ctx: MCPContext, _ args: MCPArguments) throws -> JSONValue {
        guard let id = args.string("log_id"), !id.isEmpty else { throw MCPToolError("log_id is required") }
        let userID = ctx.user.id
        guard let day = try ctx.app.db.write({ db in try MealLogStore.delete(id: id, userID: userID, in: db) }) else {
            throw MCPToolError("log entry not found")
        }
        var body = try summary(ctx, day: day)
        body["ok"] = true
        return .object(body)
    }

    /// `DaySummary`: `{date, logged: LoggedItem[], totals}` of the caller's own logs.
    static func summary(_ ctx: MCPContext, day: LocalDate) throws -> [String: JSONValue] {
        let entries = try ctx.app.db.read { db in try MealLogStore.logs(userID: ctx.user.id, from: day, to: day, in: db)[day] ?? [] }
        let logged: [JSONValue] = try entries.map { entry in
            guard case .object(var item) = try JSONValue.encoded(entry.macros) else { return .null }
            item["id"] = .string(entry.id); item["slot"] = .string(entry.slot.rawValue)
            item["label"] = .string(entry.label); item["servings"] = .double(entry.servings)
            item["venue"] = .string(entry.venue); item["cost"] = .double(entry.cost)
            item["currency"] = .string(entry.currency); item["estimated"] = .bool(entry.estimated)
            item["recipe"] = .stringOrNull(entry.recipe); item["photos"] = .strings(entry.photos)
            return .object(item)
        }
        let totals = entries.reduce(Macros.zero) { $0 + $1.macros }.rounded1()
        return ["date": .string(day.description), "logged": .array(logged), "totals": try .encoded(totals)]
    }

    static func targets(_ ctx: MCPContext) throws -> JSONValue {
        try .encoded(NutritionTargets.merged(stored: ctx.user.prefs["nutrition_targets"]?.objectValue))
    }
}
