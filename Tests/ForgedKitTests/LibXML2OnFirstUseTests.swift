import Foundation
import Testing

/// libxml2 (the GPX/TCX reader) is not linked into the release binary: it is
/// loaded with dlopen on the first import (Sources/CLibXML2/shim.h), so an idle
/// daemon never maps it. Checked on the real binary and its /proc maps.
@Suite(.serialized, .enabled(if: ReleaseBinary.path != nil, "set FORGED_RELEASE_BINARY (make test does)"))
struct LibXML2OnFirstUseTests {
    static func mapsLibXML2(_ pid: Int32) throws -> Bool {
        try String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8).contains("/libxml2.so")
    }

    @Test func theReleaseBinaryDoesNotNeedLibXML2() throws {
        let dynamic = try runProcess("/usr/bin/readelf", ["-d", try #require(ReleaseBinary.path)])
        #expect(dynamic.status == 0, "\(dynamic.err)")
        let needed = dynamic.out.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        #expect(needed.contains { $0.contains("libc.so") }, "readelf printed no NEEDED list: \(dynamic.out)")
        #expect(!needed.contains { $0.contains("libxml2") }, "\(needed)")
    }

    @Test func aGPXImportLoadsLibXML2AndAnIdleServerNeverDoes() async throws {
        let state = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: state) }
        let forged = try ForgedProcess(["serve", "--listen", "127.0.0.1:0", "--state-dir", state.path, "--dev-auth",
                                        "--config", "/dev/null", "--timezone", "Europe/London", "--allowed-users", "ada@example.org:Ada"])
        #expect(forged.port > 0, "forged did not start: \(forged.log)")
        let pid = forged.process.processIdentifier
        let (_, _, signIn) = try await forged.fetch("/auth/dev", method: "POST", body: #"{"email":"ada@example.org"}"#)
        let cookie = try #require(signIn.value(forHTTPHeaderField: "Set-Cookie")?.split(separator: ";").first.map(String.init))
        _ = try await forged.fetch("/api/today", cookie: cookie)
        #expect(try !Self.mapsLibXML2(pid))

        let gpx = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/gpx/two-segments-prefixed.gpx"), encoding: .utf8)
        let (status, reply, _) = try await forged.fetch("/api/sessions/import", method: "POST", body: gpx, cookie: cookie)
        #expect(status == 200, "\(String(decoding: reply, as: UTF8.self))")
        let session = try JSONSerialization.jsonObject(with: reply) as? [String: Any] ?? [:]
        #expect(session["day"] as? String == "2026-07-15", "\(session)")
        #expect(try Self.mapsLibXML2(pid))
        // A malformed file after the load is still a clear 422 with libxml2's line.
        let (bad, badReply, _) = try await forged.fetch("/api/sessions/import", method: "POST", body: "<gpx xmlns=\"http://www.topografix.com/GPX/1/1\">\n<trk></gpx>", cookie: cookie)
        let detail = (try JSONSerialization.jsonObject(with: badReply) as? [String: Any])?["detail"] as? String ?? ""
        #expect(bad == 422 && detail.hasPrefix("not well-formed XML: ") && detail.hasSuffix("(line 2)"), "\(detail)")
        #expect(forged.terminate() == 0)
    }
}
