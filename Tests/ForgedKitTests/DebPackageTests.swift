import Foundation
import Testing

@testable import ForgedKit

/// The Debian package's sources: the conffile documents every setting and
/// loads as it ships; the maintainer scripts are valid sh and never fail
/// where systemd is not running. (`make deb` builds the package, lintian
/// checks it, packaging/check-installed.sh installs it in CI.)
@Suite struct DebPackageTests {
    let packaging = repositoryRoot.appendingPathComponent("packaging")

    @Test func defaultConfigNamesEverySettingAndLoadsAsShipped() throws {
        let path = packaging.appendingPathComponent("forged.conf").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for spec in SettingSpec.all where spec.inFile {
            #expect(text.contains("#\(spec.env)="), "forged.conf does not document \(spec.env)")
        }
        // Every line is a comment, so the shipped file changes no default.
        let settings = try SettingsLoader.load(flags: ["config": [path]], environment: [:])
        #expect(settings.listen == ["[::]:8080"] && settings.logLevel == .info && !settings.devAuth)
        // Uncommented, each documented value is accepted by the loader.
        let dir = TempDir()
        defer { dir.remove() }
        let uncommented = text.split(separator: "\n").filter { $0.hasPrefix("#FORGE_") && !$0.hasSuffix("=") }
            .map { $0.dropFirst() }.joined(separator: "\n")
        let file = try dir.write("forged.conf", uncommented + "\n")
        let loaded = try SettingsLoader.load(flags: ["config": [file]], environment: [:])
        #expect(loaded.timezoneName == "Europe/London" && loaded.maxBody == 1 << 20)
    }

    /// Every example configuration the README points to is installed under
    /// /usr/share/doc/forged/examples by the package build.
    @Test func examplesShipInThePackage() throws {
        let script = try String(contentsOf: packaging.appendingPathComponent("build-deb.sh"), encoding: .utf8)
        let examples = try FileManager.default.contentsOfDirectory(
            atPath: packaging.appendingPathComponent("examples").path)
        #expect(
            Set(examples) == [
                "Caddyfile", "nginx-forged.conf", "backup-nas.mount", "backup-nas.conf", "rclone-s3.conf",
                "rclone-nextcloud.conf",
            ])
        for name in examples {
            #expect(
                script.contains("packaging/examples/\(name) \"$stage/usr/share/doc/forged/examples/\(name)\""),
                "\(name)")
        }
    }

    @Test(arguments: ["postinst", "prerm", "postrm"])
    func maintainerScriptIsValidShellAndSurvivesNoSystemd(script: String) throws {
        let path = packaging.appendingPathComponent("debian/" + script).path
        #expect(FileManager.default.isExecutableFile(atPath: path))
        let check = try runCommand("/bin/sh", ["-n", path])
        #expect(check.status == 0, "\(check.output)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("#!/bin/sh\n") && text.contains("set -e"))
        // systemctl only behind the "systemd is running" test, and never fatal.
        for line in text.split(separator: "\n") where line.contains("systemctl") || line.contains("deb-systemd-invoke")
        {
            #expect(line.contains("|| true"), "may fail without systemd: \(line)")
        }
        #expect(!text.contains("rm -rf /var/lib/forge"), "a package removal must not delete the household's data")
    }

    /// remove -> install (postinst configure with the old version as $2):
    /// postrm masked the units, so postinst unmasks each one before enabling it,
    /// as dh_installsystemd does, and a reinstall restarts (starts) the service.
    @Test func postinstUnmasksBeforeEnablingAndRestartsOnReinstall() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let log = dir.file("calls.log")
        // forged, chown, chmod and install are logged too: the backup key and rclone.conf steps touch /etc/forge.
        for tool in [
            "deb-systemd-helper", "deb-systemd-invoke", "systemd-sysusers", "systemd-tmpfiles", "systemctl", "forged",
            "chown", "chmod", "install",
        ] {
            let path = try dir.write(tool, "#!/bin/sh\necho \"\(tool) $*\" >> \(log)\n")
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        }
        let script = packaging.appendingPathComponent("debian/postinst").path
        let run = try runCommand(
            "/bin/sh", [script, "configure", "0.1.0"],
            environment: ["PATH": dir.path + ":/usr/bin:/bin"])
        #expect(run.status == 0, "\(run.output)")
        let calls = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        for unit in ["forged.socket", "forged-events.socket", "forged.service"] {
            let unmask = try #require(calls.range(of: "deb-systemd-helper unmask \(unit)"), "\(calls)")
            let enable = try #require(calls.range(of: "deb-systemd-helper enable \(unit)"), "\(calls)")
            #expect(unmask.lowerBound < enable.lowerBound)
        }
        let text = try String(contentsOfFile: script, encoding: .utf8)
        #expect(text.contains("deb-systemd-invoke restart forged.service") && !text.contains("try-restart"))
        // The backup key: created once from 32 random bytes, then given to the service user, 0600.
        if !FileManager.default.fileExists(atPath: "/etc/forge/backup.key") {
            let key = try #require(
                calls.firstMatch(
                    of: try Regex(
                        #"forged backup key import ([0-9a-f]{4}-){15}[0-9a-f]{4} --backup-key /etc/forge/backup.key"#)),
                "\(calls)")
            #expect(calls[key.range.upperBound...].contains("chown forge:forge /etc/forge/backup.key"))
            #expect(calls.contains("chmod 0600 /etc/forge/backup.key"))
        }
    }

    /// The README ships in /usr/share/doc/forged with relative links; every
    /// file it links to exists and is installed beside it by build-deb.sh's
    /// docs loop (packaging/check-installed.sh checks the installed package).
    /// So do the files the pages under docs/ link to (relative to docs/), and
    /// the README links to every page.
    @Test func everyFileTheReadmeLinksToExistsAndShips() throws {
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let linkPattern = try Regex(#"\]\(([^)#: ]+)"#)
        var links = Set(readme.matches(of: linkPattern).map { String(readme[$0.output[1].range!]) })
        #expect(
            links.contains("docs/api.md") && links.contains("docs/contract.md")
                && links.contains("docs/architecture.md"))
        let pages = try FileManager.default.contentsOfDirectory(
            atPath: repositoryRoot.appendingPathComponent("docs").path
        ).filter { $0.hasSuffix(".md") }
        #expect(pages.count >= 19)
        for page in pages {
            #expect(links.contains("docs/" + page), "README's docs map does not link to docs/\(page)")
            let text = try String(
                contentsOf: repositoryRoot.appendingPathComponent("docs/" + page), encoding: .utf8)
            for match in text.matches(of: linkPattern) {
                let link = String(text[match.output[1].range!])
                // Absolute URLs have a colon and are not matched; ../ would leave the shipped docs tree.
                #expect(!link.hasPrefix("../"), "docs/\(page) links outside docs/: \(link)")
                links.insert("docs/" + link)
            }
        }
        let script = try String(contentsOf: packaging.appendingPathComponent("build-deb.sh"), encoding: .utf8)
        let loop = try #require(script.split(separator: "\n").first { $0.hasPrefix("for doc in ") })
        // "for doc in docs/*.md docs/screenshots/*.png; do" → (folder, extension) pairs.
        let globs = loop.dropFirst("for doc in ".count).split(separator: ";")[0].split(separator: " ").map { glob in
            (
                folder: String(glob[..<glob.range(of: "*")!.lowerBound]),
                ext: String(glob[glob.range(of: "*")!.upperBound...])
            )
        }
        for link in links.sorted() {
            #expect(
                FileManager.default.fileExists(atPath: repositoryRoot.appendingPathComponent(link).path),
                "README links to missing \(link)")
            let slash = link.lastIndex(of: "/").map { link.index(after: $0) } ?? link.startIndex
            let shipped = globs.contains { String(link[..<slash]) == $0.folder && link.hasSuffix($0.ext) }
            #expect(shipped, "README links to \(link), which build-deb.sh does not install")
        }
    }
}

