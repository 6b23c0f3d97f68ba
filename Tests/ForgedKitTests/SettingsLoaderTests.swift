import ForgeCore
import Foundation
import Testing

@testable import ForgedKit

/// A path that never exists, so no machine's /etc/forge/forged.conf leaks in.
private let noFile = "/nonexistent/forge-test/forged.conf"

private func load(
    _ flags: [String: [String]] = [:], env: [String: String] = [:],
    defaultConfig: String = noFile
) throws(ConfigError) -> Settings {
    try SettingsLoader.load(flags: flags, environment: env, defaultConfigPath: defaultConfig)
}

private func loadError(
    _ flags: [String: [String]] = [:], env: [String: String] = [:],
    defaultConfig: String = noFile
) -> ConfigError? {
    do {
        _ = try load(flags, env: env, defaultConfig: defaultConfig)
        return nil
    } catch { return error }
}

@Test func defaultsWithNothingGiven() throws {
    let s = try load()
    #expect(s.listen == ["[::]:8080"])
    #expect(s.stateDir == "/var/lib/forge")
    #expect(s.runtimeDir == "/run/forge")
    #expect(s.baseURL == "http://localhost:8080")
    #expect(s.logLevel == .info)
    #expect(s.threads == 4 && s.maxConnections == 1024 && s.maxBody == 1_048_576)
    #expect(s.devAuth == false && s.seedRecipes == true)
    #expect(s.allowedUsers.isEmpty)
    #expect(s.configFile == nil)
    #expect(s.timezoneName == HouseholdCalendar.systemZone().identifier)
}

@Test func systemdDirectoriesAreTheFallbackDefaults() throws {
    let s = try load(env: ["STATE_DIRECTORY": "/var/lib/forge-a:/var/lib/other", "RUNTIME_DIRECTORY": "/run/forge-a"])
    #expect(s.stateDir == "/var/lib/forge-a")
    #expect(s.runtimeDir == "/run/forge-a")
    let overridden = try load(env: ["STATE_DIRECTORY": "/var/lib/forge-a", "FORGE_STATE_DIR": "/srv/forge"])
    #expect(overridden.stateDir == "/srv/forge")
}

@Test func scalarPrecedenceFlagThenEnvironmentThenFileThenDefault() throws {
    let dir = TempDir()
    defer { dir.remove() }
    let conf = try dir.write("forged.conf", "FORGE_TIMEZONE=Asia/Tokyo\n")
    let env = ["FORGE_TIMEZONE": "Europe/London"]
    let flags = ["timezone": ["Pacific/Auckland"]]

    #expect(try load(flags, env: env, defaultConfig: conf).timezoneName == "Pacific/Auckland")
    #expect(try load(env: env, defaultConfig: conf).timezoneName == "Europe/London")
    let fromFile = try load(defaultConfig: conf)
    #expect(fromFile.timezoneName == "Asia/Tokyo")
    #expect(fromFile.configFile == conf)
    #expect(try load().timezoneName == HouseholdCalendar.systemZone().identifier)
}

@Test func listPrecedenceReplacesRatherThanMerges() throws {
    let dir = TempDir()
    defer { dir.remove() }
    let conf = try dir.write("forged.conf", "FORGE_LISTEN=10.0.0.1:80,10.0.0.2:80\n")
    let env = ["FORGE_LISTEN": "127.0.0.1:9000, [::1]:9000"]
    let flags = ["listen": ["0.0.0.0:1", "[::]:2"]]

    #expect(try load(flags, env: env, defaultConfig: conf).listen == ["0.0.0.0:1", "[::]:2"])
    #expect(try load(env: env, defaultConfig: conf).listen == ["127.0.0.1:9000", "[::1]:9000"])
    #expect(try load(defaultConfig: conf).listen == ["10.0.0.1:80", "10.0.0.2:80"])
    #expect(try load().listen == ["[::]:8080"])
}

@Test func environmentListsAreCommaSplitAndTrimmed() throws {
    let s = try load(env: ["FORGE_ALLOWED_USERS": "ada@example.org:Ada Lovelace , ben@example.org:Ben,"])
    #expect(
        s.allowedUsers == [
            AllowedUser(email: "ada@example.org", name: "Ada Lovelace"),
            AllowedUser(email: "ben@example.org", name: "Ben"),
        ])
}

