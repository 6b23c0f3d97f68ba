import ForgeCore
import ForgeHTTP
import ForgeStore
import Foundation

/// `GET/PUT /api/admin/settings` (API.md §3.18, §4.25).
enum AdminSettingsRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.get("/api/admin/settings", summary: "The seven app-managed settings, secrets masked",
                   tags: ["auth": "admin"], app.adminOnly { _, _ in
            .json(body(try app.db.read { try AppSettings.report(in: $0) }))
        })
        router.put("/api/admin/settings", summary: "Store or clear app-managed setting overrides",
                   tags: ["auth": "admin"], app.adminOnly { request, _ in
            let object = try request.jsonObject()
            guard case .object(let raw)? = object["values"] else {
                throw ValidationFailure.error(loc: ["body", "values"], type: object["values"] == nil ? "missing" : "dict_type",
                                              msg: object["values"] == nil ? "Field required" : "Input should be a valid dictionary",
                                              input: object["values"])
            }
            if let unknown = raw.keys.sorted().first(where: { AppSettings.key($0) == nil }) {
                throw HTTPError(422, "unknown setting \(unknown)")
            }
            var values: [String: String] = [:]
            for (key, value) in raw {
                switch value {
                case .string(let s): values[key] = s
                case .null: values[key] = ""
                default:
                    throw ValidationFailure.error(loc: ["body", "values", key], type: "string_type",
                                                  msg: "Input should be a valid string", input: value)
                }
            }
            let now = app.clock.now()
            let report = try app.db.write { c in
                try AppSettings.apply(values, now: now, in: c)
                return try AppSettings.report(in: c)
            }
            return .json(body(report))
        })
    }

    /// `{ key: { set, value, source } }` for every key.
    static func body(_ report: [String: AppSettings.Report]) -> JSONValue {
        var object: [String: JSONValue] = [:]
        for (key, r) in report {
            object[key] = ["set": .bool(r.set), "value": .string(r.value), "source": .stringOrNull(r.source)]
        }
        return .object(object)
    }
}
