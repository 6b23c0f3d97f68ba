// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// Runs a shell script (bash, `set -e`); its status and stdout+stderr.
func shell(_ script: String) throws -> (status: Int32, out: String) {
    let result = try runProcess("/bin/bash", ["-c", "set -e\n" + script + " 2>&1"])
    return (result.status, result.out + result.err)
}

/// A household CA and two server certificates for 127.0.0.1/localhost made
/// with openssl, exactly as the README's "Put it on your network" shows:
/// `ca.crt`, `forge.crt`/`forge.key` (serial 1001, CN forge-one) and
/// `renewed.crt`/`renewed.key` (serial 1002, CN forge-two).
func makeHouseholdCA(in dir: String) throws {
    _ = try requiredTool("openssl", package: "openssl")
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let made = try shell(
        """
        cd '\(dir)'
        openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 3650 \
          -keyout ca.key -out ca.crt -subj '/CN=Forge household CA' \
          -addext 'basicConstraints=critical,CA:TRUE' -addext 'keyUsage=critical,keyCertSign,cRLSign'
        for pair in forge:forge-one:1001 renewed:forge-two:1002; do
          IFS=: read name cn serial <<< "$pair"
          openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
            -keyout $name.key -out $name.csr -subj "/CN=$cn"
          printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\\nextendedKeyUsage=serverAuth\\n' > $name.ext
          openssl x509 -req -in $name.csr -CA ca.crt -CAkey ca.key -set_serial 0x$serial -days 825 \
            -extfile $name.ext -out $name.crt
        done
        """)
    try #require(made.status == 0, "\(made.out)")
}

/// The serial (upper-case hex) a fresh TLS connection to the port is shown.
func presentedSerial(port: Int) throws -> String {
    let out = try shell(
        "openssl s_client -connect 127.0.0.1:\(port) -servername localhost </dev/null 2>/dev/null"
            + " | openssl x509 -noout -serial"
    ).out
    return out.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "serial=", with: "")
}

/// curl arguments of a failing password sign-in (the same-origin check runs first).
let login = "-X POST -H 'Content-Type: application/json' -d '{\"email\":\"ada@example.org\",\"password\":\"wrong\"}'"

/// `curl` status code (and headers with `-D -`): `curl -s -o /dev/null -w %{http_code} ARGS`.
func curlStatus(_ arguments: String) throws -> Int {
    Int(
        try shell("curl -s -o /dev/null -w '%{http_code}' \(arguments) || true").out
            .trimmingCharacters(in: .whitespacesAndNewlines).suffix(3)) ?? 0
}

@Suite(.serialized, .enabled(if: ReleaseBinary.path != nil, "set FORGED_RELEASE_BINARY (make test does)"))
struct NetworkTLSTests {
    /// HTTPS straight from forged with a household-CA certificate; a renewal
    /// swapped in and SIGHUP'd is what the next connection sees; a broken
    /// renewal keeps the old certificate.
    @Test func servesHTTPSAndReloadsTheCertificateOnSIGHUP() throws {
        let dir = TempDir()
        defer { dir.remove() }
        try makeHouseholdCA(in: dir.path)
        let tls = dir.path + "/tls"
        try FileManager.default.createDirectory(atPath: tls, withIntermediateDirectories: true)
        _ = try shell("cp '\(dir.path)/forge.crt' '\(tls)/cert.pem'; cp '\(dir.path)/forge.key' '\(tls)/key.pem'")
        let forged = try ServeProcess(
            executable: try #require(ReleaseBinary.path),
            arguments: [
                "serve", "--listen", "127.0.0.1:0", "--state-dir", dir.path + "/state", "--config", "/dev/null",
                "--tls-cert", tls + "/cert.pem", "--tls-key", tls + "/key.pem",
            ],
            environment: ["PATH": "/usr/bin:/bin"])
        defer { _ = forged.stop() }
        let line = try #require(forged.waitForLog(#"listening on https://127\.0\.0\.1:\d+"#), "\(forged.log)")
        let port = try #require(Int(line.split(separator: ":").last ?? ""))
        #expect(forged.log.contains("TLS certificate CN=forge-one, serial 1001"))

        let url = "https://127.0.0.1:\(port)"
        #expect(try curlStatus("--cacert '\(dir.path)/ca.crt' \(url)/healthz") == 200)
        // Without the household CA the certificate is not trusted; plain HTTP gets no answer.
        #expect(try curlStatus("\(url)/healthz") == 0)
        #expect(try curlStatus("http://127.0.0.1:\(port)/healthz") == 0)
        #expect(try presentedSerial(port: port) == "1001")
        // Served over https: cookies are Secure, and the https origin of the
        // request's own host passes the same-origin check, the http one does not.
        let logout = try shell(
            "curl -s -D - -o /dev/null --cacert '\(dir.path)/ca.crt' -X POST "
                + "-H 'Origin: \(url)' \(url)/auth/logout"
        ).out
        #expect(logout.hasPrefix("HTTP/1.1 200"), "\(logout)")
        #expect(logout.contains("HttpOnly; SameSite=Lax; Secure"), "\(logout)")
        #expect(try curlStatus("--cacert '\(dir.path)/ca.crt' \(login) -H 'Origin: \(url)' \(url)/auth/login") == 401)
        #expect(
            try curlStatus(
                "--cacert '\(dir.path)/ca.crt' \(login) -H 'Origin: http://127.0.0.1:\(port)' \(url)/auth/login") == 403
        )

