import Foundation
import Testing

@testable import ForgedKit

private func parseError(_ args: [String]) -> ConfigError? {
    do {
        _ = try CLI.parse(args)
        return nil
    } catch { return error }
}

@Test func flagWithSeparateValueAndWithEquals() throws {
    let p = try CLI.parse(["serve", "--listen", "127.0.0.1:1", "--listen=[::1]:2", "--timezone=Europe/London"])
    #expect(p.path == ["serve"])
    #expect(p.flags["listen"] == ["127.0.0.1:1", "[::1]:2"])
    #expect(p.flags["timezone"] == ["Europe/London"])
    #expect(p.positionals.isEmpty)
}

@Test func bareBooleanFlagMeansTrueAndDoesNotTakeTheNextWord() throws {
    let p = try CLI.parse(["serve", "--dev-auth", "--seed-recipes=no"])
    #expect(p.flags["dev-auth"] == ["true"])
    #expect(p.flags["seed-recipes"] == ["false"])
    let settings = try SettingsLoader.load(flags: p.flags, environment: [:], defaultConfigPath: "/nonexistent/f")
    #expect(settings.devAuth && !settings.seedRecipes)
    #expect(parseError(["serve", "--dev-auth", "false"])?.message == "forged serve: unexpected argument \"false\"")
}

@Test func userAddTakesEmailNameAndPasswordStdin() throws {
    let p = try CLI.parse([
        "user", "add", "ada@example.org", "--name", "Ada Lovelace", "--password-stdin",
        "--state-dir", "/srv/forge",
    ])
    #expect(p.path == ["user", "add"])
    #expect(p.positionals == ["ada@example.org"])
    #expect(p.flags["name"] == ["Ada Lovelace"])
    #expect(p.flags["password-stdin"] == ["true"])
    #expect(p.flags["state-dir"] == ["/srv/forge"])
}

@Test func flagsMayComeBeforeTheCommand() throws {
    let p = try CLI.parse(["--config", "/etc/forge/other.conf", "user", "list"])
    #expect(p.path == ["user", "list"])
    #expect(p.flags["config"] == ["/etc/forge/other.conf"])
}

@Test func doubleDashEndsFlags() throws {
    let p = try CLI.parse(["user", "passwd", "--", "--odd@example.org"])
    #expect(p.positionals == ["--odd@example.org"])
}

@Test func unknownFlagIsNamed() {
    let error = parseError(["serve", "--bogus", "1"])
    #expect(error?.setting == "bogus")
    #expect(error?.line == "forged: --bogus: unknown flag for \"forged serve\" (see forged serve --help)")
}

@Test func settingFlagNotTakenByTheCommandIsUnknown() {
    let error = parseError(["user", "list", "--listen", "[::]:80"])
    #expect(error?.setting == "listen")
    #expect(error?.message.contains("forged user list") == true)
}

@Test func missingValueArgumentAndRequiredFlag() {
    #expect(parseError(["serve", "--listen"])?.setting == "listen")
    #expect(parseError(["user", "add", "--name", "Ada"])?.message.contains("missing EMAIL") == true)
    #expect(
        parseError(["user", "add", "ada@example.org"])?.line
            == "forged: --name: required by \"forged user add\"")
    #expect(parseError(["user", "list", "extra"])?.message == "forged user list: unexpected argument \"extra\"")
}

@Test func unknownCommandIsAnError() {
    #expect(parseError(["serv"])?.line == "forged: unknown command \"serv\" (see forged help)")
    #expect(parseError(["user", "remove", "x"])?.message.contains("\"user remove\"") == true)
    #expect(parseError(["help", "nope"])?.message.contains("\"nope\"") == true)
}

@Test func helpVersionAndBareInvocations() throws {
    #expect(try CLI.parse([]).path == [])
    #expect(try CLI.parse(["user"]).path == ["user"])
    #expect(try CLI.parse(["help"]).path == ["help"])
    #expect(try CLI.parse(["help", "user", "add"]).path == ["help", "user", "add"])
    #expect(try CLI.parse(["user", "--help"]).path == ["help", "user"])
    #expect(try CLI.parse(["user", "add", "-h"]).path == ["help", "user", "add"])
    #expect(try CLI.parse(["user", "add", "--password-stdin", "--help"]).path == ["help", "user", "add"])
    #expect(try CLI.parse(["--version"]).path == ["version"])
    #expect(try CLI.parse(["--help"]).path == ["help"])
}

