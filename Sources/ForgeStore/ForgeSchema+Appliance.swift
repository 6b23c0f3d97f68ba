extension ForgeSchema {
    /// Migrations 0500–0599: systemd-facing state.
    static func registerAppliance(_ m: inout Migrator) {
    }
}
