import ForgeCore
import Foundation
import Testing

@testable import ForgeAPI

/// The official MCP Python SDK (`mcp`, pinned in tests/python-requirements.txt)
/// as the client of a real server: tests/mcp/sdk_client.py lists the tools,
/// searches and imports a recipe, in the SDK's legacy mode (initialize
/// handshake) and its default mode (`auto`: server/discover, stateless
/// 2026-07-28). The SDK runs from .build/mcp-venv, which `make test` sets up
/// (`make python-tools`); without it the test fails saying so.
@Suite(.serialized) struct MCPSDKTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let script = root.appendingPathComponent("tests/mcp/sdk_client.py").path
    static let python = root.appendingPathComponent(".build/mcp-venv/bin/python3").path

    /// Fails, naming what to install, unless .build/mcp-venv's python imports the SDK's client.
    static func requireSDK() throws {
        let missing =
            "the MCP Python SDK is missing: `make python-tools` creates .build/mcp-venv (Debian's python3-venv) "
            + "and installs tests/python-requirements.txt (mcp==2.3.0)"
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw TestFailure("\(missing); no \(python)")
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: python)
        p.arguments = ["-c", "import mcp.client.client"]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw TestFailure("\(missing); \(python) cannot import mcp.client.client")
        }
    }

    static func run(url: String, token: String, mode: String) throws -> (status: Int32, stdout: String, stderr: String)
    {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: python)
        p.arguments = [script, url, token, mode]
        // Files, not pipes: a server child spawned at the same moment by another
        // test may inherit a pipe's write end, and reading to EOF would hang.
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("mcp-sdk-\(UUID().uuidString)").path
        let (outPath, errPath) = (base + ".out", base + ".err")
        defer {
            unlink(outPath)
            unlink(errPath)
        }
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        defer {
            try? out.close()
            try? err.close()
        }
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        let read = { (path: String) in (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        return (p.terminationStatus, read(outPath), read(errPath))
    }

    @Test(arguments: [("legacy", "legacy"), ("auto", "modern")])
    func officialSDKListsSearchesAndImports(_ mode: String, _ era: String) async throws {
        try Self.requireSDK()
        try await withTestServer(transport: .socket) { server in
            let token = try server.ingestToken("ada@example.org")
            let result = try Self.run(url: server.baseURL + "/mcp", token: token, mode: mode)
            #expect(result.status == 0, "sdk_client.py failed: \(result.stderr.suffix(2000))")
            let json = (try? JSONCoding.decode(JSONValue.self, from: Data(result.stdout.utf8))) ?? .null
            #expect(json["era"]?.stringValue == era)
            // The SDK sees exactly the tools the dispatcher registers, by name.
            #expect(
                json["tools"]?.arrayValue?.compactMap(\.stringValue).sorted()
                    == MCPDispatcher.tools.map(\.name).sorted())
            #expect(json["search"]?.arrayValue?.contains("salmon-puy-lentils") == true)
            #expect(json["imported"]?.stringValue == "sdk-tomato-eggs-\(mode)")
            let stored = try server.app.db.read {
                try $0.scalar(
                    "SELECT complete FROM recipes WHERE slug = ?",
                    ["sdk-tomato-eggs-\(mode)"]) as Bool?
            }
            #expect(stored == true)
            print("MCP SDK \(mode): \(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
    }
}
