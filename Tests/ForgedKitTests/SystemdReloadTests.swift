import ForgeCore
import Foundation
import Testing

@testable import ForgedKit

/// SIGHUP reload semantics (ConfigReload): what applies live, what waits for
/// a restart, and how systemd's EnvironmentFile copies are seen through.
@Suite(.serialized) struct SystemdReloadTests {
    @Test func logLevelAppliesLiveOthersWaitForARestart() throws {
        let dir = TempDir()
        defer {
            dir.remove()
            Log.setMinimum(.info)
        }
        let config = try dir.write("forged.conf", "FORGE_LOG_LEVEL=warning\nFORGE_THREADS=2\n")
        // As under systemd: EnvironmentFile= copied the file into the environment.
        let environment = ["FORGE_LOG_LEVEL": "warning", "FORGE_THREADS": "2", "FORGE_CONFIG": config]
        let settings = try SettingsLoader.load(flags: [:], environment: environment)
        #expect(settings.logLevel == .warning && settings.threads == 2)
        var reload = ConfigReload(settings: settings, flags: [:], environment: environment)

        try "FORGE_LOG_LEVEL=debug\nFORGE_THREADS=3\nFORGE_TIMEZONE=Pacific/Auckland\n"
            .write(toFile: config, atomically: true, encoding: .utf8)
        let outcome = reload.reload(defaultConfigPath: "/nonexistent")
        #expect(outcome == .init(applied: ["log-level"], needRestart: ["timezone", "threads"], failure: nil))
        #expect(Log.currentMinimum == .debug)
        #expect(reload.current.logLevel == .debug)
        #expect(reload.current.threads == 2, "restart-only settings keep their running value")

        // Unchanged on a second reload: nothing to apply.
        #expect(reload.reload(defaultConfigPath: "/nonexistent").applied.isEmpty)
    }

    @Test func anExplicitEnvironmentValueStillBeatsTheFile() throws {
        let dir = TempDir()
        defer {
            dir.remove()
            Log.setMinimum(.info)
        }
        let config = try dir.write("forged.conf", "FORGE_LOG_LEVEL=warning\n")
        let environment = ["FORGE_LOG_LEVEL": "error", "FORGE_CONFIG": config]
        let settings = try SettingsLoader.load(flags: [:], environment: environment)
        var reload = ConfigReload(settings: settings, flags: [:], environment: environment)
        try "FORGE_LOG_LEVEL=debug\n".write(toFile: config, atomically: true, encoding: .utf8)
        let outcome = reload.reload(defaultConfigPath: "/nonexistent")
        #expect(outcome.applied.isEmpty && outcome.failure == nil)
        #expect(reload.current.logLevel == .error)
    }

    @Test func aBrokenFileKeepsTheRunningConfiguration() throws {
        let dir = TempDir()
        defer {
            dir.remove()
            Log.setMinimum(.info)
        }
        let config = try dir.write("forged.conf", "FORGE_LOG_LEVEL=notice\n")
        let settings = try SettingsLoader.load(flags: ["config": [config]], environment: [:])
        var reload = ConfigReload(settings: settings, flags: ["config": [config]], environment: [:])
        try "FORGE_LOG_LEVEL=loud\n".write(toFile: config, atomically: true, encoding: .utf8)
        let outcome = reload.reload(defaultConfigPath: "/nonexistent")
        #expect(outcome.failure?.contains("log-level") == true, "\(outcome)")
        #expect(outcome.applied.isEmpty)
        #expect(reload.current.logLevel == .notice)
    }
}