        // Renewal: new files in place, SIGHUP, the next connection gets the new certificate.
        _ = try shell("cp '\(dir.path)/renewed.crt' '\(tls)/cert.pem'; cp '\(dir.path)/renewed.key' '\(tls)/key.pem'")
        forged.signal(SIGHUP)
        #expect(forged.waitForLog("reloaded TLS certificate CN=forge-two, serial 1002") != nil, "\(forged.log)")
        #expect(try presentedSerial(port: port) == "1002")
        #expect(try curlStatus("--cacert '\(dir.path)/ca.crt' \(url)/healthz") == 200)

        // A broken renewal (key of another certificate) is refused and logged; 1002 stays.
        _ = try shell("cp '\(dir.path)/forge.key' '\(tls)/key.pem'")
        forged.signal(SIGHUP)
        #expect(
            forged.waitForLog("TLS certificate reload failed, the previous certificate stays in use") != nil,
            "\(forged.log)")
        #expect(try presentedSerial(port: port) == "1002")
        #expect(try curlStatus("--cacert '\(dir.path)/ca.crt' \(url)/healthz") == 200)
        #expect(forged.stop() == 0)
    }

    /// A certificate outside its validity is still served (a renewal may be on
    /// its way) but logged at warning priority, at start and on SIGHUP.
    @Test func expiredOrNotYetValidCertificateIsServedWithAWarning() throws {
        let dir = TempDir()
        defer { dir.remove() }
        try makeHouseholdCA(in: dir.path)
        let made = try shell(
            """
            cd '\(dir.path)'
            touch index.txt; echo 1003 > serial
            printf '[ca]\\ndefault_ca = d\\n[d]\\ndatabase = index.txt\\nnew_certs_dir = .\\nserial = serial\\ndefault_md = sha256\\npolicy = p\\n[p]\\ncommonName = supplied\\n' > ca.cnf
            for pair in old:20200101000000Z:20210101000000Z future:20990101000000Z:21000101000000Z; do
              IFS=: read name from to <<< "$pair"
              openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout $name.key -out $name.csr -subj "/CN=forge-$name"
              openssl ca -batch -config ca.cnf -cert ca.crt -keyfile ca.key -in $name.csr -out $name.crt -startdate $from -enddate $to -notext
            done
            mkdir tls; cp old.crt tls/cert.pem; cp old.key tls/key.pem
            """)
        try #require(made.status == 0, "\(made.out)")
        let forged = try ServeProcess(
            executable: try #require(ReleaseBinary.path),
            arguments: [
                "serve", "--listen", "127.0.0.1:0", "--state-dir", dir.path + "/state", "--config", "/dev/null",
                "--tls-cert", dir.path + "/tls/cert.pem", "--tls-key", dir.path + "/tls/key.pem",
            ],
            environment: ["PATH": "/usr/bin:/bin"])
        defer { _ = forged.stop() }
        _ = try #require(forged.waitForLog(#"listening on https://127\.0\.0\.1:\d+"#), "\(forged.log)")
        #expect(
            forged.log.contains("TLS certificate CN=forge-old is expired 2021-01-01T00:00:00Z: clients will refuse it"),
            "\(forged.log)")
        _ = try shell(
            "cp '\(dir.path)/future.crt' '\(dir.path)/tls/cert.pem'; cp '\(dir.path)/future.key' '\(dir.path)/tls/key.pem'"
        )
        forged.signal(SIGHUP)
        #expect(
            forged.waitForLog("TLS certificate CN=forge-future is not valid before 2099-01-01T00:00:00Z") != nil,
            "\(forged.log)")
        _ = try shell(
            "cp '\(dir.path)/forge.crt' '\(dir.path)/tls/cert.pem'; cp '\(dir.path)/forge.key' '\(dir.path)/tls/key.pem'"
        )
        forged.signal(SIGHUP)
        #expect(forged.waitForLog("reloaded TLS certificate CN=forge-one, serial 1001") != nil, "\(forged.log)")
        #expect(!forged.log.contains("TLS certificate CN=forge-one is"), "a valid certificate gets no warning")
    }

    /// A certificate that does not load stops forged before it binds or creates anything.
    @Test func badCertificateFailsStartWithNothingCreated() throws {
        let dir = TempDir()
        defer { dir.remove() }
        try makeHouseholdCA(in: dir.path)
        let result = try runProcess(
            try #require(ReleaseBinary.path),
            [
                "serve", "--listen", "127.0.0.1:0", "--state-dir", dir.path + "/state",
                "--config", "/dev/null", "--tls-cert", dir.path + "/forge.crt",
                "--tls-key", dir.path + "/renewed.key",
            ])
        #expect(result.status == 1)
        #expect(result.err.contains("cannot serve HTTPS"), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/state"))
    }

    /// On a plain-http listener an `https://` origin of the same host is cross-origin.
    @Test func plainHTTPRefusesAnHTTPSOriginOfItsOwnHost() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let forged = try ServeProcess(
            executable: try #require(ReleaseBinary.path),
            arguments: ["serve", "--listen", "127.0.0.1:0", "--state-dir", dir.path, "--config", "/dev/null"],
            environment: ["PATH": "/usr/bin:/bin"])
        defer { _ = forged.stop() }
        let port = try #require(forged.listeningPort())
        let url = "http://127.0.0.1:\(port)/auth/login"
        #expect(try curlStatus("\(login) -H 'Origin: https://127.0.0.1:\(port)' \(url)") == 403)
        #expect(try curlStatus("\(login) -H 'Origin: http://127.0.0.1:\(port)' \(url)") == 401)
        let logout = try shell("curl -s -D - -o /dev/null -X POST http://127.0.0.1:\(port)/auth/logout").out
        #expect(logout.contains("SameSite=Lax") && !logout.contains("Secure"), "\(logout)")
    }
}
