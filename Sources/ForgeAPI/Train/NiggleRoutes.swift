import ForgeCore
import ForgeHTTP
import ForgeStore
import ForgeTrain
import Foundation

/// One row of `GET /api/niggles` (docs/contract.md §3.8).
struct Niggle: Codable, Sendable {
    let id: String
    let bodyPart: String
    let severity: String
    /// `active`, `watch` or `cleared`.
    let status: String
    let note: String
    let avoidPatterns: [String]
    /// Date part of the opening instant, `YYYY-MM-DD`.
    @Nullable var openedAt: String?
    /// Date part of the clearing instant; null unless cleared.
    @Nullable var clearedAt: String?
}

/// `POST /api/niggles`: `{ body_part, severity? = "mild", note? = "", avoid_patterns? = [], mobility_slug? = "" }`.
struct NiggleInput: RequestInput {
    static var example: JSONValue? {
        [
            "body_part": "left shoulder", "severity": "mild", "note": "Twinges on overhead press",
            "avoid_patterns": ["overhead"],
        ]
    }
    let bodyPart: String
    var severity: String?
    var note: String?
    var avoidPatterns: [String]?
    var mobilitySlug: String?

    /// The most patterns one niggle may avoid.
    static let maxPatterns = 50

    /// 400 `body_part required` when blank; 422 naming an over-long field or
    /// too many patterns. The bounds after `body_part` are checked but not
    /// published in the OpenAPI document (``InputRule/unpublished``): the
    /// document has never carried them.
    static let rules: [InputRule<Self>] = [
        .publish("body_part", keywords: ["pattern": Check.nonBlank]),
        .length("body_part", max: Bounds.label) { $0.bodyPart },
        .custom {
            guard !$0.bodyPart.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw HTTPError(400, "body_part required")
            }
        },
        .length("severity", max: Bounds.label) { $0.severity }.unpublished,
        .length("note", max: Bounds.note) { $0.note }.unpublished,
        .length("mobility_slug", max: Bounds.label) { $0.mobilitySlug }.unpublished,
        .count("avoid_patterns", max: maxPatterns) { $0.avoidPatterns }.unpublished,
        .custom {
            for (i, p) in ($0.avoidPatterns ?? []).enumerated() {
                try Check.length(p, max: Bounds.label, "avoid_patterns", .int(i))
            }
        },
    ]
}

/// `PATCH /api/niggles/{id}`: `{ status }`, checked against the stored
/// niggle's ownership first (404), then 400 `bad status`.
struct NiggleStatusInput: RequestInput {
    static var example: JSONValue? { ["status": "watch"] }
    let status: String
    /// The status is checked by the route (400 `bad status`, after ownership's 404); published here.
    static let rules: [InputRule<Self>] = [
        .publish("status", keywords: ["enum": .array(NiggleStore.statuses.sorted().map(JSONValue.string))])
    ]
}

/// Niggles (docs/contract.md §3.8). Only `active` niggles shape cool-downs and alternatives.
enum NiggleRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(
            .GET, "/api/niggles", "The member's niggles, newest first",
            access: .member, answers: [Niggle].self
        ) { _, principal in
            try Niggles.list(userID: principal.caller.id, in: app.db).map { n in
                Niggle(
                    id: n.id, bodyPart: n.bodyPart, severity: n.severity, status: n.status, note: n.note,
                    avoidPatterns: n.avoidPatterns, openedAt: n.openedAt.map { String($0.prefix(10)) },
                    clearedAt: n.clearedAt.map { String($0.prefix(10)) })
            }
        }
        router.route(
            .POST, "/api/niggles", "Open a niggle (active)",
            access: .member, body: NiggleInput.self, answers: CreatedID.self, errors: [400, 422]
        ) { request, principal in
            let input = try request.decode(NiggleInput.self)
            let id = try Niggles.open(
                userID: principal.caller.id, bodyPart: input.bodyPart, severity: input.severity, note: input.note,
                avoidPatterns: input.avoidPatterns, mobilitySlug: input.mobilitySlug, today: app.today,
                now: app.clock.now(), in: app.db)
            return CreatedID(id: id)
        }
        router.route(
            .PATCH, "/api/niggles/:id", "Set a niggle's status; clearing stamps cleared_at",
            access: .member, body: NiggleStatusInput.self, answers: OK.self, errors: [400, 404, 422]
        ) { request, principal in
            let status = try request.decode(NiggleStatusInput.self).status
            let id = request.parameter("id") ?? ""
            try Niggles.setStatus(status, niggle: id, userID: principal.caller.id, today: app.today, in: app.db)
            return OK()
        }
    }
}
