extension ForgeSchema {
    /// Migrations 0200–0299: food: meal logs, media blobs, food proposals, slot edits.
    static func registerFood(_ m: inout Migrator) {
    }
}
