import Foundation
import Testing

/// The project is Apache-2.0 (issue 17, item 7): the licence text ships, the
/// package's copyright file is machine-readable (DEP-5) and says so, and every
/// file that opens with a comment carries the SPDX identifier.
@Suite struct LicenseTests {
    @Test func theLicenceIsApache2AndTheCopyrightFileSaysSo() throws {
        let license = try String(contentsOf: repositoryRoot.appendingPathComponent("LICENSE"), encoding: .utf8)
        #expect(license.contains("Apache License") && license.contains("Version 2.0, January 2004"))
        let copyright = try String(
            contentsOf: repositoryRoot.appendingPathComponent("packaging/debian/copyright"), encoding: .utf8)
        #expect(copyright.hasPrefix("Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"))
        let paragraphs = copyright.components(separatedBy: "\n\n")
        let files = try #require(paragraphs.first { $0.hasPrefix("Files: *") })
        #expect(files.contains("\nLicense: Apache-2.0"))
        #expect(
            paragraphs.contains {
                $0.hasPrefix("License: Apache-2.0\n") && $0.contains("/usr/share/common-licenses/Apache-2.0")
            })
        #expect(!copyright.contains("License: other"))
    }

    @Test func filesWithAHeaderCommentCarryTheSPDXIdentifier() throws {
        let fm = FileManager.default
        var checked = 0
        for folder in [".ci", "packaging", "bench", "systemd", "tests"] {
            let base = repositoryRoot.appendingPathComponent(folder).path
            for case let relative as String in fm.enumerator(atPath: base)! {
                let path = base + "/" + relative
                var isDirectory: ObjCBool = false
                guard fm.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                    let text = try? String(contentsOfFile: path, encoding: .utf8), text.hasPrefix("#")
                else { continue }
                let head = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(3)
                #expect(head.contains("# SPDX-License-Identifier: Apache-2.0"), "\(folder)/\(relative)")
                checked += 1
            }
        }
        #expect(checked >= 20)
    }
}
