import Foundation
import Testing

/// `forged user add|list|passwd` run as the shipped binary against a state directory.
@Suite(.serialized, .enabled(if: ReleaseBinary.path != nil, "set FORGED_RELEASE_BINARY (make test does)"))
struct UserCommandTests {
    /// Runs the release binary with `arguments` and `input` on stdin.
    func forged(_ arguments: [String], input: String = "") throws -> (status: Int32, out: String, err: String) {
        var environment = ProcessInfo.processInfo.environment
        environment["FORGE_TEST_PASSWORD_COST"] = "minimum"
        return try runProcess(try #require(ReleaseBinary.path), arguments, environment: environment, input: input)
    }

    @Test func addListPasswdAndTheSeatCap() async throws {
        let state = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: state) }
        let common = ["--state-dir", state.path, "--config", "/dev/null"]

        let first = try forged(
            ["user", "add", "Ada@Example.org", "--name", "Ada", "--password-stdin"] + common,
            input: "first passphrase\n")
        #expect(first.status == 0, "\(first.err)")
        #expect(first.out.contains("ada@example.org (admin)"))
        let second = try forged(
            ["user", "add", "ben@example.org", "--name", "Ben", "--password-stdin"] + common,
            input: "second passphrase\n")
        #expect(second.out.contains("ben@example.org (member)"))
        let third = try forged(
            ["user", "add", "cy@example.org", "--name", "Cy", "--password-stdin"] + common,
            input: "third passphrase\n")
        #expect(third.status == 1 && third.err.contains("both seats are taken"))
        let noName = try forged(["user", "add", "dee@example.org", "--password-stdin"] + common, input: "x\n")
        #expect(noName.status == 2)

        let list = try forged(["user", "list"] + common)
        let lines = list.out.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("ada@example.org\tAda\tadmin") == true)

        // The password works over HTTP, and passwd replaces it.
        let passwd = try forged(
            ["user", "passwd", "ada@example.org", "--password-stdin"] + common, input: "new passphrase\n")
        #expect(passwd.status == 0)
        let server = try ForgedProcess(["serve", "--listen", "127.0.0.1:0"] + common)
        let (old, _, _) = try await server.fetch(
            "/auth/login", method: "POST",
            body: #"{"email":"ada@example.org","password":"first passphrase"}"#)
        #expect(old == 401)
        let (new, body, _) = try await server.fetch(
            "/auth/login", method: "POST",
            body: #"{"email":"ada@example.org","password":"new passphrase"}"#)
        #expect(new == 200)
        #expect(String(decoding: body, as: UTF8.self).contains("\"name\":\"Ada\""))
        #expect(server.terminate() == 0)
    }

    /// A new household starts with `forged user add --unit` (issue 38): an import before any member says
    /// what to run, a refused add leaves no state directory behind, and the member's unit is written.
    @Test func aHouseholdStartsWithItsMembersAndAFailedAddLeavesNothing() throws {
        let root = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let state = root.appendingPathComponent("new-state")
        let common = ["--state-dir", state.path, "--config", "/dev/null"]
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let csv = root.appendingPathComponent("strong.csv")
        try Data("Date,Workout Name,Exercise Name,Set Order,Weight,Reps\n2025-01-01 08:00:00,A,Squat,1,100,5\n".utf8)
            .write(to: csv)
        let early = try forged(["import", "strong", csv.path] + common)
        #expect(early.status != 0 && early.err.contains("forged user add EMAIL --name NAME"), "\(early.err)")
        #expect(!FileManager.default.fileExists(atPath: state.path))

        let badEmail = try forged(
            ["user", "add", "not-an-email", "--name", "Ada", "--password-stdin"] + common, input: "passphrase\n")
        #expect(badEmail.status == 1 && !FileManager.default.fileExists(atPath: state.path), "\(badEmail.err)")
        let badUnit = try forged(
            ["user", "add", "ada@example.org", "--name", "Ada", "--unit", "stone", "--password-stdin"] + common,
            input: "passphrase\n")
        #expect(badUnit.status == 2 && badUnit.err.contains("kg or lb"), "\(badUnit.err)")
        #expect(!FileManager.default.fileExists(atPath: state.path))

        let ada = try forged(
            [
                "user", "add", "ada@example.org", "--name", "Ada", "--unit", "LBS", "--timezone", "Europe/London",
                "--password-stdin",
            ] + common, input: "first passphrase\n")
        #expect(ada.status == 0 && ada.out.contains("ada@example.org (admin), loads in lb"), "\(ada.err)")
        let ben = try forged(
            ["user", "add", "ben@example.org", "--name", "Ben", "--password-stdin"] + common,
            input: "second passphrase\n")
        #expect(ben.out.contains("loads in kg"), "the household's equipment profile is kg: \(ben.out)")
        // Now the import has a household: Ada's file, in lb as her unit says.
        let imported = try forged(["import", "strong", csv.path, "--member", "ada@example.org"] + common)
        #expect(imported.status == 0 && imported.out.contains("added: 1 session, 1 set"), "\(imported.err)")
    }
}
