import Foundation
import Testing

/// Builds recipe-library exports for the tests with Python's `zipfile`/`gzip` (Debian package python3, which
/// CI installs), in a temporary directory removed at deinit.
final class LibraryFixtures {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("forge-library-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// A file's content in a zip: bytes, optionally gzipped first; or `count` zero bytes (a bomb).
    enum Content {
        case bytes(Data)
        case gzip(Data)
        case zeros(Int)
        case gzipZeros(Int)
        case json(Any)
        case gzipJSON(Any)
    }

    static let script = """
        import base64, gzip, io, json, sys, zipfile
        spec = json.load(sys.stdin)
        def content(e):
            data = bytes(e['zeros']) if 'zeros' in e else base64.b64decode(e.get('b64', ''))
            return gzip.compress(data) if e.get('gzip') else data
        if spec.get('gzip_only'):
            open(spec['path'], 'wb').write(content(spec['entries'][0]))
        else:
            with zipfile.ZipFile(spec['path'], 'w', zipfile.ZIP_DEFLATED) as z:
                for e in spec['entries']:
                    z.writestr(e['name'], content(e))
        """

    /// Writes a zip of `entries` (name → content, in order) as `name`; answers its path.
    func zip(_ name: String, _ entries: [(String, Content)]) throws -> String {
        try run(name, entries, gzipOnly: false)
    }

    /// Writes the gzip of `content` as `name`.
    func gzip(_ name: String, _ content: Data) throws -> String {
        try run(name, [("", .gzip(content))], gzipOnly: true)
    }

    /// The bytes of a zip of `entries` (a Tandoor per-recipe zip).
    func zipBytes(_ entries: [(String, Content)]) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: try zip("inner-\(UUID().uuidString).zip", entries)))
    }

    private func run(_ name: String, _ entries: [(String, Content)], gzipOnly: Bool) throws -> String {
        let path = directory.appendingPathComponent(name).path
        let list: [[String: Any]] = try entries.map { name, content in
            switch content {
            case .bytes(let data): return ["name": name, "b64": data.base64EncodedString()]
            case .gzip(let data): return ["name": name, "b64": data.base64EncodedString(), "gzip": true]
            case .zeros(let n): return ["name": name, "zeros": n]
            case .gzipZeros(let n): return ["name": name, "zeros": n, "gzip": true]
            case .json(let object):
                return ["name": name, "b64": try JSONSerialization.data(withJSONObject: object).base64EncodedString()]
            case .gzipJSON(let object):
                return [
                    "name": name, "b64": try JSONSerialization.data(withJSONObject: object).base64EncodedString(),
                    "gzip": true,
                ]
            }
        }
        let spec: [String: Any] = ["path": path, "entries": list, "gzip_only": gzipOnly]
        try runPython(Self.script, input: try JSONSerialization.data(withJSONObject: spec))
        return path
    }
}

/// Runs `script` with python3 on `input`; answers its stdout. Fails naming the Debian package when it is missing.
@discardableResult
func runPython(_ script: String, arguments: [String] = [], input: Data = Data()) throws -> Data {
    let python = "/usr/bin/python3"
    try #require(
        FileManager.default.isExecutableFile(atPath: python),
        "these tests build and read exports with python3: install the Debian package python3")
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("py-\(UUID().uuidString)")
    #expect(FileManager.default.createFile(atPath: output.path, contents: nil))
    defer { try? FileManager.default.removeItem(at: output) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = ["-c", script] + arguments
    let stdin = Pipe()
    process.standardInput = stdin
    process.standardOutput = try FileHandle(forWritingTo: output)
    try process.run()
    stdin.fileHandleForWriting.write(input)
    try stdin.fileHandleForWriting.close()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "python3 failed")
    return try Data(contentsOf: output)
}
