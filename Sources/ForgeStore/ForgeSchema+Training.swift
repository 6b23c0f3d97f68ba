extension ForgeSchema {
    /// Migrations 0100–0199: training: sessions, sets, records, progress, equipment, niggles, labs, body, prefs, plan items, export.
    static func registerTraining(_ m: inout Migrator) {
    }
}
