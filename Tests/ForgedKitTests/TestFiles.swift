import Foundation

/// A fresh temporary directory path for one test (created only by `write`).
struct TempDir {
    let path = NSTemporaryDirectory() + "forged-kit-\(UUID().uuidString)"

    /// A path inside the directory, not created.
    func file(_ name: String) -> String { path + "/" + name }

    /// Writes `text` to `name` inside the directory, creating it.
    func write(_ name: String, _ text: String) throws -> String {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let file = file(name)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}
