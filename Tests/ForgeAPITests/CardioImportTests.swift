import ForgeAPI
import ForgeCore
import Foundation
import Testing

/// `POST /api/sessions/import`: GPX/TCX files become cardio sessions through
/// the ingest path (reconciliation, zones, idempotency on the start instant).
@Suite(.serialized) struct CardioImportTests {
    static func fixture(_ name: String) throws -> Data {
        try Data(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Fixtures/\(name)"))
    }

    static func multipart(_ file: Data, boundary: String = "----forge-test-7d1") -> (Data, String) {
        var body = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\nignored\r\n".utf8)
        body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"run.gpx\"\r\n".utf8)
        body += Data("Content-Type: application/gpx+xml\r\n\r\n".utf8) + file + Data("\r\n--\(boundary)--\r\n".utf8)
        return (body, "multipart/form-data; boundary=\(boundary)")
    }

    @Test func aGPXUploadIsMatchedZonedAndImportedOnce() async throws {
        try await withTestServer(transport: .socket) { server in
            let ada = try await server.signIn("ada@example.org")
            let gpx = try Self.fixture("gpx/two-segments-prefixed.gpx")
            let (body, type) = Self.multipart(gpx)
            let reply = try await server.raw("POST", "/api/sessions/import", body: body, contentType: type, cookie: ada)
            #expect(reply.status == 200)
            let doc = reply.json
            #expect(doc["duplicate"] == false)
            // 23:30Z on Tuesday 14 July is Wednesday 15 July in London: the Zone 2 run (125–140 bpm).
            #expect(doc["day"] == "2026-07-15" && doc["status"] == "completed" && doc["name"] == "Zone 2 run")
            let stats = try #require(doc["stats"])
            #expect(stats["duration_s"]?.doubleValue == 90)  // (20 − 0) + (390 − 320) s
            #expect(stats["distance"]?.doubleValue == 0.222)
            #expect(stats["avg_hr"]?.doubleValue == 125.333)  // 752 / 6
            // zone 2: 120:10 + 130:10 + 112:30 = 50 s = 0.833 → 0.8 (140's gap is the pause, 0).
            #expect(stats["zone2_min"]?.doubleValue == 0.8)
            // plan band 125–140: 130:10 s = 0.167 → 0.2; pct = round(100 × 0.1667 / 1.5) = round(11.1) = 11.
            #expect(stats["zone_min"]?.doubleValue == 0.2 && stats["pct_in_zone"] == 11)
            let id = try #require(doc["id"]?.stringValue)
            let detail = try await server.get("/api/sessions/\(id)", cookie: ada).json
            // Z1: 112 → 30 s = 0.5; Z2: 120, 130 → 20 s = 0.3; Z3: 150 → 20 s = 0.3 (140 credits 0).
            #expect(detail["zones"]?["zones"]?.arrayValue?.map { $0["min"]?.doubleValue } == [0.5, 0.3, 0.3, 0, 0])
            #expect(detail["fitted"]?["source"] == "gpx")
            #expect(detail["series"]?["route"]?.arrayValue?.count == 6)

            // The same file again, as a raw body: same start instant → the same session.
            let again = try await server.raw(
                "POST", "/api/sessions/import", body: gpx, contentType: "application/gpx+xml", cookie: ada)
            #expect(again.json["duplicate"] == true && again.json["id"]?.stringValue == id)
            // Ben importing the same file gets his own session; Ada's is untouched.
            let ben = try await server.signIn("ben@example.org")
            let bens = try await server.raw(
                "POST", "/api/sessions/import", body: gpx, contentType: "application/gpx+xml", cookie: ben)
            #expect(bens.json["duplicate"] == false && bens.json["id"]?.stringValue != id)
            #expect(try await server.get("/api/sessions/\(id)", cookie: ben).status == 404)
        }
    }

    @Test func aTCXFileClaimsTheIntervalsDay() async throws {
        try await withTestServer(transport: .socket) { server in
            let ada = try await server.signIn("ada@example.org")
            let reply = try await server.raw(
                "POST", "/api/sessions/import", body: try Self.fixture("tcx/two-tracks.tcx"),
                contentType: "application/vnd.garmin.tcx+xml", cookie: ada)
            #expect(reply.json["day"] == "2026-07-18" && reply.json["name"] == "Intervals")
            let stats = try #require(reply.json["stats"])
            // Band 150–178: 150 credits 30 s = 0.5 min; duration 70 s (lap totals) → round(100 × 0.5 / 1.1667) = 43.
            #expect(stats["zone_min"]?.doubleValue == 0.5 && stats["pct_in_zone"] == 43)
            #expect(stats["distance"]?.doubleValue == 0.3 && stats["kcal"]?.doubleValue == 20)
            #expect(stats["pace_min_km"]?.doubleValue == 3.89)  // 70 / 60 / 0.3 = 3.888…
        }
    }

