import Foundation
import Testing

@testable import ForgedKit

/// forged(8): the committed page is the rendering of the command and
/// settings tables, and groff formats it without a warning.
@Suite struct ManPageTests {
    let path = repositoryRoot.appendingPathComponent("packaging/forged.8").path

    @Test func theCommittedPageMatchesTheTables() throws {
        let committed = try String(contentsOfFile: path, encoding: .utf8)
        let header = try #require(committed.split(separator: "\n").first { $0.hasPrefix(".TH ") })
        let date = String(header.split(separator: "\"")[1])
        let fresh = ManPage.render(date: date)
        if committed != fresh {
            try fresh.write(toFile: NSTemporaryDirectory() + "forged.8", atomically: true, encoding: .utf8)
        }
        #expect(committed == fresh, "packaging/forged.8 is stale; the current page is in $TMPDIR/forged.8")
        for command in CLI.commands {
            #expect(committed.contains(ManPage.escape(command.synopsis)), "forged \(command.synopsis) missing")
        }
        for setting in SettingSpec.all {
            #expect(committed.contains("\\fB\(setting.env)\\fR"), "\(setting.env) missing")
        }
    }

    @Test func groffFormatsItWithoutWarnings() throws {
        _ = try requiredTool("groff", package: "groff-base")
        let result = try runProcess("/usr/bin/groff", ["-man", "-Tutf8", "-ww", "-z", path])
        #expect(result.status == 0)
        #expect(result.err.isEmpty, "groff: \(result.err)")
        let text = try runProcess("/usr/bin/groff", ["-man", "-Tascii", "-P-c", "-P-b", "-P-u", path]).out
        #expect(text.contains("--max-upload BYTES"))
        #expect(text.contains("forged - the Forge household server"))
    }
}
