import ForgeCore
import Foundation
import Testing

@testable import ForgedKit

/// `FORGE_TEST_CLOCK_OFFSET` moves forged's clock for tests and benches only:
/// refused without dev sign-in, environment only, bounded.
@Suite struct TestClockOffsetTests {
    private let noFile = "/nonexistent/forge-test/forged.conf"

    private func load(_ env: [String: String], flags: [String: [String]] = [:]) throws(ConfigError) -> Settings {
        try SettingsLoader.load(flags: flags, environment: env, defaultConfigPath: noFile)
    }

    @Test func refusedWithoutDevAuth() {
        #expect(throws: ConfigError.self) { try load(["FORGE_TEST_CLOCK_OFFSET": "3600"]) }
        do {
            _ = try load(["FORGE_TEST_CLOCK_OFFSET": "3600", "FORGE_DEV_AUTH": "false"])
            Issue.record("accepted")
        } catch {
            #expect(error.setting == "test-clock-offset")
            #expect(error.origin == "FORGE_TEST_CLOCK_OFFSET")
            #expect(error.message.contains("refused unless --dev-auth"))
        }
    }

    @Test func movesTheClockWithDevAuth() throws {
        let settings = try load(["FORGE_TEST_CLOCK_OFFSET": "-7200.5"], flags: ["dev-auth": ["true"]])
        #expect(settings.clockOffset == -7200.5)
        let gap = settings.clock.now().timeIntervalSince(Date())
        #expect(abs(gap + 7200.5) < 5)
        #expect(try load(["FORGE_DEV_AUTH": "yes"]).clockOffset == 0)
        #expect(try load(["FORGE_DEV_AUTH": "yes"]).clock is SystemClock)
    }

    @Test func badValuesAreRefused() {
        for text in ["soon", "1e12", "nan", "inf", "40000000"] {
            do {
                _ = try load(["FORGE_TEST_CLOCK_OFFSET": text, "FORGE_DEV_AUTH": "1"])
                Issue.record("accepted \(text)")
            } catch {
                #expect(error.setting == "test-clock-offset", "\(text)")
                #expect(error.message.contains("366 days"), "\(text)")
            }
        }
    }

    @Test func notAConfigFileSetting() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let conf = try dir.write("forged.conf", "FORGE_DEV_AUTH=true\nFORGE_TEST_CLOCK_OFFSET=60\n")
        do {
            _ = try load([:], flags: ["config": [conf]])
            Issue.record("accepted from the file")
        } catch {
            #expect(error.message.hasPrefix("unknown setting FORGE_TEST_CLOCK_OFFSET") && error.origin == "\(conf):2")
        }
    }

    /// The real binary: `serve` with the offset and no dev sign-in exits 2
    /// before it creates anything in the state directory.
    @Test(.enabled(if: ForgedBinary.path != nil, "needs the forged binary (swift build makes it)"))
    func serveRefusesItWithoutDevAuth() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let state = dir.file("state")
        let result = try runProcess(
            ForgedBinary.path!,
            [
                "serve", "--listen", "127.0.0.1:0", "--state-dir", state,
                "--runtime-dir", dir.file("run"), "--config", "/dev/null",
            ],
            environment: cleanEnvironment(["FORGE_TEST_CLOCK_OFFSET": "3600"]))
        #expect(result.status == ConfigError.exitStatus)
        #expect(result.err.contains("FORGE_TEST_CLOCK_OFFSET"))
        #expect(result.err.contains("refused unless --dev-auth"))
        #expect(!FileManager.default.fileExists(atPath: state + "/forge.sqlite3"))
    }
}
