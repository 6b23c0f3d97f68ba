extension CLI {
    /// Help text for `forged help [COMMAND...]` and `forged COMMAND --help`.
    /// - Parameter path: the command words without the leading `help`:
    ///   `[]` for the general help, `["user"]` for a group, `["serve"]`.
    /// - Returns: the text, ending in a newline; nil for an unknown path.
    package static func helpText(for path: [String]) -> String? {
        if path.isEmpty { return generalHelp() }
        if let command = spec(for: path) { return commandHelp(command) }
        if isGroup(path) { return groupHelp(path) }
        if let command = argumentCommand(path) { return commandHelp(command) }
        return nil
    }

    /// The command `path` names with its first argument given (`help import forge-server` is
    /// `import KIND`'s help), or nil.
    static func argumentCommand(_ path: [String]) -> CommandSpec? {
        guard path.count > 1, let command = spec(for: Array(path.dropLast())),
            command.synopsis.split(separator: " ").contains(where: { $0.first?.isUppercase == true })
        else { return nil }
        return command
    }

    /// The configuration table for the README: setting, flag,
    /// environment/file name, default, meaning.
    package static func markdownTable() -> String { SettingSpec.markdownTable() }

    static func generalHelp() -> String {
        var out = "Usage: forged COMMAND [FLAGS]\n\n"
        out += wrap(
            "forged is the Forge household server: the HTTP API for the Forge app and household "
                + "scripts (training and food), served from one SQLite database.", indent: 0)
        out += "\nCommands:\n" + commandList(commands)
        out +=
            "\n"
            + wrap(
                "Every setting has one name in three places: the flag --foo-bar, the environment "
                    + "variable FORGE_FOO_BAR, and a FORGE_FOO_BAR=value line in the config file "
                    + "(--config FILE, else /etc/forge/forged.conf when it exists). Flags beat the environment, "
                    + "which beats the file. \"forged help serve\" lists the settings; "
                    + "\"forged help COMMAND\" shows a command's flags.", indent: 0)
        return out
    }

    static func groupHelp(_ path: [String]) -> String {
        let name = path.joined(separator: " ")
        var out = "Usage: forged \(name) COMMAND [FLAGS]\n\n"
        if let summary = groups[name] { out += wrap(summary, indent: 0) }
        out += "\nCommands:\n" + commandList(commands.filter { $0.path.starts(with: path) })
        out += "\nRun \"forged help \(name) COMMAND\" for a command's flags.\n"
        return out
    }

    static func commandHelp(_ command: CommandSpec) -> String {
        var out = "Usage: forged \(command.synopsis)\n\n"
        out += wrap(command.description, indent: 0)
        out += "\nFlags:\n"
        for flag in command.flags {
            out += "  --\(flag.name)" + (flag.valueName.isEmpty ? "" : " \(flag.valueName)") + "\n"
            var text = flag.help
            if flag.isRequired { text += " Required." }
            if flag.isList { text += " Repeatable." }
            out += wrap(text, indent: 6)
            if let d = flag.defaultDescription { out += wrap("Default: \(d).", indent: 6) }
            if let env = flag.env {
                let inFile = SettingSpec.named(flag.name)?.inFile ?? true
                let listNote = flag.isList ? ", comma-separated" : ""
                out += wrap(inFile ? "Env/file: \(env)\(listNote)." : "Env: \(env).", indent: 6)
            }
        }
        out += "  -h, --help\n" + wrap("Show this help.", indent: 6)
        // A command that is also a group ("backup", "backup key …"): its subcommands too.
        let under = commands.filter { $0.path.count > command.path.count && $0.path.starts(with: command.path) }
        if !under.isEmpty { out += "\nCommands under it:\n" + commandList(under) }
        return out
    }

    /// Two columns: synopsis, summary; a long synopsis puts its summary on
    /// the next line.
    static func commandList(_ list: [CommandSpec]) -> String {
        let column = 30
        var out = ""
        for command in list {
            let left = "  " + command.synopsis.replacingOccurrences(of: " [FLAGS]", with: "")
            if left.count + 2 <= column {
                out += left + String(repeating: " ", count: column - left.count) + command.summary + "\n"
            } else {
                out += left + "\n" + String(repeating: " ", count: column) + command.summary + "\n"
            }
        }
        return out
    }

    /// Word-wraps `text` to 79 columns, each line indented by `indent` spaces.
    static func wrap(_ text: String, indent: Int, width: Int = 79) -> String {
        let pad = String(repeating: " ", count: indent)
        var out = ""
        var line = pad
        for word in text.split(separator: " ") {
            if line.count > indent && line.count + 1 + word.count > width {
                out += line + "\n"
                line = pad
            }
            line += (line.count > indent ? " " : "") + word
        }
        return out + line + "\n"
    }
}

extension SettingSpec {
    /// The configuration table in Markdown (GitHub tables): one row per
    /// setting with its flag, environment/file name, default and meaning.
    package static func markdownTable() -> String {
        func cell(_ s: String) -> String { s.replacingOccurrences(of: "|", with: "\\|") }
        var out = "| Setting | Flag | Environment / file | Default | Meaning |\n|---|---|---|---|---|\n"
        for spec in all {
            var flag = "`--\(spec.name)" + (spec.valueName.isEmpty ? "" : " \(spec.valueName)") + "`"
            if spec.isList { flag += " (repeatable)" }
            var env = "`\(spec.env)`"
            if spec.isList { env += " (comma-separated)" }
            if !spec.inFile { env += " (environment only)" }
            out +=
                "| \(spec.name) | \(cell(flag)) | \(cell(env)) | \(cell(spec.defaultDescription)) | \(cell(spec.help)) |\n"
        }
        return out
    }
}
