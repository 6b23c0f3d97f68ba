/// One flag a command accepts: a setting (``SettingSpec``) or a
/// command-only flag such as `--name` or `--password-stdin`.
public struct FlagSpec: Sendable, Equatable {
    /// The name without dashes (`state-dir`, `name`).
    public let name: String
    /// Placeholder for the value in help; empty for booleans.
    public let valueName: String
    /// One or two sentences for help.
    public let help: String
    /// The default as people read it; nil for none.
    public let defaultDescription: String?
    /// The environment / config-file name for settings; nil for command-only flags.
    public let env: String?
    /// Boolean: a bare flag means true, it never takes the next argument.
    public let isBool: Bool
    /// Repeatable.
    public let isList: Bool
    /// The command fails without it.
    public let isRequired: Bool

    /// A command-only flag.
    public init(name: String, valueName: String, help: String, isBool: Bool = false, isRequired: Bool = false) {
        self.name = name
        self.valueName = valueName
        self.help = help
        self.defaultDescription = nil
        self.env = nil
        self.isBool = isBool
        self.isList = false
        self.isRequired = isRequired
    }

    /// The flag of a setting, with its environment name and default.
    public init(setting: SettingSpec) {
        name = setting.name
        valueName = setting.valueName
        help = setting.help
        defaultDescription = setting.defaultDescription
        env = setting.env
        isBool = setting.isBool
        isList = setting.isList
        isRequired = false
    }
}

/// One `forged` command: its word path, usage line, help and flags.
public struct CommandSpec: Sendable, Equatable {
    /// The command words (`["serve"]`, `["user", "add"]`, `["version"]`).
    public let path: [String]
    /// The usage line after `forged ` (`user add EMAIL --name NAME [--password-stdin]`).
    public let synopsis: String
    /// One line for the command list.
    public let summary: String
    /// A paragraph for `forged help COMMAND`.
    public let description: String
    /// Names of the required positional arguments, in order (`["EMAIL"]`).
    public let positionals: [String]
    /// Flags accepted besides `--help`/`-h`.
    public let flags: [FlagSpec]

    public init(
        path: [String], synopsis: String, summary: String, description: String,
        positionals: [String] = [], flags: [FlagSpec] = []
    ) {
        self.path = path
        self.synopsis = synopsis
        self.summary = summary
        self.description = description
        self.positionals = positionals
        self.flags = flags
    }

    /// The flag named `name`, if this command takes it.
    public func flag(_ name: String) -> FlagSpec? { flags.first { $0.name == name } }
}
