extension ForgeSchema {
    /// Migrations 0300–0399: recipe import, MCP and MCP OAuth.
    static func registerImport(_ m: inout Migrator) {
    }
}
