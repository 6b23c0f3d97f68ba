import ForgeCook
import ForgeCore
import ForgeStore
import ForgeTrain
import Foundation

/// The tools the LLM coach may call (a subset of docs/contract.md §4.18's list). Each
/// reads through the same code as the built-in coach and the routes, scoped
/// to the turn's member; `propose_revision` and `amend_week` write only
/// through ``ProposalStore/propose(member:content:rationale:now:in:)`` and
/// `propose_food_week` through ``FoodProposalWriter`` (both validated).
enum CoachTools {
    /// Tool definitions for the Messages API (`name`, `description`, `input_schema`).
    static let definitions: [JSONValue] = [
        tool("get_session", "The member's last completed strength session with every set."),
        tool("get_records", "The member's best estimated one-rep maxes."),
        tool("get_progress", "Trend words for each lift (new, building, holding, stalled, easing off)."),
        tool("get_week", "This week's cardio sessions and zone-2 minutes."),
        tool("get_food_week", "Logged meals of the last seven days against the member's targets."),
        tool("get_active_plan", "The active plan revision (JSON PlanContent)."),
        tool("get_proposal", "The pending training proposal, if any."),
        tool("get_niggles", "The member's niggles: body part, status and the movement patterns to avoid."),
        tool(
            "get_equipment",
            "The active equipment profile: available items, bar and plates (kg, and in the profile's unit)."),
        tool(
            "get_recipes",
            "The recipe library a food week may use: slug, name, kind, difficulty, complete, per-serving kcal and protein."
        ),
        tool("get_food_plan", "The household's active food week (FoodContent) and its pending food proposal, if any."),
        [
            "name": "propose_food_week",
            "description":
                "Propose the household food week. content is {days: {\"0\"..\"6\": {slots: {breakfast, lunch, dinner, snack}}}, changes: [{sign, what, why}]}; rationale is written for the week it describes.",
            "input_schema": [
                "type": "object", "properties": ["content": ["type": "object"], "rationale": ["type": "string"]],
                "required": ["content", "rationale"],
            ],
        ],
        [
            "name": "amend_week",
            "description":
                "Amend the active training week mid-week: days maps \"0\"..\"6\" to a PlanDay, or null for a rest day; the rest of the active plan is kept. Validated like a proposal.",
            "input_schema": [
                "type": "object",
                "properties": [
                    "days": ["type": "object"], "changes": ["type": "array"],
                    "rationale": ["type": "string"],
                ],
                "required": ["days", "rationale"],
            ],
        ],
        [
            "name": "propose_revision",
            "description":
                "Propose a new training plan revision. content is a PlanContent object ({days: {\"0\"..\"6\": PlanDay}, changes}); rationale is written for the week it describes.",
            "input_schema": [
                "type": "object", "properties": ["content": ["type": "object"], "rationale": ["type": "string"]],
                "required": ["content", "rationale"],
            ],
        ],
    ]

    static func tool(_ name: String, _ description: String) -> JSONValue {
        [
            "name": .string(name), "description": .string(description),
            "input_schema": ["type": "object", "properties": [:]],
        ]
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
                    [
                        "body_part": .string($0.bodyPart), "status": .string($0.status),
                        "avoid_patterns": .strings($0.avoidPatterns),
                    ] as JSONValue
                }
                return try JSONCoding.string(JSONValue.array(list))
            }
        case "get_equipment":
            return try turn.db.read { db in
                guard
                    let p = try EquipmentStore.active(
                        userID: turn.member.id, activeID: turn.member.activeProfileID, in: db)
                else { return "no equipment profile" }
                return try JSONCoding.string(CoachEquipment(p))
            }
        case "get_active_plan":
            return try turn.db.read { db in
                guard let rev = try ProposalStoreBridge.active(userID: turn.member.id, in: db) else {
                    return "no active plan"
                }
                return try JSONCoding.string(rev)
            }
        case "get_recipes":
            return try turn.db.read { db in
                let list = try RecipeStore.all(in: db).map { r -> JSONValue in
                    [
                        "slug": .string(r.slug), "name": .string(r.name), "kind": .string(r.kind.rawValue),
                        "difficulty": .string(r.difficulty), "complete": .bool(r.complete),
                        "kcal": .double(Rounding.round1(r.macros.kcal)),
                        "protein_g": .double(Rounding.round1(r.macros.proteinG)),
                    ]
                }
                return try JSONCoding.string(JSONValue.array(list))
            }
        case "get_food_plan":
            return try turn.db.read { db in
                let scope = FoodWeekStore.scope(userID: turn.member.id, isDemo: turn.member.isDemo)
                let active = try FoodWeekStore.active(scope: scope, in: db)
                let pending = try FoodProposalStore.pending(scope: scope, in: db)
                let value: JSONValue = [
                    "active": try active.map { try JSONValue.encoded($0.content) } ?? .null,
                    "proposal": pending.map {
                        [
                            "num": .int($0.num), "rationale": .string($0.rationale),
                            "content": $0.document,
                        ] as JSONValue
                    } ?? .null,
                ]
                return try JSONCoding.string(value)
            }
        case "propose_food_week":
            let written = try turn.db.write { db in
                try FoodProposalWriter.propose(
                    member: turn.member, content: input["content"] ?? .null,
                    rationale: input["rationale"]?.stringValue ?? "", now: turn.now, in: db)
            }
            return "stored food week \(written.num) as \(written.status)"
        case "amend_week":
            let rev = try turn.db.write { db -> ProposalRevision in
                guard let active = try ProposalStoreBridge.active(userID: turn.member.id, in: db) else {
                    throw ProposalFailure("there is no active plan to amend")
                }
                guard let days = input["days"]?.objectValue, !days.isEmpty else {
                    throw ProposalFailure("days must name at least one day")
                }
                let content = PlanAmendment.merge(active: active, days: days, changes: input["changes"])
                return try ProposalStore.propose(
                    member: turn.member, content: content,
                    rationale: input["rationale"]?.stringValue ?? "", now: turn.now, in: db)
            }
            return "stored amended revision \(rev.num) as \(rev.status)"
        case "propose_revision":
            let rev = try turn.db.write { db in
                let rev = try ProposalStore.propose(
                    member: turn.member, content: input["content"] ?? .null,
                    rationale: input["rationale"]?.stringValue ?? "", now: turn.now, in: db)
                if Intake.isActive(turn.member) { try Intake.markOnboarded(userID: turn.member.id, in: db) }
                return rev
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
        guard
            let text: String = try db.scalar(
                """
                SELECT r.content FROM plan_revisions r JOIN plans p ON p.id = r.plan_id
                WHERE p.user_id = ? AND r.status = 'active' ORDER BY r.num DESC LIMIT 1
                """, [userID])
        else { return nil }
        return try JSONCoding.decode(JSONValue.self, from: Data(text.utf8))
    }
}
