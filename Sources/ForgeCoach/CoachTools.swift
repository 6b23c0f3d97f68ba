import ForgeCore
import ForgeStore
import ForgeTrain
import Foundation

/// The tools the LLM coach may call (a subset of API.md §4.18's list). Each
/// reads through the same code as the built-in coach and the routes, scoped
/// to the turn's member; `propose_revision` writes only through
/// ``ProposalStore/propose(member:content:rationale:now:in:)`` (validated).
enum CoachTools {
    /// Tool definitions for the Messages API (`name`, `description`, `input_schema`).
    static let definitions: [JSONValue] = [
        tool("get_session", "The member's last completed strength session with every set."),
        tool("get_records", "The member's best estimated one-rep maxes."),
        tool("get_progress", "Trend words for each lift (building, holding, stalled, easing off)."),
        tool("get_week", "This week's cardio sessions and zone-2 minutes."),
        tool("get_food_week", "Logged meals of the last seven days against the member's targets."),
        tool("get_active_plan", "The active plan revision (JSON PlanContent)."),
        tool("get_proposal", "The pending training proposal, if any."),
        tool("get_niggles", "The member's niggles: body part, status and the movement patterns to avoid."),
        tool("get_equipment", "The active equipment profile: available items, bar and plates (kg)."),
        ["name": "propose_revision",
         "description": "Propose a new training plan revision. content is a PlanContent object ({days: {\"0\"..\"6\": PlanDay}, changes}); rationale is written for the week it describes.",
         "input_schema": ["type": "object", "properties": ["content": ["type": "object"], "rationale": ["type": "string"]],
                          "required": ["content", "rationale"]]],
    ]

    static func tool(_ name: String, _ description: String) -> JSONValue {
        ["name": .string(name), "description": .string(description),
         "input_schema": ["type": "object", "properties": [:]]]
    }

    /// Runs tool `name`; returns the text result or throws (reported back as `is_error`).
    static func run(_ name: String, input: JSONValue, turn: CoachTurn) throws -> String {
        let builtin = BuiltinCoach()
        switch name {
        case "get_session": return try turn.db.read { try builtin.lastSession(turn, $0) }
        case "get_records": return try turn.db.read { try builtin.records(turn, $0) }
        case "get_progress": return try turn.db.read { try builtin.trends(turn, $0) }
        case "get_week": return try turn.db.read { try builtin.cardio(turn, $0) }
        case "get_food_week": return try turn.db.read { try builtin.meals(turn, $0) }
        case "get_proposal": return try turn.db.read { try builtin.plan(turn, $0) }
        case "get_niggles":
            return try turn.db.read { db in
                let list = try NiggleStore.all(userID: turn.member.id, in: db).map {
                    ["body_part": .string($0.bodyPart), "status": .string($0.status), "avoid_patterns": .strings($0.avoidPatterns)] as JSONValue
                }
                return try JSONCoding.string(JSONValue.array(list))
            }
        case "get_equipment":
            return try turn.db.read { db in
                guard let p = try EquipmentStore.active(userID: turn.member.id, activeID: turn.member.activeProfileID, in: db)
                else { return "no equipment profile" }
                let value: JSONValue = ["name": .string(p.name), "items": .strings(p.items.filter(\.available).map(\.name)),
                                        "bar_kg": .double(p.barKg), "plates_kg": .array(p.platesKg.map(JSONValue.double)),
                                        "db_max_kg": .double(p.dbMaxKg)]
                return try JSONCoding.string(value)
            }
        case "get_active_plan":
            return try turn.db.read { db in
                guard let rev = try ProposalStoreBridge.active(userID: turn.member.id, in: db) else { return "no active plan" }
                return try JSONCoding.string(rev)
            }
        case "propose_revision":
            let rev = try turn.db.write { db in
                try ProposalStore.propose(member: turn.member, content: input["content"] ?? .null,
                                          rationale: input["rationale"]?.stringValue ?? "", now: turn.now, in: db)
            }
            return "stored revision \(rev.num) as \(rev.status)"
        default:
            throw ProposalFailure("unknown tool \(name)")
        }
    }
}

/// Reads the active plan content for tools.
enum ProposalStoreBridge {
    static func active(userID: String, in db: Connection) throws -> JSONValue? {
        guard let text: String = try db.scalar("""
            SELECT r.content FROM plan_revisions r JOIN plans p ON p.id = r.plan_id
            WHERE p.user_id = ? AND r.status = 'active' ORDER BY r.num DESC LIMIT 1
            """, [userID]) else { return nil }
        return try JSONCoding.decode(JSONValue.self, from: Data(text.utf8))
    }
}