/// Issue 26: what the packaging scripts say about themselves is what they do.
@Suite struct PackagingScriptTests {
    @Test func bootTestSaysItSkipsWithSeventySeven() throws {
        let script = try String(
            contentsOf: repositoryRoot.appendingPathComponent("packaging/boot-test.sh"), encoding: .utf8)
        let header = script.split(separator: "\n").prefix(30).joined(separator: "\n")
        #expect(header.contains("exits 77") && !header.contains("exits 0 (nothing"))
        #expect(script.contains("skip() { echo \"SKIP: $*\"; exit 77; }"))
        // The boot test is described where the package is: docs/install.md.
        let page = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/install.md"), encoding: .utf8)
        #expect(page.contains("`SKIP: <reason>` and exits 77"))
        #expect(!page.contains("`SKIP: <reason>` and exits 0"))
    }

    /// The boot test's failure drills exist, and every catalogue id they ask
    /// `message_ids` for is a ``LogMessageID`` (the script reads them from its source).
    @Test func bootTestDrillsNameRealMessageIDs() throws {
        let script = try String(
            contentsOf: repositoryRoot.appendingPathComponent("packaging/boot-test.sh"), encoding: .utf8)
        for drill in [
            "drill: config typo", "drill: forged check", "drill: restore, socket units", "drill: damaged database",
            "drill: restore over damage",
        ] {
            #expect(script.contains("\"\(drill)\""), "\(drill) missing")
        }
        let source = try String(
            contentsOf: repositoryRoot.appendingPathComponent("Sources/ForgeCore/LogMessageID.swift"), encoding: .utf8)
        let asked = script.matches(of: /message_ids ([a-zA-Z]+)\)/).map { String($0.1) }
        #expect(asked.count >= 4)
        for name in asked { #expect(source.contains("static let \(name) = LogMessageID(\""), "\(name)") }
        #expect(
            try runProcess("/bin/bash", ["-n", repositoryRoot.appendingPathComponent("packaging/boot-test.sh").path])
                .status == 0)
    }

    /// `make deb` fails when lintian is missing instead of skipping it.
    @Test func aMissingLintianFailsMakeDeb() throws {
        let makefile = try String(contentsOf: repositoryRoot.appendingPathComponent("Makefile"), encoding: .utf8)
        let recipe = try #require(makefile.components(separatedBy: "\ndeb: release\n").dropFirst().first)
            .components(separatedBy: "\n\n")[0]
        #expect(recipe.contains("command -v lintian >/dev/null || {") && recipe.contains("exit 1; }"))
        #expect(!recipe.contains("then lintian"), "lintian must not be conditional")
        // Run the guard line as make would, with a PATH that has no lintian.
        let guardLine = try #require(recipe.split(separator: "\n").first { $0.contains("command -v lintian") })
            .trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "@", with: "")
        let run = try runProcess("/bin/sh", ["-c", guardLine], environment: ["PATH": "/nonexistent"])
        #expect(run.status == 1 && run.err.contains("lintian missing: apt install lintian"))
    }
}