@Test func helpExistsForEveryCommandAndMentionsEachFlag() throws {
    for command in CLI.commands {
        let text = try #require(CLI.helpText(for: command.path))
        #expect(text.contains("Usage: forged \(command.synopsis)"))
        for flag in command.flags {
            #expect(text.contains("--\(flag.name)"), "\(command.path) help lacks --\(flag.name)")
            if let env = flag.env { #expect(text.contains(env)) }
        }
        #expect(CLI.helpText(for: []).map { $0.contains(command.summary) } == true)
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 79 })
        // No sentence said twice in a row ("Repeatable. Repeatable.", issue 41 item 14), across line wraps.
        let sentences = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            .components(separatedBy: ". ").map { $0.trimmingCharacters(in: .whitespaces) }
        for (a, b) in zip(sentences, sentences.dropFirst()) where !a.isEmpty {
            #expect(a != b, "\(command.path) help repeats \"\(a).\"")
        }
        // A command that is also a group names the commands under it (issue 41 trial: `help backup`).
        for sub in CLI.commands where sub.path.count > command.path.count && sub.path.starts(with: command.path) {
            #expect(text.contains(sub.summary), "\(command.path) help does not name \(sub.path)")
        }
    }
    // A command's help with its first argument given ("help import forge-server") is that command's.
    #expect(CLI.helpText(for: ["import", "forge-server"]) == CLI.helpText(for: ["import"]))
    #expect(CLI.helpText(for: ["user", "nobody"]) == nil)
    // Every group's help has its summary: no empty paragraph under "Usage:".
    for group in Set(CLI.commands.filter { $0.path.count > 1 }.map { Array($0.path.dropLast()) }) {
        let text = try #require(CLI.helpText(for: group))
        #expect(!text.contains("\n\n\n"), "forged help \(group.joined(separator: " ")) has an empty paragraph")
    }
    #expect(CLI.helpText(for: ["user"])?.contains("user passwd EMAIL") == true)
    #expect(CLI.helpText(for: ["nope"]) == nil)
    for path in [[], ["user"]] as [[String]] {
        #expect(CLI.helpText(for: path)?.split(separator: "\n").allSatisfy { $0.count <= 79 } == true)
    }
}

@Test func serveHelpShowsDefaultsAndEnvironmentNames() throws {
    let text = try #require(CLI.helpText(for: ["serve"]))
    #expect(text.contains("Default: [::]:8080."))
    #expect(text.contains("Env/file: FORGE_LISTEN, comma-separated."))
    #expect(text.contains("Env: FORGE_CONFIG."))
    #expect(text.split(separator: "\n").allSatisfy { $0.count <= 79 })
}

@Test func markdownTableHasARowPerSetting() {
    let table = CLI.markdownTable()
    let rows = table.split(separator: "\n")
    #expect(rows.count == SettingSpec.all.count + 2)
    #expect(
        table.contains("| listen | `--listen HOST:PORT` (repeatable) | `FORGE_LISTEN` (comma-separated) | [::]:8080 |"))
    #expect(!table.contains("build"))
}

@Test func everySettingHasOneNameInThreePlaces() {
    for spec in SettingSpec.all {
        #expect(spec.env == "FORGE_" + spec.name.uppercased().replacingOccurrences(of: "-", with: "_"))
        #expect(!spec.help.isEmpty && !spec.defaultDescription.isEmpty)
    }
    #expect(Set(SettingSpec.all.map(\.name)).count == SettingSpec.all.count)
}

@Test func displayPairingURLIsTheOneServeServes() throws {
    var name = [CChar](repeating: 0, count: 256)
    let host =
        gethostname(&name, name.count) == 0
        ? String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
    let load = { (flags: [String: [String]]) in
        try SettingsLoader.load(flags: flags, environment: [:], defaultConfigPath: "/nonexistent/f")
    }
    let plain = try load(["listen": ["[::]:8080"]])
    #expect(DisplayCommands.pairingURL(plain) == "http://\(host):8080/kitchen/pair")
    // With a certificate the page is served over https only, on a wildcard address by host name too.
    let tls = try load([
        "listen": ["0.0.0.0:8443"], "tls-cert": ["/etc/forge/tls/forge.crt"],
        "tls-key": ["/etc/forge/tls/forge.key"],
    ])
    #expect(DisplayCommands.pairingURL(tls) == "https://\(host):8443/kitchen/pair")
    let named = try load([
        "listen": ["127.0.0.1:8443"], "tls-cert": ["/c.pem"], "tls-key": ["/k.pem"],
        "base-url": ["https://forge.home.arpa"],
    ])
    #expect(DisplayCommands.pairingURL(named) == "https://forge.home.arpa/kitchen/pair")
}
