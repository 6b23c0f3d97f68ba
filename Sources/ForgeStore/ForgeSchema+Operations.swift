extension ForgeSchema {
    /// Migrations 0400–0499: backups, admin settings, the demo seat.
    static func registerOperations(_ m: inout Migrator) {
    }
}
