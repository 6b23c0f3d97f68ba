import Foundation
import Testing

@testable import ForgedKit

/// The README and the pages under docs/ agree with the code (issue 42): the
/// configuration table is generated from the settings table, the command-line
/// page names every command, every `forged …` example names a real command
/// with real flags (the command table `forged help` and forged(8) render),
/// the README holds the two set-up commands and CI runs its test command, and
/// the differences page names every normalisation of the round trip.
@Suite struct ReadmeTests {
    static func text(_ path: String) throws -> String {
        try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// README.md and every page under docs/, as (path, text).
    static func pages() throws -> [(path: String, text: String)] {
        let docs = try FileManager.default.contentsOfDirectory(
            atPath: repositoryRoot.appendingPathComponent("docs").path
        ).filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return try (["README.md"] + docs).map { ($0, try text($0)) }
    }

    @Test func theConfigurationTableMatchesTheSettings() throws {
        let page = try Self.text("docs/configuration.md")
        let table = CLI.markdownTable()
        if !page.contains(table) {
            try? table.write(
                toFile: FileManager.default.temporaryDirectory.appendingPathComponent("forged-config-table.md").path,
                atomically: true, encoding: .utf8)
        }
        #expect(
            page.contains(table),
            "docs/configuration.md's table is stale; the current one is in $TMPDIR/forged-config-table.md")
        #expect(try Self.text("README.md").contains("](docs/configuration.md)"))
    }

