import Foundation
import Testing

/// The shipped binary loads libcurl only when an outbound request is made
/// (Sources/CCurl/shim.h): not linked, not mapped at idle, mapped after a
/// recipe import by URL, and the import really went through it.
@Suite(.serialized, .enabled(if: ReleaseBinary.path != nil, "set FORGED_RELEASE_BINARY (make test does)"))
struct OutboundLibraryTests {
    /// The libcurl files mapped into `pid`; fails when the map cannot be read
    /// (the forged binary itself must be in it).
    static func mappedCurl(_ pid: Int32) throws -> [String] {
        let files = try mappedFiles(pid)
        #expect(files.contains { $0.hasSuffix("/forged") }, "\(files)")
        return files.filter { $0.split(separator: "/").last?.hasPrefix("libcurl") == true }.sorted()
    }

    @Test func libcurlIsMappedOnlyAfterTheFirstOutboundRequest() async throws {
        let state = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: state) }
        let forged = try ForgedProcess([
            "serve", "--listen", "127.0.0.1:0", "--state-dir", state.path, "--dev-auth",
            "--config", "/dev/null", "--allowed-users", "ada@example.org:Ada",
            "--allow-private-fetch",
        ])
        #expect(forged.port > 0, "forged did not start: \(forged.log)")
        let pid = forged.process.processIdentifier
        #expect(try Self.mappedCurl(pid).isEmpty)

        let (_, _, signIn) = try await forged.fetch("/auth/dev", method: "POST", body: #"{"email":"ada@example.org"}"#)
        let cookie = try #require(
            signIn.value(forHTTPHeaderField: "Set-Cookie")?.split(separator: ";").first.map(String.init))
        #expect(try Self.mappedCurl(pid).isEmpty)

        // forged fetches its own /healthz: a page, but no recipe on it.
        let body = #"{"url":"http://127.0.0.1:\#(forged.port)/healthz"}"#
        let (status, reply, _) = try await forged.fetch(
            "/api/food/recipes/import", method: "POST", body: body, cookie: cookie)
        let detail = (try JSONSerialization.jsonObject(with: reply) as? [String: Any])?["detail"] as? String ?? ""
        #expect(status == 422 && detail.hasPrefix("no recipe found on the page"), "\(status) \(detail)")
        let mapped = try Self.mappedCurl(pid)
        // The GnuTLS flavour (Debian libcurl3-gnutls, the package's dependency), not the OpenSSL one.
        #expect(mapped.count == 1 && mapped.allSatisfy { $0.contains("/libcurl-gnutls.so.4") }, "\(mapped)")
        // A refused port is reported as a fetch failure, not a crash.
        let refused = #"{"url":"http://127.0.0.1:9/recipe"}"#
        let (failed, failure, _) = try await forged.fetch(
            "/api/food/recipes/import", method: "POST", body: refused, cookie: cookie)
        let why = (try JSONSerialization.jsonObject(with: failure) as? [String: Any])?["detail"] as? String ?? ""
        #expect(failed == 502 && why.contains("fetch failed"), "\(failed) \(why)")
        #expect(forged.terminate() == 0)
    }

    /// The libcurl files a dlopen of either soname would reach.
    static let curl = HiddenLibraries(sonames: ["libcurl-gnutls.so.4", "libcurl.so.4"])
    /// True when this host lets us hide both: tried once, the way the test does it.
    static let canHideLibraries = curl.canHide(expecting: 2)

    /// With libcurl unreadable (hidden in a private mount namespace) an
    /// import fails with a 502 naming the package to install; the daemon keeps serving.
    @Test(.enabled(if: runsAsRoot, needsRoot))
    func aMissingLibcurlFailsTheFetchNamingThePackageAndTheDaemonLives() async throws {
        try #require(
            Self.canHideLibraries,
            "cannot hide libcurl here: root with unshare(1) and both sonames in ldconfig -p needed")
        let state = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: state) }
        let forged = try ForgedProcess(
            [
                "serve", "--listen", "127.0.0.1:0", "--state-dir", state.path, "--dev-auth",
                "--config", "/dev/null", "--allowed-users", "ada@example.org:Ada",
                "--allow-private-fetch",
            ],
            launcher: Self.curl.launcher)
        #expect(forged.port > 0, "forged did not start: \(forged.log)")
        let (_, _, signIn) = try await forged.fetch("/auth/dev", method: "POST", body: #"{"email":"ada@example.org"}"#)
        let cookie = try #require(
            signIn.value(forHTTPHeaderField: "Set-Cookie")?.split(separator: ";").first.map(String.init))
        for _ in 0..<2 {
            let (status, reply, _) = try await forged.fetch(
                "/api/food/recipes/import", method: "POST",
                body: #"{"url":"http://127.0.0.1:9/recipe"}"#, cookie: cookie)
            let detail = (try JSONSerialization.jsonObject(with: reply) as? [String: Any])?["detail"] as? String ?? ""
            #expect(status == 502, "\(detail)")
            #expect(
                detail.hasPrefix(
                    "could not fetch the page: fetch failed: cannot load libcurl-gnutls.so.4 or libcurl.so.4"),
                "\(detail)")
            #expect(detail.hasSuffix("(install the Debian package libcurl3-gnutls)"), "\(detail)")
            // Each soname's own dlerror, not only the last one's.
            let reasons = detail.dropFirst(
                "could not fetch the page: fetch failed: cannot load libcurl-gnutls.so.4 or libcurl.so.4: ".count)
            #expect(
                reasons.contains("libcurl-gnutls.so.4") && reasons.contains("; ") && reasons.contains("libcurl.so.4"),
                "\(detail)")
        }
        let (health, _, _) = try await forged.fetch("/healthz")
        #expect(health == 200)
        #expect(forged.terminate() == 0)
    }
}
