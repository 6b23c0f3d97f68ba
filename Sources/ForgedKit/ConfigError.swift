/// A configuration or command-line mistake. `forged` prints ``line`` on
/// stderr and exits with ``exitStatus`` (2, the usage-error status).
///
/// Shapes of ``line``:
/// - a bad value: `forged: invalid --timezone "Mars/Base": unknown time zone`,
///   with `(from FORGE_TIMEZONE)` or `(from /etc/forge/forged.conf:4)` after
///   the value when it did not come from a flag;
/// - anything else: `forged: --foo: unknown flag for "forged serve"`, or
///   `forged: MESSAGE` when no setting is involved.
package struct ConfigError: Error, Sendable, Equatable {
    /// The setting or flag name without dashes (`timezone`, `listen`,
    /// `config`); empty when the mistake is not about one flag (an unknown
    /// command, a missing argument).
    package let setting: String
    /// What is wrong, without the `forged:` prefix or the value
    /// (`unknown time zone`).
    package let message: String
    /// The offending value as given, when there is one.
    package let value: String?
    /// Where the value came from when not a flag: an environment variable
    /// name or `FILE:LINE`.
    package let origin: String?

    /// The process exit status for configuration and usage errors.
    package static let exitStatus: Int32 = ExitStatus.configuration

    /// An error about `setting` (flag name without dashes; empty for usage errors); see the properties.
    package init(setting: String, message: String, value: String? = nil, origin: String? = nil) {
        self.setting = setting
        self.message = message
        self.value = value
        self.origin = origin
    }

    /// The one-line message for stderr (no trailing newline).
    package var line: String {
        let from = origin.map { " (from \($0))" } ?? ""
        if let value {
            return "forged: invalid --\(setting) \"\(value)\"\(from): \(message)"
        }
        if setting.isEmpty { return "forged: \(message)\(from)" }
        return "forged: --\(setting)\(from): \(message)"
    }
}

extension ConfigError: CustomStringConvertible {
    package var description: String { line }
}
