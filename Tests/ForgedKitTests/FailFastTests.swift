import ForgeCore
import ForgeStore
import ForgeSystemd
import Foundation
import Testing

@testable import ForgedKit

/// Issue 26, "fail fast, once, loudly": each start-up failure exits with its
/// documented status (forged(8) EXIT STATUS), logs one line at error priority
/// naming the file and line and the fix, and the unit does not loop on it.
@Suite(.serialized) struct FailFastTests {
    var binary: String { get throws { try #require(ForgedBinary.path, "build forged first (swift build)") } }

    func serve(_ state: TempDir, _ extra: [String], environment: [String: String] = [:]) throws -> (
        status: Int32, out: String, err: String
    ) {
        try runProcess(
            try binary,
            ["serve", "--state-dir", state.file("state"), "--listen", "127.0.0.1:0"] + extra,
            environment: cleanEnvironment(environment))
    }

    @Test func aConfigTypoExitsTwoNamingTheLineAndTheFix() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let conf = try dir.write("forged.conf", "FORGE_THREADS=2\nFORGE_BACKUP_TIEM=04:00\n")
        let run = try serve(dir, ["--config", conf])
        #expect(run.status == ExitStatus.configuration)
        // stderr is a file here: the sd-daemon error prefix, once.
        #expect(run.err.hasPrefix("<3>"), "\(run.err)")
        #expect(run.err.split(separator: "\n").count == 1, "\(run.err)")
        #expect(run.err.contains("(from \(conf):2)"), "\(run.err)")
        #expect(run.err.contains("unknown setting FORGE_BACKUP_TIEM (did you mean FORGE_BACKUP_TIME?)"))
        #expect(run.err.contains("fix: edit line 2 of \(conf)") && run.err.contains("systemctl restart forged"))
        #expect(run.err.contains("FORGE_CONFIG_FILE=\(conf)") && run.err.contains("FORGE_CONFIG_LINE=2"))
        #expect(!FileManager.default.fileExists(atPath: dir.file("state")), "nothing is created on a config error")
    }

    /// `EnvironmentFile=` puts the file's lines in the environment too; the
    /// operator is still sent to the file's line, not to the variable.
    @Test func aValueTheUnitLoadedFromTheFileIsBlamedOnTheFileLine() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let conf = try dir.write("forged.conf", "# household\nFORGE_TIMEZONE=Mars/Base\n")
        let run = try serve(dir, ["--config", conf], environment: ["FORGE_TIMEZONE": "Mars/Base"])
        #expect(run.status == ExitStatus.configuration)
        #expect(run.err.contains("invalid --timezone \"Mars/Base\" (from \(conf):2): unknown time zone"), "\(run.err)")
        // A different value in the environment is the environment's.
        let other = try serve(dir, ["--config", conf], environment: ["FORGE_TIMEZONE": "Venus/Base"])
        #expect(other.err.contains("(from FORGE_TIMEZONE)") && other.err.contains("systemctl edit forged"))
    }

    /// On a terminal the line is plain (no `<3>`, no journal fields).
    @Test func onATerminalTheLineIsPlain() throws {
        let script = try #require(executable("script"), "script missing (apt install bsdutils)")
        let dir = TempDir()
        defer { dir.remove() }
        let command =
            "'\(try binary)' serve --config /dev/null --state-dir '\(dir.file("state"))' --timezone Mars/Base; echo exit=$?"
        let run = try runProcess(script, ["-qec", command, "/dev/null"], environment: cleanEnvironment())
        #expect(run.out.contains("error: invalid --timezone \"Mars/Base\": unknown time zone"), "\(run.out)")
        #expect(!run.out.contains("<3>") && !run.out.contains("FORGE_CONFIG"), "\(run.out)")
        #expect(run.out.contains("exit=2"), "\(run.out)")
    }

