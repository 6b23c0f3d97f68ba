import Foundation
import Testing

/// The repository documents itself (issue 17, item 7): code, tests and docs
/// cite `docs/contract.md §X` and `docs/architecture.md §N`, never documents
/// outside the repository (`API.md`, `DESIGN.md`, `STYLE.md`, `../shared/…`;
/// data sets a test may find beside the repository, `../shared/data/…`, and
/// the original server the round trip runs, `../shared/reference/forge-original`,
/// are not documents), and every cited section exists.
@Suite struct CitationTests {
    /// Files under Sources/, Tests/ and docs/, and README.md, with their text.
    static func citingFiles() -> [(path: String, text: String)] {
        let fm = FileManager.default
        var files: [(String, String)] = []
        for folder in ["Sources", "Tests", "docs"] {
            let base = repositoryRoot.appendingPathComponent(folder).path
            for case let relative as String in fm.enumerator(atPath: base)! where !relative.contains("/Fixtures/") {
                guard let text = try? String(contentsOfFile: base + "/" + relative, encoding: .utf8) else { continue }
                files.append((folder + "/" + relative, text))
            }
        }
        if let readme = try? String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8) {
            files.append(("README.md", readme))
        }
        return files
    }

    /// The `§` numbers a docs file defines: from headings `## 4.` / `### 4.19 …`.
    static func sections(of name: String) throws -> Set<String> {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/" + name), encoding: .utf8)
        var numbers: Set<String> = []
        for line in text.split(separator: "\n") where line.hasPrefix("#") {
            let words = line.drop { $0 == "#" }.split(separator: " ")
            guard let first = words.first else { continue }
            let number = first.hasSuffix(".") ? first.dropLast() : first
            if !number.isEmpty, number.allSatisfy({ $0.isNumber || $0 == "." }) { numbers.insert(String(number)) }
        }
        return numbers
    }

    @Test func nothingCitesDocumentsOutsideTheRepository() throws {
        // A bare name (not part of a path such as docs/api.md) of an outside document.
        let outside = try Regex(
            #"(?:^|[^\w/.-])(?:API|DESIGN|STYLE)\.md|\.\./shared/(?!data/|reference/forge-original)"#)
        var offenders: [String] = []
        let files = Self.citingFiles()
        for (path, text) in files where path != "Tests/ForgedKitTests/CitationTests.swift" {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains(outside) {
                offenders.append("\(path):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(files.count > 300)
        #expect(
            offenders.isEmpty,
            "cite docs/contract.md or docs/architecture.md instead:\n\(offenders.joined(separator: "\n"))")
    }

    @Test func everyCitedSectionExists() throws {
        let known = [
            "contract.md": try Self.sections(of: "contract.md"),
            "architecture.md": try Self.sections(of: "architecture.md"),
        ]
        #expect(known["contract.md"]!.isSuperset(of: ["1", "1.11", "2", "3.15", "4.19", "4.28", "5.8", "6.16"]))
        #expect(known["architecture.md"]!.isSuperset(of: ["4", "12", "16.9", "18", "19.4"]))
        // "docs/contract.md §4.19", and the run of "§x" / ", §y" / " and §z" that follows it.
        let citation = try Regex(#"docs/(contract|architecture)\.md((?:(?:,| and|;)? ?§[0-9]+(?:\.[0-9]+)*)+)"#)
        let number = try Regex(#"§([0-9]+(?:\.[0-9]+)*)"#)
        var cited = 0
        var missing: [String] = []
        for (path, text) in Self.citingFiles() {
            for match in text.matches(of: citation) {
                let file = String(text[match.output[1].range!]) + ".md"
                for section in text[match.output[2].range!].matches(of: number) {
                    let value = String(text[section.output[1].range!])
                    cited += 1
                    if !known[file]!.contains(value) { missing.append("\(path): docs/\(file) §\(value)") }
                }
            }
        }
        #expect(cited > 300)
        #expect(missing.isEmpty, "cited sections that do not exist:\n\(missing.joined(separator: "\n"))")
    }
}
