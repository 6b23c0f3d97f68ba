import ForgeCore
import Foundation
import Testing

@testable import ForgedKit

/// Issue 39, item 5: each build has a version dpkg orders: the release in
/// packaging/changelog, plus `+gitN` (commits since that entry) from a git
/// checkout with its history; a shallow clone or a tarball builds the release alone.
@Suite(.serialized) struct ReleaseVersionTests {
    /// A scratch repository holding tools/version.sh and packaging/changelog, committed once.
    struct Scratch {
        let dir = TempDir()
        var root: String { dir.file("repo") }

        init() throws {
            for path in ["tools/version.sh", "packaging/changelog"] {
                let target = dir.file("repo/" + path)
                try FileManager.default.createDirectory(
                    atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try FileManager.default.copyItem(
                    atPath: repositoryRoot.appendingPathComponent(path).path, toPath: target)
            }
            try git(["init", "-q", "-b", "main"])
            try commit("release", adding: ".")
        }

        @discardableResult func git(_ arguments: [String], in directory: String? = nil) throws -> String {
            let run = try runProcess(
                try requiredTool("git", package: "git"),
                ["-c", "user.name=Forge", "-c", "user.email=forge@example.org"] + arguments,
                directory: directory ?? root)
            try #require(run.status == 0, "git \(arguments): \(run.err)")
            return run.out
        }

        func commit(_ message: String, adding path: String? = nil) throws {
            if let path { try git(["add", path]) }
            try git(["commit", "-q", "--allow-empty", "-m", message])
        }

        func version(at directory: String? = nil) throws -> String {
            let run = try runProcess("/bin/sh", [(directory ?? root) + "/tools/version.sh"])
            try #require(run.status == 0, "\(run.err)")
            return run.out.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    func ordered(_ versions: [String]) throws -> Bool {
        let dpkg = try requiredTool("dpkg", package: "dpkg")
        for (lower, higher) in zip(versions, versions.dropFirst()) {
            guard try runProcess(dpkg, ["--compare-versions", lower, "lt", higher]).status == 0 else { return false }
        }
        return true
    }

    @Test func buildsFromGitCountCommitsSinceTheReleaseAndDpkgOrdersThem() throws {
        let repo = try Scratch()
        defer { repo.dir.remove() }
        let release = try repo.version()
        #expect(release.range(of: #"^\d+\.\d+\.\d+$"#, options: .regularExpression) != nil, "\(release)")
        try repo.commit("one")
        let one = try repo.version()
        for n in 2...12 { try repo.commit("commit \(n)") }
        let twelve = try repo.version()
        #expect(one == release + "+git1" && twelve == release + "+git12")
        // A shallow clone and a tarball (no .git) build the release alone.
        try repo.git(
            ["clone", "-q", "--depth", "1", "file://" + repo.root, repo.dir.file("shallow")], in: repo.dir.path)
        #expect(try repo.version(at: repo.dir.file("shallow")) == release)
        let tarball = repo.dir.file("tarball")
        try FileManager.default.copyItem(atPath: repo.root, toPath: tarball)
        try FileManager.default.removeItem(atPath: tarball + "/.git")
        #expect(try repo.version(at: tarball) == release)
        // A bump is a new changelog entry; its commit starts the count again.
        let changelog = repo.root + "/packaging/changelog"
        let text = try String(contentsOfFile: changelog, encoding: .utf8)
        try
            ("forged (9.0.0) unstable; urgency=medium\n\n  * Bumped.\n\n -- F <f@example.org>  Sun, 06 Dec 2026 19:30:00 +0000\n\n"
            + text)
            .write(toFile: changelog, atomically: true, encoding: .utf8)
        try repo.commit("bump", adding: "packaging/changelog")
        let bumped = try repo.version()
        try repo.commit("after the bump")
        let afterBump = try repo.version()
        #expect(bumped == "9.0.0" && afterBump == "9.0.0+git1")
        #expect(try ordered([release, one, twelve, bumped, "9.0.0+git1"]))
    }

    /// `forged --version` (and so /healthz and the package, which read it) is the script's version for
    /// the tree it was built from: this tree's release, with no more commits than this tree has.
    @Test func theBinaryCarriesTheScriptsVersion() throws {
        let binary = try #require(ForgedBinary.path, "build forged first (swift build)")
        let script = try runProcess("/bin/sh", [repositoryRoot.appendingPathComponent("tools/version.sh").path])
        let version = script.out.trimmingCharacters(in: .whitespacesAndNewlines)
        let printed = try runProcess(binary, ["--version"]).out
        let built = try #require(printed.split(separator: " ").dropFirst().first.map(String.init), "\(printed)")
        func parts(_ v: String) -> (release: String, commits: Int) {
            let pieces = v.components(separatedBy: "+git")
            return (pieces[0], pieces.count > 1 ? Int(pieces[1]) ?? -1 : 0)
        }
        #expect(parts(built).release == parts(version).release, "\(printed) vs \(version)")
        #expect((0...parts(version).commits).contains(parts(built).commits), "\(printed) vs \(version)")
        #expect(built == BuildInfo.version && BuildInfo.release == parts(version).release)
    }
}
