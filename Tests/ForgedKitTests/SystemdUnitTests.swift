import ForgeCore
import Foundation
import Testing

/// The units in systemd/ pass systemd's own analyzers: `verify` prints
/// nothing and `security --offline=yes` rates forged.service at most 2.0.
/// Needs systemd-analyze (apt install systemd; .ci/run installs it).
@Suite struct SystemdUnitTests {
    static let systemUnits = ["forged.service", "forged.socket", "forged-events.socket"]

    var analyze: String {
        get throws { try #require(executable("systemd-analyze"), "systemd-analyze missing (apt install systemd)") }
    }

    /// A scratch root with the distribution's units, ours, and executables
    /// at the paths ExecStart= and ExecReload= name, as after installing.
    func scratchRoot() throws -> TempDir {
        let root = TempDir()
        let fm = FileManager.default
        let units = root.file("usr/lib/systemd/system")
        try fm.createDirectory(atPath: root.file("usr/lib/systemd"), withIntermediateDirectories: true)
        try fm.copyItem(atPath: "/usr/lib/systemd/system", toPath: units)
        for unit in Self.systemUnits {
            try? fm.removeItem(atPath: units + "/" + unit)
            try fm.copyItem(
                atPath: repositoryRoot.appendingPathComponent("systemd/" + unit).path, toPath: units + "/" + unit)
        }
        for tool in ["usr/bin/forged", "bin/kill"] {
            try fm.createDirectory(
                atPath: (root.file(tool) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try "#!/bin/sh\n".write(toFile: root.file(tool), atomically: true, encoding: .utf8)
            try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.file(tool))
        }
        return root
    }

    @Test func systemUnitsVerifyWithoutAWord() throws {
        let root = try scratchRoot()
        defer { root.remove() }
        // --man=no: Documentation=man:forged(8) is installed only with the package.
        let result = try runCommand(try analyze, ["verify", "--man=no", "--root=\(root.path)"] + Self.systemUnits)
        #expect(result.output.isEmpty, "systemd-analyze verify said: \(result.output)")
        #expect(result.status == 0)
    }

    @Test func userUnitVerifiesWithoutAWord() throws {
        // systemd-analyze cannot combine --user with --root; verify a copy whose
        // ExecStart= names the built binary instead of /usr/bin/forged.
        let binary = try #require(ForgedBinary.path)
        let dir = TempDir()
        defer { dir.remove() }
        let text = try String(
            contentsOf: repositoryRoot.appendingPathComponent("systemd/user/forged-notify-desktop.service"),
            encoding: .utf8)
        #expect(text.contains("ExecStart=/usr/bin/forged notify desktop"))
        let unit = try dir.write(
            "forged-notify-desktop.service", text.replacingOccurrences(of: "/usr/bin/forged", with: binary))
        try FileManager.default.createDirectory(atPath: dir.file("run"), withIntermediateDirectories: true)
        let result = try runCommand(
            try analyze, ["verify", "--user", unit],
            environment: cleanEnvironment(["XDG_RUNTIME_DIR": dir.file("run")]))
        #expect(result.output.isEmpty, "systemd-analyze verify --user said: \(result.output)")
        #expect(result.status == 0)
    }

    @Test func serviceExposureIsAtMostTwo() throws {
        let unit = repositoryRoot.appendingPathComponent("systemd/forged.service").path
        let result = try runCommand(try analyze, ["security", "--offline=yes", unit])
        let range = try #require(
            result.output.range(
                of: #"Overall exposure level for forged\.service: [0-9.]+"#,
                options: .regularExpression), "\(result.output)")
        let score = try #require(Double(result.output[range].split(separator: " ").last ?? ""))
        #expect(score <= 2.0, "exposure \(score):\n\(result.output)")
    }

    @Test func sysusersCreatesTheServiceUser() throws {
        let sysusers = try #require(executable("systemd-sysusers"), "systemd-sysusers missing (apt install systemd)")
        let root = TempDir()
        defer { root.remove() }
        try FileManager.default.createDirectory(atPath: root.file("etc"), withIntermediateDirectories: true)
        let result = try runCommand(
            sysusers,
            [
                "--root=\(root.path)",
                repositoryRoot.appendingPathComponent("systemd/sysusers.d/forged.conf").path,
            ])
        #expect(result.status == 0, "\(result.output)")
        let passwd = try String(contentsOfFile: root.file("etc/passwd"), encoding: .utf8)
        let forge = try #require(passwd.split(separator: "\n").first { $0.hasPrefix("forge:") })
        let fields = forge.split(separator: ":", omittingEmptySubsequences: false)
        #expect(fields[5] == "/var/lib/forge" && fields[6] == "/usr/sbin/nologin")
        #expect((Int(fields[2]) ?? 0) > 0 && (Int(fields[2]) ?? 1000) < 1000, "a system uid: \(forge)")
    }

    @Test func tmpfilesAndSocketsAgreeOnTheRuntimeDirectory() throws {
        let tmpfiles = try String(
            contentsOf: repositoryRoot.appendingPathComponent("systemd/tmpfiles.d/forged.conf"), encoding: .utf8)
        let events = try String(
            contentsOf: repositoryRoot.appendingPathComponent("systemd/forged-events.socket"), encoding: .utf8)
        let service = try String(
            contentsOf: repositoryRoot.appendingPathComponent("systemd/forged.service"), encoding: .utf8)
        #expect(tmpfiles.contains("d /run/forge 0750 forge forge -"))
        #expect(events.contains("ListenStream=%t/forge/events.sock") && events.contains("FileDescriptorName=events"))
        #expect(events.contains("SocketMode=0660"))
        // The socket lives in the service's RuntimeDirectory: stopping the
        // service must not delete it.
        #expect(service.contains("RuntimeDirectory=forge") && service.contains("RuntimeDirectoryPreserve=yes"))
        for line in [
            "Type=notify", "NotifyAccess=main", "WatchdogSec=30", "Restart=on-failure", "User=forge",
            "StateDirectory=forge", "EnvironmentFile=-/etc/forge/forged.conf",
        ] {
            #expect(service.contains(line + "\n"), "forged.service lacks \(line)")
        }
    }

    @Test func catalogDescribesEveryMessageID() throws {
        let catalog = try String(
            contentsOf: repositoryRoot.appendingPathComponent("systemd/catalog/forged.catalog"), encoding: .utf8)
        let ids = catalog.split(separator: "\n").filter { $0.hasPrefix("-- ") }.map { String($0.dropFirst(3)) }
        #expect(Set(ids) == Set(LogMessageID.all.map(\.hex)))
        #expect(ids.count == LogMessageID.all.count)
    }
}