@Test func configFileWithCommentsAndQuotes() throws {
    let dir = TempDir()
    defer { dir.remove() }
    let conf = try dir.write(
        "forged.conf",
        """
        # Forge settings
        ; another comment style

        FORGE_STATE_DIR="/srv/forge state"
        FORGE_BASE_URL='https://forge.example.org/'
          FORGE_LOG_LEVEL = debug
        FORGE_DEV_AUTH=yes
        FORGE_MAX_BODY=2M
        OTHER_VARIABLE=ignored
        """)
    let s = try load(["config": [conf]])
    #expect(s.stateDir == "/srv/forge state")
    #expect(s.baseURL == "https://forge.example.org")
    #expect(s.logLevel == .debug)
    #expect(s.devAuth)
    #expect(s.maxBody == 2 * 1_048_576)
    #expect(s.configFile == conf)
}

@Test func forgeConfigVariableNamesTheFile() throws {
    let dir = TempDir()
    defer { dir.remove() }
    let conf = try dir.write("other.conf", "FORGE_THREADS=8\n")
    #expect(try load(env: ["FORGE_CONFIG": conf]).threads == 8)
}

@Test func emptyEnvironmentValueCountsAsUnset() throws {
    let dir = TempDir()
    defer { dir.remove() }
    let conf = try dir.write("forged.conf", "FORGE_THREADS=8\n")
    #expect(try load(env: ["FORGE_THREADS": ""], defaultConfig: conf).threads == 8)
}

@Test func explicitMissingConfigFileIsAnError() {
    let error = loadError(["config": ["/nonexistent/forge/custom.conf"]])
    #expect(error?.setting == "config")
    #expect(error?.line == "forged: invalid --config \"/nonexistent/forge/custom.conf\": no such file")
    #expect(loadError(env: ["FORGE_CONFIG": "/nonexistent/x.conf"])?.origin == "FORGE_CONFIG")
}

@Test func unknownForgeLineInTheFileIsAnError() throws {
    let dir = TempDir()
    defer { dir.remove() }
    let conf = try dir.write("forged.conf", "FORGE_THREADS=8\nFORGE_LISTN=[::]:80\n")
    let error = loadError(["config": [conf]])
    #expect(error?.setting == "config")
    #expect(error?.message == "unknown setting FORGE_LISTN (did you mean FORGE_LISTEN?)")
    #expect(error?.origin == "\(conf):2")
}

@Test func badTimezoneNamesTheSetting() {
    let error = loadError(["timezone": ["Mars/Base"]])
    #expect(error?.setting == "timezone")
    #expect(error?.line == "forged: invalid --timezone \"Mars/Base\": unknown time zone")
}

@Test func badValueFromTheEnvironmentSaysWhere() {
    let error = loadError(env: ["FORGE_TIMEZONE": "Mars/Base"])
    #expect(error?.line == "forged: invalid --timezone \"Mars/Base\" (from FORGE_TIMEZONE): unknown time zone")
}

@Test func badValueFromTheFileSaysWhichLine() throws {
    let dir = TempDir()
    defer { dir.remove() }
    let conf = try dir.write("forged.conf", "# comment\nFORGE_THREADS=100\n")
    let error = loadError(defaultConfig: conf)
    #expect(error?.setting == "threads")
    #expect(error?.origin == "\(conf):2")
}

@Test(arguments: [
    ("127.0.0.1:70000", "port must be a number from 0 to 65535"),
    ("127.0.0.1:", "port must be a number from 0 to 65535"),
    ("127.0.0.1:http", "port must be a number from 0 to 65535"),
    ("8080", "expected HOST:PORT"),
    ("::1:8080", "IPv6 addresses go in brackets, e.g. [::1]:8080"),
    ("[::1:8080", "unbalanced brackets around the IPv6 address"),
    ("[zz::1]:8080", "not an IPv6 address"),
    ("300.1.1.1:80", "not an IPv4 address"),
    (":8080", "expected HOST:PORT (use 0.0.0.0 or [::] for every address)"),
])
func badListenNamesTheSetting(value: String, why: String) {
    let error = loadError(["listen": ["[::]:8080", value]])
    #expect(error?.setting == "listen")
    #expect(error?.value == value)
    #expect(error?.message == why)
}

