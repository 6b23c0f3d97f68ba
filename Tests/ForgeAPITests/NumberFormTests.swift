import ForgeCore
import ForgeHousehold
import Foundation
import Testing

/// docs/contract.md §1.1: a field's JSON number form depends on its type, never on the
/// path that produced it (issue 12: `loadable` answered `60.0` on start and
/// `60` on resume, the stored document re-read as integers).
@Suite(.serialized) struct NumberFormTests {
    /// `(key, written with a decimal point or exponent)` for every number
    /// in `data`, in document order, read from the raw bytes.
    static func numberForms(_ data: Data) -> [String] {
        let text = String(decoding: data, as: UTF8.self)
        let pattern = try! Regex(#""([A-Za-z0-9_]+)":(-?[0-9][0-9.eE+-]*)"#)
        return text.matches(of: pattern).map { match in
            let key = String(match.output[1].substring!)
            let number = match.output[2].substring!
            return key + (number.contains(where: { ".eE".contains($0) }) ? ":float" : ":int")
        }
    }

    @Test func startAndResumeWriteEveryNumberTheSameWay() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let start = try await server.request("POST", "/api/sessions", json: ["date": "2026-07-20"], cookie: ada)
            let resume = try await server.request("POST", "/api/sessions", json: ["date": "2026-07-20"], cookie: ada)
            #expect(start.json["resumed"] == false && resume.json["resumed"] == true)
            let forms = Self.numberForms(start.data)
            #expect(forms.contains("down_kg:float") && forms.contains("weight:float") && forms.contains("sets:int"))
            #expect(forms == Self.numberForms(resume.data))
            // Members in the contract's order (docs/contract.md §2 Fitted), not alphabetical.
            let text = String(decoding: start.data, as: UTF8.self)
            #expect(text.hasPrefix(#"{"id":"#) && text.contains(#""fitted":{"name":"Lower A","budget":null,"est":"#))

            let sid = try #require(start.json["id"]?.stringValue)
            _ = try await server.request(
                "POST", "/api/sessions/\(sid)/sets",
                json: ["slug": "back-squat", "set_no": 1, "weight": 60, "reps": 5], cookie: ada)
            let done = try await server.request("POST", "/api/sessions/\(sid)/complete", json: [:], cookie: ada)
            let detail = try await server.get("/api/sessions/\(sid)", cookie: ada)
            // tonnage is a float stored as 0.3; weight 60 sent as an integer answers 60.0.
            #expect(Self.numberForms(done.data).contains("tonnage:float"))
            #expect(Self.numberForms(detail.data).contains("tonnage:float"))
            #expect(
                String(decoding: detail.data, as: UTF8.self).contains(
                    #"{"set_no":1,"weight":60.0,"reps":5,"rpe":null,"kind":"working"}"#))
        }
    }

    @Test func laxPrefsAreStoredInTheirContractType() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let reply = try await server.request(
                "PATCH", "/api/prefs",
                json: [
                    "prefs": [
                        "hr_max": "185", "notif_proposal": "true", "goal_weight_kg": 70,
                        "my_client_key": "kept",
                    ]
                ], cookie: ada)
            #expect(reply.status == 200)
            let prefs = try server.app.db.read { try HouseholdStore.user(email: "ada@example.org", in: $0) }?.prefs
            guard case .int(185)? = prefs?["hr_max"], case .bool(true)? = prefs?["notif_proposal"],
                case .double(70)? = prefs?["goal_weight_kg"]
            else {
                Issue.record("prefs stored as sent: \(String(describing: prefs))")
                return
            }
            #expect(prefs?["my_client_key"] == "kept")
            #expect(String(decoding: reply.data, as: UTF8.self).contains(#""hr_max":185"#))
        }
    }
}
