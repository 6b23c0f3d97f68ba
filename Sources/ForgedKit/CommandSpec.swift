/// One flag a command accepts: a setting (``SettingSpec``) or a
/// command-only flag such as `--name` or `--password-stdin`.
package struct FlagSpec: Sendable, Equatable {
    /// The name without dashes (`state-dir`, `name`).
    package let name: String
    /// Placeholder for the value in help; empty for booleans.
    package let valueName: String
    /// One or two sentences for help.
    package let help: String
    /// The default as people read it; nil for none.
    package let defaultDescription: String?
    /// The environment / config-file name for settings; nil for command-only flags.
    package let env: String?
    /// Boolean: a bare flag means true, it never takes the next argument.
    package let isBool: Bool
    /// Repeatable.
    package let isList: Bool
    /// The command fails without it.
    package let isRequired: Bool

    /// A command-only flag.
    package init(name: String, valueName: String, help: String, isBool: Bool = false, isRequired: Bool = false) {
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
    package init(setting: SettingSpec) {
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
package struct CommandSpec: Sendable, Equatable {
    /// The command words (`["serve"]`, `["user", "add"]`, `["version"]`).
    package let path: [String]
    /// The usage line after `forged ` (`user add EMAIL --name NAME [--password-stdin]`).
    package let synopsis: String
    /// One line for the command list.
    package let summary: String
    /// A paragraph for `forged help COMMAND`.
    package let description: String
    /// Names of the required positional arguments, in order (`["EMAIL"]`).
    package let positionals: [String]
    /// Names of optional positional arguments after the required ones (`["FILE"]`).
    package let optionalPositionals: [String]
    /// Flags accepted besides `--help`/`-h`.
    package let flags: [FlagSpec]

    package init(
        path: [String], synopsis: String, summary: String, description: String,
        positionals: [String] = [], optionalPositionals: [String] = [], flags: [FlagSpec] = []
    ) {
        self.path = path
        self.synopsis = synopsis
        self.summary = summary
        self.description = description
        self.positionals = positionals
        self.optionalPositionals = optionalPositionals
        self.flags = flags
    }

    /// The flag named `name`, if this command takes it.
    package func flag(_ name: String) -> FlagSpec? { flags.first { $0.name == name } }
}