@Test(arguments: [
    ("ada.example.org:Ada", "\"ada.example.org\" is not an email address"),
    ("ada@example.org:", "the name after the colon is empty"),
    ("ada@example.org", "expected EMAIL:NAME"),
    ("@example.org:Ada", "\"@example.org\" is not an email address"),
])
func badAllowedUsersNamesTheSetting(value: String, why: String) {
    let error = loadError(env: ["FORGE_ALLOWED_USERS": "ben@example.org:Ben,\(value)"])
    #expect(error?.setting == "allowed-users")
    #expect(error?.value == value)
    #expect(error?.message == why)
}

@Test func atMostTwoAllowedUsers() {
    let error = loadError(["allowed-users": ["a@x.org:A", "b@x.org:B", "c@x.org:C"]])
    #expect(error?.setting == "allowed-users")
}

@Test(arguments: [
    ("threads", "0"), ("threads", "65"), ("max-connections", "-1"), ("max-body", "lots"),
    ("log-level", "verbose"), ("dev-auth", "maybe"), ("seed-recipes", "2"),
    ("base-url", "ftp://forge.example.org"), ("base-url", "https://"), ("state-dir", ""),
])
func badScalarNamesTheSetting(name: String, value: String) {
    let error = loadError([name: [value]])
    #expect(error?.setting == name)
    #expect(error?.value == value)
    #expect(error?.line.hasPrefix("forged: invalid --\(name) \"\(value)\": ") == true)
}

@Test(arguments: [
    ("127.0.0.1:8080", "http://127.0.0.1:8080"),
    ("[::]:8080", "http://localhost:8080"),
    ("0.0.0.0:8080", "http://localhost:8080"),
    ("[::1]:9000", "http://[::1]:9000"),
    ("forge.lan:80", "http://forge.lan"),
])
func baseURLIsDerivedFromTheFirstListenAddress(listen: String, url: String) throws {
    let s = try load(["listen": [listen, "127.0.0.1:1"]])
    #expect(s.baseURL == url)
}

@Test func explicitBaseURLWins() throws {
    let s = try load(["listen": ["[::]:8080"], "base-url": ["https://forge.example.org"]])
    #expect(s.baseURL == "https://forge.example.org")
}

@Test func booleansAcceptTheUsualSpellings() throws {
    for (text, value) in [
        ("true", true), ("1", true), ("yes", true), ("ON", true),
        ("false", false), ("0", false), ("no", false), ("off", false),
    ] {
        #expect(try load(env: ["FORGE_DEV_AUTH": text]).devAuth == value)
    }
}

@Test func loadingCreatesNothingOnDisk() throws {
    let dir = TempDir()
    let s = try load(
        ["state-dir": [dir.file("state")], "runtime-dir": [dir.file("run")]],
        defaultConfig: dir.file("forged.conf"))
    #expect(s.stateDir == dir.file("state"))
    #expect(!FileManager.default.fileExists(atPath: dir.path))
    _ = loadError(["config": [dir.file("missing.conf")]])
    #expect(!FileManager.default.fileExists(atPath: dir.path))
}

@Test func commandOnlyFlagsAreIgnoredByTheLoader() throws {
    let s = try load(["name": ["Ada"], "password-stdin": ["true"], "state-dir": ["/tmp/x"]])
    #expect(s.stateDir == "/tmp/x")
}

@Test func configFileCannotNameAnotherConfigFile() throws {
    let dir = TempDir()
    defer { dir.remove() }
    let conf = try dir.write("forged.conf", "FORGE_CONFIG=/etc/other.conf\n")
    #expect(loadError(defaultConfig: conf)?.message == "FORGE_CONFIG cannot be set in the config file")
    #expect(loadError(defaultConfig: conf)?.origin == "\(conf):1")
}

@Test func listenAddressesParseToHostAndPort() throws {
    let s = try load(["listen": ["[::1]:0", "localhost:8443"]])
    #expect(s.listenAddresses == [try ListenAddress(parsing: "[::1]:0"), try ListenAddress(parsing: "localhost:8443")])
    #expect(s.listenAddresses.map(\.host) == ["::1", "localhost"])
    #expect(s.listenAddresses.map(\.port) == [0, 8443])
    #expect(s.listenAddresses.map(\.isIPv6) == [true, false])
    #expect(s.listenAddresses.map(\.description) == ["[::1]:0", "localhost:8443"])
}