    @Test func unusableFilesAreClear422sAndStoreNothing() async throws {
        try await withTestServer(transport: .socket) { server in
            let ada = try await server.signIn("ada@example.org")
            let untimed = try await server.raw(
                "POST", "/api/sessions/import", body: try Self.fixture("gpx/untimed.gpx"),
                contentType: "application/gpx+xml", cookie: ada)
            #expect(untimed.status == 422 && untimed.detail == "no track point has a time; cannot place the workout")
            let html = try await server.raw(
                "POST", "/api/sessions/import", body: Data("<html/>".utf8), contentType: "application/xml", cookie: ada)
            #expect(html.status == 422 && html.detail == "not a GPX 1.1 or TCX file")
            let junk = try await server.raw(
                "POST", "/api/sessions/import", body: Data("not xml at all".utf8),
                contentType: "application/octet-stream", cookie: ada)
            #expect(junk.status == 422)
            // Issue 26: a type the route does not take is refused before it is read.
            let plain = try await server.raw(
                "POST", "/api/sessions/import", body: Data("<html/>".utf8), contentType: "text/plain", cookie: ada)
            #expect(plain.status == 415)
            let (form, type) = Self.multipart(Data())
            let noFile = try await server.raw(
                "POST", "/api/sessions/import",
                body: form.replacingOccurrences(of: "name=\"file\"", with: "name=\"other\""),
                contentType: type, cookie: ada)
            // Its `filename` part still counts as the file (RFC 7578 forms name it freely): an empty one.
            #expect(noFile.status == 422 && noFile.detail == "empty file")
            let count: Int? = try server.app.db.read {
                try $0.scalar("SELECT COUNT(*) FROM sessions WHERE kind = 'cardio'")
            }
            #expect(count == 0)
        }
    }
}

extension CardioImportTests {
    /// Posts a form with curl's own multipart encoder (`curl -F`), as a member's script
    /// would: status and JSON answer.
    static func curlForm(_ server: TestServer, cookie: String, _ fields: [String]) throws -> (Int, JSONValue) {
        let data = try ImportJobRouteTests.curl(
            ["-s", "-H", "Cookie: \(cookie)", "-H", "Origin: \(server.baseURL)", "-w", "\n%{http_code}"]
                + fields.flatMap { ["-F", $0] } + [server.baseURL + "/api/sessions/import"])
        let text = String(decoding: data, as: UTF8.self)
        let status = Int(text.split(separator: "\n").last ?? "") ?? 0
        let body = text.split(separator: "\n").dropLast().joined(separator: "\n")
        return (status, (try? JSONValue.parse(Data(body.utf8))) ?? .null)
    }

    /// `curl -F file=@track.gpx`: libmicrohttpd's post processor reads the form into the spool
    /// and the session is imported; a form without a file part, an empty file part, and a body
    /// over the route's cap (the test server's 1 MiB `--max-body`, not the 4 GiB import cap) are refused.
    @Test func aCurlFormUploadIsImportedAndBadFormsAreRefused() async throws {
        try await withTestServer(transport: .socket) { server in
            let ada = try await server.signIn("ada@example.org")
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gpx-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: dir) }
            let track = dir.appendingPathComponent("track.gpx")
            try Self.fixture("gpx/two-segments-prefixed.gpx").write(to: track)
            let (status, doc) = try Self.curlForm(server, cookie: ada, ["note=morning", "file=@\(track.path)"])
            #expect(status == 200, "\(doc)")
            #expect(doc["duplicate"] == false && doc["day"] == "2026-07-15" && doc["name"] == "Zone 2 run")
            #expect(doc["stats"]?["duration_s"]?.doubleValue == 90 && doc["stats"]?["avg_hr"]?.doubleValue == 125.333)

            let (noFileStatus, noFile) = try Self.curlForm(server, cookie: ada, ["note=morning", "kind=run"])
            #expect(noFileStatus == 422 && noFile["detail"] == "no file part in the form")

            let empty = dir.appendingPathComponent("empty.gpx")
            try Data().write(to: empty)
            let (emptyStatus, emptyDoc) = try Self.curlForm(server, cookie: ada, ["file=@\(empty.path)"])
            #expect(emptyStatus == 422 && emptyDoc["detail"] == "empty file")

            let big = dir.appendingPathComponent("big.gpx")
            try Data(repeating: 0x20, count: (1 << 20) + 1).write(to: big)
            let (bigStatus, bigDoc) = try Self.curlForm(server, cookie: ada, ["file=@\(big.path)"])
            #expect(bigStatus == 413 && bigDoc["detail"] == "request body too large")

            let count: Int? = try server.app.db.read {
                try $0.scalar("SELECT COUNT(*) FROM sessions WHERE kind = 'cardio'")
            }
            #expect(count == 1)
        }
    }
}

extension Data {
    /// The bytes with every UTF-8 occurrence of `a` replaced by `b` (test helper).
    func replacingOccurrences(of a: String, with b: String) -> Data {
        Data(String(decoding: self, as: UTF8.self).replacingOccurrences(of: a, with: b).utf8)
    }
}
