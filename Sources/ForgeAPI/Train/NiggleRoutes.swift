import ForgeCore
import ForgeHTTP
import ForgeStore
import ForgeTrain
import Foundation

/// Niggles (API.md §3.8). Only `active` niggles shape cool-downs and alternatives.
enum NiggleRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.get("/api/niggles", summary: "The member's niggles, newest first",
                   tags: ["auth": "session"], app.signedIn { _, caller in
            .json(.array(try app.db.read { try NiggleStore.list(userID: caller.id, in: $0) }.map { n in
                ["id": .string(n.id), "body_part": .string(n.bodyPart), "severity": .string(n.severity),
                 "status": .string(n.status), "note": .string(n.note), "avoid_patterns": .strings(n.avoidPatterns),
                 "opened_at": .stringOrNull(n.openedAt.map { String($0.prefix(10)) }),
                 "cleared_at": .stringOrNull(n.clearedAt.map { String($0.prefix(10)) })]
            }))
        })
        router.post("/api/niggles", summary: "Open a niggle (active)",
                    tags: ["auth": "session"], app.signedIn { request, caller in
            let body = JSONBody(object: try request.jsonObject())
            let bodyPart = try body.string("body_part").trimmingCharacters(in: .whitespacesAndNewlines)
            guard !bodyPart.isEmpty else { throw HTTPError(400, "body_part required") }
            var patterns: [String] = []
            if let raw = body.object["avoid_patterns"], !raw.isNull {
                guard let list = raw.arrayValue, list.allSatisfy({ $0.stringValue != nil }) else {
                    throw ValidationFailure.error(loc: ["body", "avoid_patterns"], type: "list_type",
                                                  msg: "Input should be a valid list of strings", input: raw)
                }
                patterns = list.compactMap(\.stringValue)
            }
            let now = app.clock.now(), today = app.today
            let id = try app.db.write { db in
                try NiggleStore.add(userID: caller.id, bodyPart: bodyPart, severity: try body.optionalString("severity") ?? "mild",
                                    note: try body.optionalString("note") ?? "", avoidPatterns: patterns,
                                    mobilitySlug: try body.optionalString("mobility_slug") ?? "", today: today, now: now, in: db)
            }
            return .json(JSONValue.object(["id": .string(id)]))
        })
        router.patch("/api/niggles/:id", summary: "Set a niggle's status; clearing stamps cleared_at",
                     tags: ["auth": "session"], app.signedIn { request, caller in
            let status = try JSONBody(object: request.jsonObject()).string("status")
            let today = app.today
            try app.db.write { db in
                // Ownership first: another member's niggle is 404 whatever the body says.
                guard try NiggleStore.list(userID: caller.id, in: db).contains(where: { $0.id == request.parameter("id") }) else {
                    throw HTTPError(404, "niggle not found")
                }
                guard NiggleStore.statuses.contains(status) else { throw HTTPError(400, "bad status") }
                _ = try NiggleStore.setStatus(request.parameter("id") ?? "", userID: caller.id, status: status, today: today, in: db)
            }
            return .json(JSONValue.object(["ok": true]))
        })
    }
}
