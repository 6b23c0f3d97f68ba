import ForgeCore
import ForgeHTTP

/// forged(8), rendered in man(7) roff from the same tables as `forged help`
/// (``CLI/commands``, ``SettingSpec/all``), so the page cannot drift from
/// the binary. `packaging/forged.8` holds the rendered page (a test keeps it
/// equal to ``render(date:)``); the Debian package installs it gzipped.
package enum ManPage {
    /// The page; `date` is the footer date (`YYYY-MM-DD`).
    package static func render(date: String) -> String {
        var out = ".\\\" forged(8): generated from the command and settings tables; do not edit by hand.\n"
        out += ".TH FORGED 8 \(quoted(date)) \(quoted("forged \(BuildInfo.release)")) \"System Administration\"\n"
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
            ".TP\n.B SIGHUP\nRe-read the config file and the TLS certificate and key (--tls-cert, --tls-key): the log "
            + "level and the certificate apply at once (a certificate that fails to load leaves the previous one in "
            + "use and logs an error); other changes are logged as needing a restart. systemctl reload forged sends it.\n"
        out += exitStatus
        out += ".SH ENVIRONMENT\n"
        for (name, what) in environmentVariables {
            out += ".TP\n.B \(escape(name))\n\(escape(what))\n"
        }
        out += operations
        out += ".SH FILES\n"
        for (path, what) in files {
            out += ".TP\n.I \(escape(path))\n\(escape(what))\n"
        }
        out += ".SH SEE ALSO\n.BR systemctl (1),\n.BR journalctl (1),\n.BR systemd.socket (5),\n.BR sqlite3 (1)\n"
        return out
    }

    /// EXIT STATUS: ``ExitStatus``, one entry each.
    static var exitStatus: String {
        let rows: [(Int32, String)] = [
            (ExitStatus.success, "Success; forged serve stopped cleanly on SIGTERM or SIGINT."),
            (
                ExitStatus.failure,
                "A runtime failure: a port in use, a certificate that will not load, a failed backup, a refused restore."
            ),
            (
                ExitStatus.configuration,
                "A usage or configuration error. The line names the flag, the variable or the config file and line, "
                    + "and the fix. The unit does not restart on it (RestartPreventExitStatus=); under socket activation "
                    + "forged answers 503 instead of exiting (below)."
            ),
            (
                ExitStatus.databaseUnusable,
                "The database is damaged, will not open, or was written by a newer forged (EX_DATAERR). Restore it "
                    + "(forged backup list, forged restore FILE). The unit does not restart on it; under socket activation "
                    + "forged answers 503 instead of exiting (below)."
            ),
            (
                ExitStatus.diskFull,
                "The disk holding the state directory is full and the database cannot be opened even read-only, or "
                    + "migrations are pending (EX_IOERR). A full disk alone does not stop forged: it starts read-only."
            ),
            (
                ExitStatus.stateDirectoryInUse,
                "Another forged, or a forged restore, holds the state directory's lock (EX_TEMPFAIL)."
            ),
        ]
        var out = ".SH EXIT STATUS\n"
        for (status, what) in rows { out += ".TP\n.B \(status)\n\(escape(what))\n" }
        out += ".PP\n"
        out += paragraph(
            "Every failure at start is one line at error priority: in the journal with a MESSAGE_ID (below) when "
                + "stderr is the journal, with the sd-daemon prefix <3> on any other non-terminal, plain on a "
                + "terminal. Under socket activation, statuses 2 and 65 are not exits: forged stays up, sends "
                + "READY=1 with STATUS=cannot serve: REASON; fix: COMMAND, keeps the watchdog and answers every "
                + "request 503 {\"detail\":\"cannot serve: REASON; fix: COMMAND\"} (/healthz adds ok: false), "
                + "so a client's request never re-triggers a failing start; after the fix, systemctl restart "
                + "forged. The unit allows ten starts in 60 s (StartLimitBurst=10, StartLimitIntervalSec=60) for "
                + "crash loops; when that trips, the unit and its sockets fail until systemctl reset-failed "
                + "forged.service forged.socket forged-events.socket; systemctl restart forged.")
        return out
    }

    /// ENVIRONMENT: the variables forged reads besides the FORGE_* settings.
    static let environmentVariables: [(String, String)] = [
        ("FORGE_*", "Each setting under CONFIGURATION (flags beat them; they beat the config file)."),
        ("STATE_DIRECTORY", "Set by systemd (StateDirectory=forge): the default state directory."),
        ("RUNTIME_DIRECTORY", "Set by systemd (RuntimeDirectory=forge): the default runtime directory."),
        (
            "LISTEN_FDS, LISTEN_PID, LISTEN_FDNAMES",
            "Socket activation (sd_listen_fds(3)): sockets named http replace --listen; events is the event socket."
        ),
        ("NOTIFY_SOCKET, WATCHDOG_USEC", "sd_notify(3): READY=1, STATUS=, WATCHDOG=1, RELOADING=1, STOPPING=1."),
        (
            "JOURNAL_STREAM",
            "When it names stderr, log records go to the journal natively with structured fields and MESSAGE_IDs."
        ),
    ]

    /// HEALTH, JOURNAL, HTTPS, PORTS, UPGRADE AND DOWNGRADE: how to run it.
    static var operations: String {
        var out = ".SH HEALTH\n"
        out += paragraph(
            "GET /healthz (no sign-in) answers 200 with ok: true, the build, version, household time zone, today "
                + "and the last backup (backup.last_at, ok, file, error). It answers 503 with ok: false and a reason "
                + "when the database does not answer or the disk is full (reason: disk full since ...). systemctl "
                + "status forged shows the same in its Status: line (STATUS=), updated at every change. Started on a "
                + "full disk, forged opens the database read-only: reads are served, writes answered 507, DISK FULL "
                + "shown, and it switches to read-write by itself once space is freed.")
        out += ".SH JOURNAL\n"
        out += paragraph(
            "journalctl -u forged shows the log; journalctl -p err -u forged only what needs action; journalctl -x "
                + "explains each MESSAGE_ID from the catalogue (/usr/lib/systemd/catalog/forged.catalog). "
                + "journalctl MESSAGE_ID=ID finds every occurrence.")
        for id in LogMessageID.all {
            out += ".TP\n.B \(id.hex)\n\(escape(messageIDMeanings[id.hex] ?? ""))\n"
        }
        out += ".SH HTTPS\n"
        out += paragraph(
            "With --tls-cert and --tls-key, forged serves HTTPS itself with this GnuTLS priority string "
                + "(gnutls_priority_init(3)):")
        out += ".PP\n.nf\n" + escape(TLSCertificate.priorities) + "\n.fi\n.PP\n"
        out += paragraph(
            "TLS 1.2 and 1.3 only, AES-GCM or ChaCha20-Poly1305, forward-secret key exchange. TLS 1.0, "
                + "1.1, CBC and static-RSA ciphers are refused. Renew the certificate by replacing the files and "
                + "running systemctl reload forged.")
        out += ".SH PORTS\n"
        out += paragraph(
            "Under systemd the HTTP port belongs to forged.socket (ListenStream=8080), not to --listen. To change "
                + "it: systemctl edit forged.socket, add [Socket], an empty ListenStream= line (to drop 8080) and "
                + "ListenStream=NEW, then systemctl restart forged.socket forged.service. Several ListenStream= lines "
                + "listen on several addresses.")
        out += ".SH UPGRADE AND DOWNGRADE\n"
        out += paragraph(
            "Before a new version migrates the database it writes a verified copy to "
                + "/var/lib/forge/backups/pre-upgrade-<last migration>-YYYYMMDD-HHMMSS.sqlite3; if the copy fails, "
                + "nothing is migrated. An older forged refuses a database a newer one migrated (exit status 65). "
                + "To go back: systemctl stop forged.socket forged-events.socket forged.service, install the older "
                + "package, forged restore the pre-upgrade file, then systemctl restart forged.")
        return out
    }

    /// One sentence per ``LogMessageID`` for the JOURNAL section (hex → meaning).
    static let messageIDMeanings: [String: String] = [
        LogMessageID.started.hex: "forged started: migrated and listening (notice).",
        LogMessageID.backupDone.hex: "A backup was written and verified (FORGE_BACKUP=).",
        LogMessageID.backupFailed.hex: "A backup failed and will be retried (error).",
        LogMessageID.loginFailed.hex: "A sign-in was refused: wrong email or password (REMOTE_ADDR=).",
        LogMessageID.timerFired.hex: "A cook timer fired (FORGE_TIMER_ID=).",
        LogMessageID.diskFull.hex: "The disk is full: writes are refused with 507, reads go on (error).",
        LogMessageID.configInvalid.hex:
            "Cannot serve: configuration error, exit status 2 or 503 answers under socket activation "
            + "(FORGE_CONFIG_FILE=, FORGE_CONFIG_LINE=).",
        LogMessageID.databaseUnusable.hex:
            "Cannot serve: the database is damaged or will not open, exit status 65 or 503 answers under socket "
            + "activation (FORGE_DATABASE=).",
        LogMessageID.stateDirectoryInUse.hex: "Did not start: the state directory is in use, exit status 75.",
        LogMessageID.startFailed.hex: "Did not start, exit status 1: a port in use, a certificate that will not load.",
        LogMessageID.accountThrottled.hex:
            "Repeated failed sign-ins to one account from any addresses: its sign-ins are slowed (warning).",
        LogMessageID.backupCopied.hex:
            "A backup was copied off the box, read back and verified (FORGE_BACKUP_DESTINATION=).",
        LogMessageID.backupCopyFailed.hex:
            "A backup copy off the box failed and will be retried (error; FORGE_BACKUP_DESTINATION=).",
    ]

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