    @Test func aLockedStateDirectoryExitsSeventyFiveNamingTheUnits() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let lock = try StateLock.acquire(dir.file("state"))
        defer { lock.release() }
        let run = try serve(dir, ["--config", "/dev/null"])
        #expect(run.status == ExitStatus.stateDirectoryInUse)
        #expect(run.err.hasPrefix("<3>another forged is using"), "\(run.err)")
        #expect(run.err.contains("systemctl stop forged.socket forged-events.socket forged.service"), "\(run.err)")
    }

    @Test func aDamagedDatabaseExitsSixtyFiveNamingRestore() throws {
        let dir = TempDir()
        defer { dir.remove() }
        try FileManager.default.createDirectory(atPath: dir.file("state"), withIntermediateDirectories: true)
        let database = dir.file("state/forge.sqlite3")
        try Data(repeating: 0x5A, count: 16_384).write(to: URL(fileURLWithPath: database))
        let run = try serve(dir, ["--config", "/dev/null"])
        #expect(run.status == ExitStatus.databaseUnusable, "\(run.err)")
        #expect(run.err.hasPrefix("<3>the database \(database) is damaged"), "\(run.err)")
        #expect(run.err.contains("forged restore FILE") && run.err.contains("FORGE_DATABASE=\(database)"))
        // The damaged file is left exactly as it was.
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == Data(repeating: 0x5A, count: 16_384))
    }

    /// In the journal: error priority and the catalogue's MESSAGE_ID.
    @Test func theJournalEntryCarriesErrorPriorityAndTheMessageID() throws {
        let config = ConfigError(
            setting: "backup-time", message: "expected HH:MM (24-hour)", value: "4am",
            origin: "/etc/forge/forged.conf:7")
        let fatal = FatalError.configuration(config)
        let fields = Journal.assignments(for: fatal.record)
        #expect(fields.contains("PRIORITY=3"))
        #expect(fields.contains("MESSAGE_ID=\(LogMessageID.configInvalid.hex)"))
        #expect(fields.contains("FORGE_CONFIG_FILE=/etc/forge/forged.conf"))
        #expect(fields.contains("FORGE_CONFIG_LINE=7"))
        #expect(
            fields.contains {
                $0.hasPrefix("MESSAGE=invalid --backup-time \"4am\" (from /etc/forge/forged.conf:7)")
                    && $0.hasSuffix("`systemctl restart forged`")
            })
        let catalog = try String(
            contentsOf: repositoryRoot.appendingPathComponent("systemd/catalog/forged.catalog"), encoding: .utf8)
        #expect(
            catalog.contains("-- \(LogMessageID.configInvalid.hex)\nSubject: forged cannot serve: configuration error"))
    }

    @Test(arguments: [
        (DatabaseError(code: .notADatabase, message: "file is not a database"), ExitStatus.databaseUnusable),
        (DatabaseError(code: .corrupt, message: "database disk image is malformed"), ExitStatus.databaseUnusable),
        (DatabaseError(code: .full, message: "database or disk is full"), ExitStatus.diskFull),
        (DatabaseError(code: .constraint, message: "x"), ExitStatus.failure),
    ])
    func databaseErrorsMapToTheirStatus(error: DatabaseError, status: Int32) {
        #expect(FatalError.classify(error, stateDir: "/nonexistent").status == status)
    }

    /// The unit stops on what a restart cannot fix, and its start limit trips within a minute.
    @Test func theUnitDoesNotLoop() throws {
        let unit = try String(
            contentsOf: repositoryRoot.appendingPathComponent("systemd/forged.service"), encoding: .utf8)
        func value(_ key: String) -> String? {
            unit.split(separator: "\n").first { $0.hasPrefix(key + "=") }.map { String($0.dropFirst(key.count + 1)) }
        }
        let prevented = Set((value("RestartPreventExitStatus") ?? "").split(separator: " ").compactMap { Int32($0) })
        #expect(prevented == Set(ExitStatus.noRestart))
        let interval = try #require(value("StartLimitIntervalSec").flatMap(Int.init))
        let burst = try #require(value("StartLimitBurst").flatMap(Int.init))
        let spacing = try #require(value("RestartSec").flatMap(Int.init))
        #expect(interval <= 60 && burst * spacing < interval, "the limit must trip within a minute of restarts")
        // [Unit] options: StartLimit* in [Service] are ignored by systemd.
        let unitSection = unit.components(separatedBy: "[Service]")[0]
        #expect(unitSection.contains("StartLimitIntervalSec=") && unitSection.contains("StartLimitBurst="))
    }
}
