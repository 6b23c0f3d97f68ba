import Foundation
import Testing

@testable import ForgedKit

/// The README's configuration table is generated from the settings table;
/// this keeps the two from drifting apart.
@Test func readmeConfigurationTableMatchesTheSettings() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let table = CLI.markdownTable()
    if !readme.contains(table) {
        try? table.write(
            toFile: FileManager.default.temporaryDirectory.appendingPathComponent("forged-config-table.md").path,
            atomically: true, encoding: .utf8)
    }
    #expect(
        readme.contains(table),
        "README.md's configuration table is stale; the current one is in $TMPDIR/forged-config-table.md")
    for command in CLI.commands where command.path != ["version"] {
        #expect(
            readme.contains("forged " + command.path.joined(separator: " ")), "README does not mention \(command.path)")
    }
}
