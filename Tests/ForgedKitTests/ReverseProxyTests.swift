// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// forged behind a real nginx (Debian's nginx-light) and a real Caddy, configured with the
/// package's `packaging/examples/nginx-forged.conf` and `Caddyfile`: the sign-in lock-out
/// is per real client address, and an untrusted peer's forwarding headers
/// change nothing.
@Suite(
    .serialized,
    .enabled(if: ReleaseBinary.path != nil, "set FORGED_RELEASE_BINARY (make test does)"))
struct ReverseProxyTests {
    /// A failing password sign-in from `address` through `base`; its status.
    /// One failed sign-in as `email` from `address`; the HTTP status. The direct-peer checks use
    /// another account than the proxy checks, so the per-account delay (after 10 failures on one
    /// account from any address) does not mix into the per-address lock-out they test.
    func signIn(
        from address: String, via base: String, ca: String = "", extra: String = "",
        email: String = "ada@example.org"
    ) throws -> Int {
        _ = try requiredTool("curl", package: "curl")
        return try curlStatus(
            "--interface \(address) \(ca) -X POST \(extra) "
                + "-H 'Content-Type: application/json' "
                + "-d '{\"email\":\"\(email)\",\"password\":\"not the password\"}' \(base)/auth/login")
    }

    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../packaging/examples/nginx-forged.conf").standardized.path

    @Test func lockOutFollowsTheRealClientBehindNginx() throws {
        let dir = TempDir()
        defer { dir.remove() }
        try makeHouseholdCA(in: dir.path)
        let forged = try ServeProcess(
            executable: try #require(ReleaseBinary.path),
            arguments: [
                "serve", "--listen", "127.0.0.1:0", "--state-dir", dir.path + "/state", "--config", "/dev/null",
                "--trusted-proxy", "127.0.0.1", "--trusted-proxy", "::1",
            ],
            environment: ["PATH": "/usr/bin:/bin"])
        defer { _ = forged.stop() }
        let port = try #require(forged.listeningPort())

        // The shipped example, pointed at this forged and this test's certificate.
        let proxyPort = try freePort()
        let plainPort = try freePort()
        let site = try String(contentsOfFile: Self.example, encoding: .utf8)
            .replacingOccurrences(of: "listen 443 ssl;", with: "listen 127.0.0.1:\(proxyPort) ssl;")
            .replacingOccurrences(of: "listen [::]:443 ssl;", with: "")
            .replacingOccurrences(of: "listen 80;", with: "listen 127.0.0.1:\(plainPort);")
            .replacingOccurrences(of: "listen [::]:80;", with: "")
            .replacingOccurrences(of: "server_name forge.home.arpa;", with: "server_name localhost;")
            .replacingOccurrences(of: "/etc/forge/tls/", with: dir.path + "/")
            .replacingOccurrences(of: "127.0.0.1:8080", with: "127.0.0.1:\(port)")
        #expect(site.contains("X-Forwarded-For $remote_addr"))
        _ = try dir.write("site.conf", site)
        try FileManager.default.createDirectory(atPath: dir.path + "/tmp", withIntermediateDirectories: true)
        let conf = try dir.write(
            "nginx.conf",
            """
            worker_processes 1;
            pid \(dir.path)/nginx.pid;
            error_log \(dir.path)/error.log;
            events {}
            http {
                access_log off;
                client_body_temp_path \(dir.path)/tmp/body; proxy_temp_path \(dir.path)/tmp/proxy;
                fastcgi_temp_path \(dir.path)/tmp/fcgi; uwsgi_temp_path \(dir.path)/tmp/uwsgi; scgi_temp_path \(dir.path)/tmp/scgi;
                include \(dir.path)/site.conf;
            }
            """)
        let nginx = try ServeProcess(
            executable: try requiredTool("nginx", package: "nginx-light"),
            arguments: ["-c", conf, "-e", dir.path + "/error.log", "-g", "daemon off;"],
            environment: ["PATH": "/usr/sbin:/usr/bin:/bin"])
        defer { _ = nginx.stop() }
        let proxy = "https://localhost:\(proxyPort)"
        let ca = "--cacert '\(dir.path)/ca.crt'"
        var up = false
        for _ in 0..<100 where !up {
            up = try curlStatus("\(ca) \(proxy)/healthz") == 200
            if !up { usleep(50_000) }
        }
        try #require(
            up,
            "nginx did not come up: \((try? String(contentsOfFile: dir.path + "/error.log", encoding: .utf8)) ?? "")")

        try checkProxy(proxy, ca: ca, forgedPort: port)
        // http:// typed by hand is sent to https://, path and query kept.
        let redirect = try shell(
            "curl -s -o /dev/null -w '%{http_code} %{redirect_url}' "
                + "http://localhost:\(plainPort)/kitchen?x=1 || true"
        ).out
        #expect(redirect == "301 https://localhost/kitchen?x=1", "\(redirect)")

