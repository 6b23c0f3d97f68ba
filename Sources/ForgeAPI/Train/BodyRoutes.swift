import ForgeCore
import ForgeHTTP
import ForgeStore
import ForgeTrain
import Foundation

/// Body measurements and preferences (API.md §3.10).
enum BodyRoutes {
    /// Accepted body types and their canonical units.
    static let bodyUnits: [String: String] = ["height": "cm", "weight": "kg", "body_fat_pct": "%"]

    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.post("/api/body", summary: "Record height (cm), weight (kg) or body fat (%)",
                    tags: ["auth": "session"], app.signedIn { request, caller in
            let body = JSONBody(object: try request.jsonObject())
            let type = try body.string("type")
            let value = try body.double("value")
            guard let unit = bodyUnits[type] else {
                throw HTTPError(400, "type must be one of ['body_fat_pct', 'height', 'weight']")
            }
            guard value > 0 else { throw HTTPError(400, "value must be positive") }
            let now = app.clock.now()
            try app.db.write { db in
                try MetricStore.record(userID: caller.id, type: type, value: Rounding.round2(value), unit: unit, at: now,
                                       source: "manual", in: db)
            }
            return .json(JSONValue.object(["ok": true]))
        })
        router.patch("/api/prefs", summary: "Shallow-merge preferences; set the bodyweight unit",
                     tags: ["auth": "session"], app.signedIn { request, caller in
            let body = JSONBody(object: try request.jsonObject())
            var incoming: [String: JSONValue] = [:]
            if let raw = body.object["prefs"], !raw.isNull {
                guard let object = raw.objectValue else {
                    throw ValidationFailure.error(loc: ["body", "prefs"], type: "dict_type",
                                                  msg: "Input should be a valid dictionary", input: raw)
                }
                incoming = object
            }
            let units = try? body.optionalString("units")
            return .json(try app.db.write { db in
                guard let user = try UserDirectory.find(id: caller.id, in: db) else { throw HTTPError(401, "unknown user") }
                var prefs = user.prefs
                for (k, v) in incoming { prefs[k] = v }
                if prefs != user.prefs { try UserDirectory.setPrefs(prefs, userID: user.id, in: db) }
                var finalUnits = user.units
                if let u = units ?? nil, u == "kg" || u == "lb" {
                    try db.execute("UPDATE users SET units = ? WHERE id = ?", [u, user.id])
                    finalUnits = u
                }
                return ["prefs": .object(prefs), "units": .string(finalUnits)]
            })
        })
    }
}
