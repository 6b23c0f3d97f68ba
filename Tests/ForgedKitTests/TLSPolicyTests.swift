// SPDX-License-Identifier: Apache-2.0
import ForgeHTTP
import Foundation
import Testing

/// Issue 26: HTTPS is TLS 1.2 or later with authenticated, forward-secret
/// ciphers (``TLSCertificate/priorities``). Checked with openssl s_client,
/// allowed to offer anything (`@SECLEVEL=0`), against the forged binary.
@Suite(.serialized) struct TLSPolicyTests {
    /// `openssl s_client` with `options`; whether the handshake completed.
    func handshake(_ port: Int, _ options: String) throws -> (ok: Bool, out: String) {
        let run = try shell(
            "openssl s_client -connect 127.0.0.1:\(port) -servername localhost \(options) </dev/null || true")
        // A completed handshake prints the negotiated protocol and a real cipher.
        let ok =
            run.out.range(of: #"(Protocol\s*:\s*|New, )TLSv1\.[23]"#, options: .regularExpression) != nil
            && !run.out.contains("Cipher is (NONE)")
        return (ok, run.out)
    }

    @Test func tlsOneAndOnePointOneAndWeakCiphersAreRefused() throws {
        #expect(executable("openssl") != nil, "openssl missing (apt install openssl)")
        let binary = try #require(ForgedBinary.path, "build forged first (swift build)")
        let dir = TempDir()
        defer { dir.remove() }
        try makeHouseholdCA(in: dir.path)
        let forged = try ServeProcess(
            executable: binary,
            arguments: [
                "serve", "--listen", "127.0.0.1:0", "--state-dir", dir.path + "/state", "--config", "/dev/null",
                "--tls-cert", dir.path + "/forge.crt", "--tls-key", dir.path + "/forge.key",
            ],
            environment: cleanEnvironment(["PATH": "/usr/bin:/bin"]))
        defer { _ = forged.stop() }
        let line = try #require(forged.waitForLog(#"listening on https://127\.0\.0\.1:\d+"#), "\(forged.log)")
        let port = try #require(Int(line.split(separator: ":").last ?? ""))

        let anything = "-cipher 'ALL:@SECLEVEL=0'"
        let tls10 = try handshake(port, "-tls1 \(anything)")
        #expect(!tls10.ok, "TLS 1.0 accepted:\n\(tls10.out)")
        let tls11 = try handshake(port, "-tls1_1 \(anything)")
        #expect(!tls11.ok, "TLS 1.1 accepted:\n\(tls11.out)")
        for weak in [
            "ECDHE-RSA-AES256-SHA", "ECDHE-ECDSA-AES128-SHA", "AES128-GCM-SHA256", "ECDHE-ECDSA-AES256-SHA384",
        ] {
            let run = try handshake(port, "-tls1_2 -cipher '\(weak):@SECLEVEL=0'")
            #expect(!run.ok, "TLS 1.2 with \(weak) accepted:\n\(run.out)")
        }
        // What a current client speaks still works.
        let tls12 = try handshake(port, "-tls1_2")
        #expect(tls12.ok && tls12.out.contains("ECDHE-ECDSA-AES"), "\(tls12.out)")
        let tls13 = try handshake(port, "-tls1_3")
        #expect(tls13.ok && tls13.out.contains("TLSv1.3"), "\(tls13.out)")
        #expect(try curlStatus("--cacert '\(dir.path)/ca.crt' https://127.0.0.1:\(port)/healthz") == 200)
    }

    @Test func thePriorityStringIsDocumentedInTheManPage() throws {
        let page = try String(
            contentsOf: repositoryRoot.appendingPathComponent("packaging/forged.8"), encoding: .utf8)
        #expect(page.contains(TLSCertificate.priorities.replacingOccurrences(of: "-", with: "\\-")))
    }
}
