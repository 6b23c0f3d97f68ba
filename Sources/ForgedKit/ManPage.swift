import ForgeCore

/// forged(8), rendered in man(7) roff from the same tables as `forged help`
/// (``CLI/commands``, ``SettingSpec/all``), so the page cannot drift from
/// the binary. `packaging/forged.8` holds the rendered page (a test keeps it
/// equal to ``render(date:)``); the Debian package installs it gzipped.
package enum ManPage {
    /// The page; `date` is the footer date (`YYYY-MM-DD`).
    package static func render(date: String) -> String {
        var out = ".\\\" forged(8): generated from the command and settings tables; do not edit by hand.\n"
        out += ".TH FORGED 8 \(quoted(date)) \(quoted("forged \(BuildInfo.version)")) \"System Administration\"\n"
        out += ".SH NAME\nforged \\- the Forge household server\n"
        out += ".SH SYNOPSIS\n"
        for command in CLI.commands {
            out += ".B forged\n" + escape(command.synopsis) + "\n.br\n"
        }
        out += ".SH DESCRIPTION\n"
        out += paragraph(
            "forged serves the Forge household API (training, the shared food week, recipes, cook "
                + "timers) for one household of two members and an optional demo seat, from one SQLite database in "
                + "the state directory. It runs as a systemd unit (Type=notify, socket activation, watchdog, "
                + "journald), pushes cook-timer, proposal-ready and planned-day-reminder notices over a Unix socket, "
                + "serves a kitchen display at /kitchen and backs its database up every night.")
        out += ".SH COMMANDS\n"
        for command in CLI.commands {
            out += ".TP\n.B forged \(escape(command.synopsis))\n" + escape(command.description) + "\n"
            let own = command.flags.filter { $0.env == nil }
            for flag in own {
                out +=
                    ".RS\n.TP\n" + flagLine(flag) + escape(flag.help) + (flag.isRequired ? " Required." : "")
                    + "\n.RE\n"
            }
        }
        out += ".SH CONFIGURATION\n"
        out += paragraph(
            "Every setting has one name in three places: the flag --foo-bar, the environment "
                + "variable FORGE_FOO_BAR and a FORGE_FOO_BAR=value line in the config file (systemd EnvironmentFile "
                + "syntax). Flags beat the environment, which beats the file, which beats the default. Lists are "
                + "comma-separated in the environment and the file.")
        for setting in SettingSpec.all {
            let flag = FlagSpec(setting: setting)
            out += ".TP\n" + flagLine(flag) + escape(setting.help)
            if setting.isList { out += " Repeatable." }
            out += "\n.br\nDefault: " + escape(setting.defaultDescription) + ". "
            out += (setting.inFile ? "Environment and file: " : "Environment: ") + "\\fB\(setting.env)\\fR.\n"
        }
        out +=
            ".SH SIGNALS\n.TP\n.B SIGTERM\\fR, \\fBSIGINT\nStop: in-flight requests get up to 10 s, then every service stops in reverse order.\n"
        out +=
            ".TP\n.B SIGHUP\nRe-read the config file; the log level applies at once, other changes at the next restart.\n"
        out += ".SH FILES\n"
        for (path, what) in files {
            out += ".TP\n.I \(escape(path))\n\(escape(what))\n"
        }
        out += ".SH SEE ALSO\n.BR systemctl (1),\n.BR journalctl (1),\n.BR systemd.socket (5),\n.BR sqlite3 (1)\n"
        return out
    }

    static let files: [(String, String)] = [
        ("/etc/forge/forged.conf", "Settings as FORGE_NAME=value lines (a conffile of commented defaults)."),
        ("/var/lib/forge/forge.sqlite3", "The database (WAL mode; media blobs included)."),
        ("/var/lib/forge/backups/", "Nightly integrity-checked backups."),
        (
            "/run/forge/events.sock",
            "The event socket: one JSON envelope per line, a snapshot first (mode 0660, group forge)."
        ),
    ]

    static func flagLine(_ flag: FlagSpec) -> String {
        flag.valueName.isEmpty
            ? ".B \\-\\-\(escape(flag.name))\n"
            : ".BI \\-\\-\(escape(flag.name))\\  \(escape(flag.valueName))\n"
    }

    static func paragraph(_ text: String) -> String { escape(text) + "\n" }

    /// Escapes roff: backslashes, hyphens of options, and a leading `.` or `'`.
    static func escape(_ text: String) -> String {
        var out = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }

    static func quoted(_ text: String) -> String { "\"" + text.replacingOccurrences(of: "\"", with: "") + "\"" }
}
