import Foundation
import Testing

@testable import ForgedKit

/// `systemctl` advice only where it applies: the packaged unit installed and the
/// state directory the unit's; anywhere else, `forged serve` on the same directory.
@Suite struct ServiceAdviceTests {
    /// A unit directory holding forged.service, an environment file, and a state directory.
    func machine(_ dir: TempDir, stateDirLine: String?) throws -> (units: String, env: String) {
        try FileManager.default.createDirectory(atPath: dir.file("units"), withIntermediateDirectories: true)
        _ = try dir.write("units/forged.service", "[Service]\nExecStart=/usr/bin/forged serve\n")
        let env = try dir.write(
            "forged.conf", "# the unit's environment\nFORGE_TIMEZONE=UTC\n" + (stateDirLine.map { $0 + "\n" } ?? ""))
        return (dir.file("units"), env)
    }

    @Test func theUnitsOwnStateDirectoryGetsSystemctl() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let state = dir.file("srv/forge")
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        let (units, env) = try machine(dir, stateDirLine: "FORGE_STATE_DIR=\(state)")
        let advice = ServiceAdvice(stateDir: state, configFile: env, unitDirectories: [units], environmentFile: env)
        #expect(advice.underSystemd)
        #expect(
            advice.start
                == "start the service again: systemctl reset-failed forged.service forged.socket forged-events.socket; systemctl restart forged"
        )
        #expect(advice.stop.contains("systemctl stop forged.socket forged-events.socket forged.service"))
        // The same directory spelt another way (a symbolic link, a trailing slash, ..) is still the unit's.
        try FileManager.default.createSymbolicLink(atPath: dir.file("link"), withDestinationPath: state)
        for spelling in [dir.file("link"), state + "/", dir.file("srv/x/../forge")] {
            #expect(
                ServiceAdvice(stateDir: spelling, configFile: nil, unitDirectories: [units], environmentFile: env)
                    .underSystemd, "\(spelling)")
        }
        // Without FORGE_STATE_DIR in the unit's file, the unit's directory is the packaged one.
        let (_, plain) = try machine(dir, stateDirLine: nil)
        #expect(ServiceAdvice.unitStateDir(plain) == "/var/lib/forge")
        #expect(ServiceAdvice.unitStateDir(dir.file("no-such.conf")) == "/var/lib/forge")
        #expect(
            !ServiceAdvice(stateDir: state, configFile: nil, unitDirectories: [units], environmentFile: plain)
                .underSystemd)
    }

    @Test func anotherStateDirectoryOrNoUnitGetsForgedServe() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let state = dir.file("state")
        let (units, env) = try machine(dir, stateDirLine: "FORGE_STATE_DIR=\(dir.file("srv/forge"))")
        let elsewhere = ServiceAdvice(
            stateDir: state, configFile: "/dev/null", unitDirectories: [units], environmentFile: env)
        #expect(!elsewhere.underSystemd)
        #expect(elsewhere.start.hasPrefix("start forged again: forged serve --state-dir \(state) --config /dev/null\n"))
        #expect(elsewhere.start.hasSuffix("--runtime-dir \(state)/run --listen 127.0.0.1:8081)"))
        // Follow-up commands carry the same state directory and config.
        #expect(elsewhere.flags == " --state-dir \(state) --config /dev/null")
        #expect(elsewhere.stop == "stop the forged serve that uses it first")
        #expect(!elsewhere.start.contains("systemctl"))
        // No unit installed: even the packaged directory gets forged serve.
        let noUnit = ServiceAdvice(
            stateDir: "/var/lib/forge", configFile: env, unitDirectories: [dir.file("none")], environmentFile: env)
        #expect(!noUnit.underSystemd)
        #expect(noUnit.start.hasPrefix("start forged again: forged serve --state-dir /var/lib/forge\n"))
        // The packaged state directory and the unit's config need no flags.
        #expect(noUnit.flags == "")
        // A relative state directory is named absolutely; odd characters are quoted for the shell.
        let relative = ServiceAdvice(stateDir: "my state", configFile: nil, unitDirectories: [], environmentFile: env)
        let cwd = FileManager.default.currentDirectoryPath
        #expect(relative.serveCommand == "forged serve --state-dir '\(cwd)/my state'")
        #expect(ServiceAdvice.quoted("it's") == "'it'\\''s'")
    }
}
