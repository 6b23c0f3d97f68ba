/// A parsed command line.
package struct ParsedCommand: Sendable, Equatable {
    /// The command words: `["serve"]`, `["user", "add"]`, `["version"]`;
    /// `["help"]` + the target's words for `forged help X` and `forged X --help`;
    /// `[]` for a bare `forged`, `["user"]` for a group without its
    /// subcommand (print ``CLI/helpText(for:)`` of it and exit 2).
    package var path: [String]
    /// Positional arguments after the command words (`["ada@example.org"]`).
    package var positionals: [String]
    /// Flag name without dashes → values in order; `["true"]` for a bare
    /// boolean flag. Pass to ``SettingsLoader/load(flags:environment:defaultConfigPath:)``.
    package var flags: [String: [String]]

    /// A parsed command; see the properties.
    package init(path: [String], positionals: [String] = [], flags: [String: [String]] = [:]) {
        self.path = path
        self.positionals = positionals
        self.flags = flags
    }
}