    @Test func theCommandLinePageNamesEveryCommand() throws {
        let page = try Self.text("docs/command-line.md")
        for command in CLI.commands where command.path != ["version"] {
            #expect(
                page.contains("forged " + command.path.joined(separator: " ")),
                "docs/command-line.md does not mention \(command.path)")
        }
        #expect(page.contains("forged --version"))
        #expect(try Self.text("README.md").contains("](docs/command-line.md)"))
    }

    /// The README holds exactly the two commands that set everything up on a
    /// fresh Debian machine, and `.ci/run` runs the test one as the README
    /// shows it, before it installs anything of its own.
    @Test func theReadmeHoldsTheTwoSetUpCommandsAndCIRunsItsTestCommand() throws {
        let readme = try Self.text("README.md")
        #expect(readme.contains("Run the daemon with a demo household on localhost:\n\n```sh\nmake run\n```\n"))
        #expect(readme.contains("Run the tests:\n\n```sh\nmake test\n```\n"))
        let blocks = readme.components(separatedBy: "```sh\n").dropFirst().map {
            $0.components(separatedBy: "\n```")[0]
        }
        #expect(blocks.filter { $0.hasPrefix("make ") } == ["make run", "make test"])
        let ci = try Self.text(".ci/run").split(separator: "\n").map(String.init)
        #expect(ci.first { $0.hasPrefix("make ") || $0.hasPrefix("apt") } == "make test")
    }

    @Test func everyForgedExampleNamesARealCommandAndRealFlags() throws {
        // The checker catches what it is for.
        #expect(Self.problem(in: ["backup", "now"]) != nil)
        #expect(Self.problem(in: ["serve", "--no-such-flag"]) != nil)
        #expect(Self.problem(in: ["user", "add", "EMAIL", "--output", "F"]) != nil)
        #expect(Self.problem(in: ["frobnicate"]) != nil)
        #expect(Self.problem(in: ["help", "user", "frob"]) != nil)
        #expect(Self.problem(in: ["import", "strong", "f.csv", "--member", "a@b", "--unit", "lb"]) == nil)
        var examples = 0
        var problems: [String] = []
        for (path, text) in try Self.pages() {
            for example in Self.examples(in: text) {
                examples += 1
                if let problem = Self.problem(in: example) {
                    problems.append("\(path): forged \(example.joined(separator: " ")): \(problem)")
                }
            }
        }
        #expect(examples > 150)
        #expect(problems.isEmpty, "\n\(problems.joined(separator: "\n"))")
    }

    /// Each normalisation of the round trip against the original server
    /// (tests/forge-server/rt_normalise.py) is excused only by a phrase of
    /// docs/differences.md; checked here on every run, not only where the
    /// original server is at hand.
    @Test func theDifferencesPageNamesEveryRoundTripNormalisation() throws {
        let python = try requiredTool("python3", package: "python3")
        let script = """
            import sys
            sys.path.insert(0, "tests/forge-server")
            import rt_normalise
            missing = rt_normalise.check_differences(open("docs/differences.md").read())
            print(len(rt_normalise.RULES) + len(rt_normalise.REWRITES), missing)
            sys.exit(1 if missing else 0)
            """
        let result = try runProcess(
            python, ["-c", script], environment: cleanEnvironment(["PYTHONDONTWRITEBYTECODE": "1"]),
            directory: repositoryRoot.path)
        #expect(result.status == 0, "\(result.out)\(result.err)")
        #expect(Int(result.out.split(separator: " ").first ?? "") ?? 0 >= 29)
        // README and the contract point at the page rather than repeat it.
        #expect(try Self.text("README.md").contains("](docs/differences.md)"))
        #expect(!(try Self.text("README.md")).contains("## Differences from the contract"))
    }

    // MARK: - Finding the examples

    /// `forged` in command position: at the start, after a pipe, `&&`, `;`,
    /// `--` (runuser), a `$ ` prompt or `sudo`, bare or as a built or
    /// installed binary (`.build/release/forged`, `/usr/bin/forged`).
    static var commandStart: Regex<AnyRegexOutput> {
        try! Regex(
            #"(?:^|&&\s*|\|\s*|;\s*|--\s+|\$\s+|sudo\s+|\(\s*)(?:[^\s`'"()]*/(?:release|debug|bin)/)?forged(?=\s)"#)
    }

    /// The arguments of every `forged …` in fenced code blocks (a line, with
    /// its `\` continuations) and in inline code spans.
    static func examples(in text: String) -> [[String]] {
        var out: [[String]] = []
        var fenced = false
        var pending = ""
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(rawLine)
            if line.hasPrefix("```") {
                fenced.toggle()
                continue
            }
            if fenced {
                if line.hasSuffix("\\") {
                    pending += line.dropLast().trimmingCharacters(in: .whitespaces) + " "
                    continue
                }
                out += commands(in: pending + line.trimmingCharacters(in: .whitespaces))
                pending = ""
            } else {
                let parts = line.split(separator: "`", omittingEmptySubsequences: false)
                for (index, span) in parts.enumerated() where index % 2 == 1 && index < parts.count - 1 {
                    out += commands(in: String(span))
                }
            }
        }
        return out
    }

    /// The arguments after each `forged` in command position in `text`, up to
    /// a shell operator, a comment, or a gap of two spaces (a synopsis
    /// column), with quotes read as the shell does.
    static func commands(in text: String) -> [[String]] {
        let start = commandStart
        return text.matches(of: start).map { match in
            var rest = String(text[match.range.upperBound...]).trimmingCharacters(in: .whitespaces)
            if let gap = rest.range(of: "  ") { rest = String(rest[..<gap.lowerBound]) }
            var words: [String] = []
            var word = ""
            var quote: Character?
            var inWord = false
            loop: for c in rest {
                if let q = quote {
                    if c == q { quote = nil } else { word.append(c) }
                    continue
                }
                switch c {
                case "'", "\"":
                    quote = c
                    inWord = true
                case " ", "\t":
                    if inWord { words.append(word) }
                    word = ""
                    inWord = false
                default:
                    if !inWord && ["|", "&", ";", ">", "<", "#", ")"].contains(c) { break loop }
                    word.append(c)
                    inWord = true
                }
            }
            if inWord { words.append(word) }
            return words
        }
    }

    // MARK: - Checking one example

    /// Why `arguments` (the words after `forged`) is not a real command line,
    /// or nil. Placeholders (`[FLAGS]`, `…`) pass; `[--flag]` is the flag.
    static func problem(in arguments: [String]) -> String? {
        let words = arguments.flatMap { word -> [String] in
            let bare = word.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
            // `--tls-cert/--tls-key`: two flags.
            if bare.hasPrefix("--"), bare.contains("/--") { return bare.components(separatedBy: "/") }
            return [bare]
        }.filter { !$0.isEmpty && !["FLAGS", "…", "...", "|"].contains($0) }
        guard let first = words.first else { return nil }
        if first == "--version" { return words.count == 1 ? nil : "--version takes nothing more" }
        if first == BenchFillCommand.name {
            let known: Set<String> = ["state-dir", "recipes"]
            let unknown = words.filter { $0.hasPrefix("--") && !known.contains(String($0.dropFirst(2))) }
            return unknown.isEmpty ? nil : "bench-fill takes only --state-dir and --recipes, not \(unknown)"
        }
        if first == "help" {
            let path = words.dropFirst().filter { $0.first?.isLowercase == true }
            return CLI.helpText(for: Array(path)) == nil ? "forged help has no \(path.joined(separator: " "))" : nil
        }
        var path: [String] = []
        var index = 0
        while index < words.count, !words[index].hasPrefix("-"),
            CLI.spec(for: path + [words[index]]) != nil || CLI.isGroup(path + [words[index]])
        {
            path.append(words[index])
            index += 1
        }
        guard !path.isEmpty, let help = CLI.helpText(for: path) else {
            return "`\(first)` is not a forged command"
        }
        let spec = CLI.spec(for: path)
        var positionals = 0
        while index < words.count {
            let word = words[index]
            index += 1
            guard word.hasPrefix("-") else {
                positionals += 1
                continue
            }
            if word == "-h" || word == "--help" { continue }
            let name = String(word.dropFirst(2).prefix { $0 != "=" })
            guard let flag = spec?.flag(name), help.contains("--\(name)") else {
                return "forged \(path.joined(separator: " ")) has no flag --\(name)"
            }
            if !flag.isBool, !word.contains("="), index < words.count, !words[index].hasPrefix("--") { index += 1 }
        }
        let allowed = spec.map { $0.positionals.count + $0.optionalPositionals.count } ?? 0
        if positionals > allowed {
            return "forged \(path.joined(separator: " ")) takes at most \(allowed) arguments, not \(positionals)"
        }
        return nil
    }
}
