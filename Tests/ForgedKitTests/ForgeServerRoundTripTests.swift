import ForgeCore
import Foundation
import Testing

/// The round trip against the real original Forge server (issue 23), run by
/// tests/forge-server/roundtrip.py: Debian's PostgreSQL in a temporary cluster,
/// the original (../shared/reference/forge-original) in the venv `make
/// python-tools` builds from tests/forge-server/original-requirements.txt,
/// eight weeks of a two-member household driven over its HTTP API, then
/// `forged import forge-server` from its pg_dump, from the live URL and (a
/// shorter drive) from the original on SQLite, and every GET route both
/// servers serve asked of both: the answers are equal apart from the
/// differences docs/differences.md lists, each named (tests/forge-server/rt_normalise.py). After
/// each move the phones' ingest tokens push and the MCP OAuth token calls /mcp.
/// A checkout without ../shared skips it, saying why; a missing PostgreSQL or
/// venv fails naming the package or the set-up step.
@Suite(.serialized) struct ForgeServerRoundTripTests {
    static let reference = repositoryRoot.deletingLastPathComponent()
        .appendingPathComponent("shared/reference/forge-original").path
    static let venv = repositoryRoot.appendingPathComponent(".build/original-venv").path
    static let script = repositoryRoot.appendingPathComponent("tests/forge-server/roundtrip.py").path
    static var haveReference: Bool { FileManager.default.fileExists(atPath: reference + "/server/app/main.py") }

    static let absent: Comment = """
        needs ../shared/reference/forge-original beside the checkout (absent outside this workplace): \
        there is no original server to run; CI always has it
        """

    @Test(.enabled(if: haveReference, absent), .timeLimit(.minutes(10)))
    func theOriginalsHouseholdAnswersAlikeAfterEveryKindOfMove() throws {
        let binary = try #require(ForgedBinary.path, "build forged first (make test builds the release binary)")
        _ = try TempPostgres.binDirectory()  // fails naming the postgresql package
        guard FileManager.default.isExecutableFile(atPath: Self.venv + "/bin/python") else {
            throw ToolMissing(
                description:
                    "\(Self.venv) missing: `make python-tools` (part of make test) creates it with Debian's python3-venv "
                    + "and tests/forge-server/original-requirements.txt")
        }
        let python = try requiredTool("python3", package: "python3")
        let result = try runProcess(
            python,
            [
                Self.script, "--reference", Self.reference, "--forged", binary, "--venv", Self.venv, "--differences",
                repositoryRoot.appendingPathComponent("docs/differences.md").path,
            ], environment: cleanEnvironment(["PYTHONDONTWRITEBYTECODE": "1"]))
        print(result.out)
        #expect(result.status == 0, "roundtrip.py failed:\n\(result.out.suffix(6000))\n\(result.err.suffix(3000))")
        // The last line: the counts, per source.
        let last = result.out.split(separator: "\n").last.map(String.init) ?? ""
        let summary = try JSONValue.parse(Data(last.utf8))
        #expect(summary["ok"]?.boolValue == true)
        for source in ["dump", "live", "sqlite"] {
            let counts = summary["sources"]?[source]
            #expect((counts?["requests"]?.intValue ?? 0) > 100, "\(source): too few requests compared")
            #expect(counts?["differences"]?.intValue == 0, "\(source): unexcused differences")
            #expect((counts?["routes"]?.intValue ?? 0) >= 40, "\(source): too few shared GET routes")
        }
    }
}