        // Straight to forged from an untrusted peer: its forwarding headers are
        // ignored: a fresh X-Forwarded-For per attempt does not escape the lock-out.
        let direct = "http://127.0.0.1:\(port)"
        for attempt in 1...5 {
            #expect(
                try signIn(
                    from: "127.0.0.4", via: direct, extra: "-H 'X-Forwarded-For: 198.51.100.\(attempt)'",
                    email: "ben@example.org") == 401)
        }
        #expect(
            try signIn(
                from: "127.0.0.4", via: direct, extra: "-H 'X-Forwarded-For: 198.51.100.99'", email: "ben@example.org")
                == 429)
        let spoofed = try shell(
            "curl -s -D - -o /dev/null --interface 127.0.0.4 -X POST "
                + "-H 'X-Forwarded-Proto: https' \(direct)/auth/logout"
        ).out
        #expect(spoofed.hasPrefix("HTTP/1.1 200") && !spoofed.contains("Secure"), "\(spoofed)")
        #expect(
            try curlStatus(
                "--interface 127.0.0.6 \(login) -H 'X-Forwarded-Proto: https' "
                    + "-H 'Origin: https://127.0.0.1:\(port)' \(direct)/auth/login") == 403)
    }

    /// Through the proxy at `proxy` (https, trusted by forged): the lock-out
    /// is per real client, a client's made-up X-Forwarded-For changes
    /// nothing, and the proxy's `X-Forwarded-Proto: https` gives Secure
    /// cookies and the https origin.
    func checkProxy(_ proxy: String, ca: String, forgedPort port: Int) throws {
        // Through nginx, from 127.0.0.2: five failures, then locked out, even
        // when the client makes up an X-Forwarded-For (nginx replaces it).
        for attempt in 1...5 {
            #expect(try signIn(from: "127.0.0.2", via: proxy, ca: ca) == 401, "attempt \(attempt)")
        }
        #expect(try signIn(from: "127.0.0.2", via: proxy, ca: ca) == 429)
        #expect(try signIn(from: "127.0.0.2", via: proxy, ca: ca, extra: "-H 'X-Forwarded-For: 10.1.2.3'") == 429)
        // Another household device behind the same proxy is not locked out.
        #expect(try signIn(from: "127.0.0.3", via: proxy, ca: ca) == 401)

        // The proxy said https: Secure cookies, and the https origin passes.
        #expect(try curlStatus("--interface 127.0.0.5 \(ca) \(login) -H 'Origin: \(proxy)' \(proxy)/auth/login") == 401)
        #expect(
            try curlStatus(
                "--interface 127.0.0.5 \(ca) \(login) -H 'Origin: \(proxy.replacingOccurrences(of: "https://", with: "http://"))' \(proxy)/auth/login"
            ) == 403)
        let logout = try shell("curl -s -D - -o /dev/null \(ca) -X POST \(proxy)/auth/logout").out
        #expect(logout.range(of: #"^HTTP/[0-9.]+ 200"#, options: .regularExpression) != nil, "\(logout)")
        #expect(logout.contains("SameSite=Lax; Secure"), "\(logout)")

    }

    /// The same through Debian's Caddy with the package's `Caddyfile` (`tls internal`).
    @Test func lockOutFollowsTheRealClientBehindCaddy() throws {
        let dir = TempDir()
        defer { dir.remove() }
        try FileManager.default.createDirectory(atPath: dir.path, withIntermediateDirectories: true)
        let forged = try ServeProcess(
            executable: try #require(ReleaseBinary.path),
            arguments: [
                "serve", "--listen", "127.0.0.1:0", "--state-dir", dir.path + "/state", "--config", "/dev/null",
                "--trusted-proxy", "127.0.0.1",
            ],
            environment: ["PATH": "/usr/bin:/bin"])
        defer { _ = forged.stop() }
        let port = try #require(forged.listeningPort())
        let proxyPort = try freePort()
        let example = Self.example.replacingOccurrences(of: "nginx-forged.conf", with: "Caddyfile")
        let site = try String(contentsOfFile: example, encoding: .utf8)
            .replacingOccurrences(of: "forge.home.arpa {", with: "localhost:\(proxyPort) {")
            .replacingOccurrences(of: "127.0.0.1:8080", with: "127.0.0.1:\(port)")
        #expect(site.contains("tls internal"))
        // Test-only globals: no trust-store install, no admin port, no port 80.
        let config = try dir.write(
            "Caddyfile", "{\n\tskip_install_trust\n\tadmin off\n\thttp_port \(try freePort())\n}\n" + site)
        let caddy = try ServeProcess(
            executable: try requiredTool("caddy", package: "caddy"),
            arguments: ["run", "--config", config, "--adapter", "caddyfile"],
            environment: [
                "PATH": "/usr/bin:/bin", "HOME": dir.path,
                "XDG_DATA_HOME": dir.path + "/data", "XDG_CONFIG_HOME": dir.path + "/config",
            ])
        defer { _ = caddy.stop() }
        let root = dir.path + "/data/caddy/pki/authorities/local/root.crt"
        let proxy = "https://localhost:\(proxyPort)"
        var up = false
        for _ in 0..<200 where !up {
            up =
                try FileManager.default.fileExists(atPath: root)
                && (curlStatus("--cacert '\(root)' \(proxy)/healthz")) == 200
            if !up { usleep(50_000) }
        }
        try #require(up, "caddy did not come up: \(caddy.log)")
        try checkProxy(proxy, ca: "--cacert '\(root)'", forgedPort: port)
    }
}
