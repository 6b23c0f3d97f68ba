import ForgeCore
import ForgeHTTP
import ForgeStore
import ForgeTrain
import Foundation

/// Lab panels (API.md §3.9); values canonical mmol/L.
enum LabRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.get("/api/labs", summary: "Lab panels, oldest first",
                   tags: ["auth": "session"], app.signedIn { _, caller in
            .json(.array(try app.db.read { try LabStore.all(userID: caller.id, in: $0) }.map { p in
                ["id": .string(p.id), "drawn_on": .string(p.drawnOn), "source": .string(p.source),
                 "results": .array(p.results.map { r in
                     ["marker": .string(r.marker), "value": .double(r.value), "unit": .string(r.unit),
                      "ref_low": .numberOrNull(r.refLow), "ref_high": .numberOrNull(r.refHigh)]
                 })]
            }))
        })
        router.post("/api/labs", summary: "Add a lab panel with its results",
                    tags: ["auth": "session"], app.signedIn { request, caller in
            let body = JSONBody(object: try request.jsonObject())
            guard let drawn = LocalDate(try body.string("drawn_on")) else { throw HTTPError(400, "bad date") }
            guard let list = body.object["results"]?.arrayValue else {
                throw ValidationFailure.error(loc: ["body", "results"], type: "list_type", msg: "Input should be a valid list",
                                              input: body.object["results"])
            }
            let results = try list.map { v -> LabResult in
                let r = JSONBody(object: v.objectValue ?? [:])
                return LabResult(marker: try r.string("marker"), value: try r.double("value"),
                                 unit: try r.optionalString("unit") ?? "mmol/L",
                                 refLow: try r.optionalDouble("ref_low"), refHigh: try r.optionalDouble("ref_high"))
            }
            let now = app.clock.now()
            let id = try app.db.write { db in
                try LabStore.add(userID: caller.id, drawnOn: drawn, source: try body.optionalString("source") ?? "manual",
                                 results: results, now: now, in: db)
            }
            return .json(JSONValue.object(["id": .string(id)]))
        })
    }
}
