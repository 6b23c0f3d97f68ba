import ForgeTrain

extension ParsedCommand {
    /// The `--unit` flag (`kg`/`lb`, any case, `kgs`/`lbs` too: ``LoadUnit/named(_:)``), nil when not given.
    /// - Throws: ``ConfigError`` naming `unit` for any other value (exit 2), before anything is touched.
    func loadUnit() throws -> LoadUnit? {
        guard let text = flags["unit"]?.last else { return nil }
        guard let unit = LoadUnit.named(text) else {
            throw ConfigError(setting: "unit", message: "must be kg or lb", value: text)
        }
        return unit
    }
}
