/// SQL identifiers as SQLite and PostgreSQL both read them: the one quoting of
/// a table or column name written into a statement (the export, a seat's
/// rows, the forge-server move's source readers).
package enum SQLIdentifier {
    /// `name` in double quotes, an inner double quote doubled (`a"b` → `"a""b"`).
    package static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
