import ForgeCore
import Foundation
import Testing

@testable import ForgeAPI

/// The official MCP Python SDK (`pip install mcp`, see .ci/run) as the
/// client of a real server: tests/mcp/sdk_client.py lists the tools,
/// searches and imports a recipe, in the SDK's legacy mode (initialize
/// handshake) and its default mode (`auto`: server/discover, stateless
/// 2026-07-28). Skipped when python3 or the `mcp` package is missing.
@Suite(.serialized) struct MCPSDKTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("tests/mcp/sdk_client.py").path

    static func python() -> String? {
        for candidate in ["/usr/bin/env"] where FileManager.default.isExecutableFile(atPath: candidate) {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: candidate)
            p.arguments = ["python3", "-c", "import mcp.client.client"]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            guard (try? p.run()) != nil else { return nil }
            p.waitUntilExit()
            return p.terminationStatus == 0 ? candidate : nil
        }
        return nil
    }

    static let available = python() != nil

    static func run(url: String, token: String, mode: String) throws -> (status: Int32, stdout: String, stderr: String)
    {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", script, url, token, mode]
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

    @Test(
        .enabled(if: MCPSDKTests.available, "python3 with the mcp package is not installed"),
        arguments: [("legacy", "legacy"), ("auto", "modern")])
    func officialSDKListsSearchesAndImports(_ mode: String, _ era: String) async throws {
        try await withTestServer { server in
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
