import Foundation
import Testing

/// libxml2 (the GPX/TCX reader) is not linked into the release binary: it is
/// loaded with dlopen on the first import (Sources/CLibXML2/shim.h), so an idle
/// daemon never maps it. Checked on the real binary and its /proc maps.
@Suite(.serialized, .enabled(if: ReleaseBinary.path != nil, "set FORGED_RELEASE_BINARY (make test does)"))
struct LibXML2OnFirstUseTests {
    /// Whether libxml2 is mapped into `pid`; fails when the map cannot be read
    /// (the forged binary itself must be in it).
    static func mapsLibXML2(_ pid: Int32) throws -> Bool {
        let files = try mappedFiles(pid)
        #expect(files.contains { $0.hasSuffix("/forged") }, "\(files)")
        return files.contains { $0.split(separator: "/").last?.hasPrefix("libxml2.so") == true }
    }

    static let gpx = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/gpx/two-segments-prefixed.gpx")

    /// libxml2.so.2 hidden (a host without the Debian package libxml2).
    static let hidden = HiddenLibraries(sonames: ["libxml2.so.2"])
    static let canHideLibXML2 = hidden.canHide(expecting: 1)

    @Test func theReleaseBinaryDoesNotNeedLibXML2() throws {
        let dynamic = try runProcess("/usr/bin/readelf", ["-d", try #require(ReleaseBinary.path)])
        #expect(dynamic.status == 0, "\(dynamic.err)")
        let needed = dynamic.out.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        #expect(needed.contains { $0.contains("libc.so") }, "readelf printed no NEEDED list: \(dynamic.out)")
        #expect(!needed.contains { $0.contains("libxml2") }, "\(needed)")
    }

    /// Starts the release binary with one member signed in: the process and the cookie.
    static func signedIn(_ state: URL, launcher: [String] = []) async throws -> (ForgedProcess, String) {
        let forged = try ForgedProcess(
            [
                "serve", "--listen", "127.0.0.1:0", "--state-dir", state.path, "--dev-auth",
                "--config", "/dev/null", "--timezone", "Europe/London", "--allowed-users", "ada@example.org:Ada",
            ],
            launcher: launcher)
        #expect(forged.port > 0, "forged did not start: \(forged.log)")
        let (_, _, signIn) = try await forged.fetch("/auth/dev", method: "POST", body: #"{"email":"ada@example.org"}"#)
        let cookie = try #require(
            signIn.value(forHTTPHeaderField: "Set-Cookie")?.split(separator: ";").first.map(String.init))
        return (forged, cookie)
    }

    @Test func aGPXImportLoadsLibXML2AndAnIdleServerNeverDoes() async throws {
        let state = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: state) }
        let (forged, cookie) = try await Self.signedIn(state)
        let pid = forged.process.processIdentifier
        _ = try await forged.fetch("/api/today", cookie: cookie)
        #expect(try !Self.mapsLibXML2(pid))

        let gpx = try String(contentsOf: Self.gpx, encoding: .utf8)
        let (status, reply, _) = try await forged.fetch(
            "/api/sessions/import", method: "POST", body: gpx, contentType: "application/gpx+xml", cookie: cookie)
        #expect(status == 200, "\(String(decoding: reply, as: UTF8.self))")
        let session = try JSONSerialization.jsonObject(with: reply) as? [String: Any] ?? [:]
        #expect(session["day"] as? String == "2026-07-15", "\(session)")
        #expect(try Self.mapsLibXML2(pid))
        // A malformed file after the load is still a clear 422 with libxml2's line.
        let (bad, badReply, _) = try await forged.fetch(
            "/api/sessions/import", method: "POST",
            body: "<gpx xmlns=\"http://www.topografix.com/GPX/1/1\">\n<trk></gpx>", contentType: "application/gpx+xml",
            cookie: cookie)
        let detail = (try JSONSerialization.jsonObject(with: badReply) as? [String: Any])?["detail"] as? String ?? ""
        #expect(bad == 422 && detail.hasPrefix("not well-formed XML: ") && detail.hasSuffix("(line 2)"), "\(detail)")
        #expect(forged.terminate() == 0)
    }

    /// Without libxml2 an import is the server's fault: a 500 naming the package
    /// and the loader's reason (not a 422 blaming the file), every time; the daemon keeps serving.
    @Test(.enabled(if: runsAsRoot, needsRoot))
    func aMissingLibXML2IsA500NamingThePackageAndTheDaemonLives() async throws {
        try #require(
            Self.canHideLibXML2, "cannot hide libxml2 here: root with unshare(1) and libxml2.so.2 in ldconfig -p needed"
        )
        let state = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: state) }
        let (forged, cookie) = try await Self.signedIn(state, launcher: Self.hidden.launcher)
        let gpx = try String(contentsOf: Self.gpx, encoding: .utf8)
        for _ in 0..<2 {
            let (status, reply, _) = try await forged.fetch(
                "/api/sessions/import", method: "POST", body: gpx, contentType: "application/gpx+xml", cookie: cookie)
            let detail = (try JSONSerialization.jsonObject(with: reply) as? [String: Any])?["detail"] as? String ?? ""
            #expect(status == 500, "\(detail)")
            #expect(
                detail.hasPrefix(
                    "the XML reader needs libxml2 (install the Debian package libxml2): cannot load libxml2.so.2: "),
                "\(detail)")
        }
        let (history, list, _) = try await forged.fetch("/api/history", cookie: cookie)
        #expect(
            history == 200 && String(decoding: list, as: UTF8.self) == "[]",
            "nothing half-written: \(String(decoding: list, as: UTF8.self))")
        let (health, _, _) = try await forged.fetch("/healthz")
        #expect(health == 200)
        #expect(forged.terminate() == 0)
    }
}
