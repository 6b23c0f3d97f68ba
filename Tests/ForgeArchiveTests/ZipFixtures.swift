import Foundation
import Testing

/// One entry of a zip the tests build with Python's `zipfile` (Debian package python3, which CI installs).
indirect enum FixtureEntry {
    /// A file with these bytes, deflated or stored.
    case file(String, [UInt8], deflate: Bool = true)
    /// A file of `count` zero bytes, deflated (about 1000:1).
    case zeros(String, count: Int)
    /// A file holding the gzip of these bytes.
    case gzip(String, [UInt8])
    /// A file holding the gzip of `count` zero bytes.
    case gzipZeros(String, count: Int)
    /// A file holding another zip.
    case zip(String, [FixtureEntry])
    /// A directory entry.
    case directory(String)

    var json: [String: Any] {
        switch self {
        case .file(let name, let bytes, let deflate):
            return ["name": name, "b64": Data(bytes).base64EncodedString(), "deflate": deflate]
        case .zeros(let name, let count): return ["name": name, "zeros": count]
        case .gzip(let name, let bytes): return ["name": name, "b64": Data(bytes).base64EncodedString(), "gzip": true]
        case .gzipZeros(let name, let count): return ["name": name, "zeros": count, "gzip": true]
        case .zip(let name, let entries): return ["name": name, "zip": entries.map(\.json)]
        case .directory(let name): return ["name": name, "dir": true]
        }
    }
}

/// Builds zips and gzip files for the tests in a temporary directory removed at deinit.
final class Fixtures {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("forge-archive-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    static let script = """
        import base64, gzip, io, json, sys, zipfile
        def content(e):
            if 'zip' in e: return build(e['zip'])
            data = bytes(e['zeros']) if 'zeros' in e else base64.b64decode(e.get('b64', ''))
            return gzip.compress(data) if e.get('gzip') else data
        def build(entries):
            out = io.BytesIO()
            with zipfile.ZipFile(out, 'w') as z:
                for e in entries:
                    if e.get('dir'):
                        z.writestr(zipfile.ZipInfo(e['name']), b'')
                        continue
                    kind = zipfile.ZIP_DEFLATED if e.get('deflate', True) else zipfile.ZIP_STORED
                    z.writestr(e['name'], content(e), compress_type=kind)
            return out.getvalue()
        spec = json.load(sys.stdin)
        data = build(spec['entries']) if 'entries' in spec else content(spec['one'])
        open(spec['path'], 'wb').write(data)
        """

    /// Writes a zip of `entries` as `name` and answers its path.
    func zip(_ name: String, _ entries: [FixtureEntry]) throws -> String {
        try run(["entries": entries.map(\.json)], name)
    }

    /// Writes the content of `entry` alone (a gzip file, a zip) as `name` and answers its path.
    func file(_ name: String, _ entry: FixtureEntry) throws -> String {
        try run(["one": entry.json], name)
    }

    private func run(_ spec: [String: Any], _ name: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        var spec = spec
        spec["path"] = path
        let python = "/usr/bin/python3"
        try #require(
            FileManager.default.isExecutableFile(atPath: python),
            "the archive tests build their zips with python3: install the Debian package python3")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", Self.script]
        let input = Pipe()
        process.standardInput = input
        try process.run()
        input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: spec))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "python3 could not build \(name)")
        return path
    }
}
