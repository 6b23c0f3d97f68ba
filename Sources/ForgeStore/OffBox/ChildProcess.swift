import Dispatch
import Foundation

/// A finished child process: its exit status and what it printed.
struct ProcessResult: Sendable {
    let status: Int32
    /// Standard output as written (a binary `rclone cat` stays intact).
    let output: [UInt8]
    let err: String
    /// Standard output as text.
    var out: String { String(decoding: output, as: UTF8.self) }
}

/// Runs a helper program (rclone) to completion. Its output goes through
/// temporary files, not pipes, so a chatty child can never block on a full
/// pipe; one that runs past `timeout` is killed (SIGTERM, then SIGKILL).
enum ChildProcess {
    /// - Parameters:
    ///   - path: the program.
    ///   - timeout: seconds before it is killed; its status is then 124, as timeout(1) reports.
    /// - Throws: ``BackupError/io(_:)`` when the output files cannot be created in
    ///   the temporary directory; what `Process.run()` throws when the program cannot start.
    static func run(_ path: String, _ arguments: [String], timeout: Double) throws -> ProcessResult {
        let directory = FileManager.default.temporaryDirectory.path
        let outPath = directory + "/forged-child-\(UUID().uuidString).out"
        let errPath = directory + "/forged-child-\(UUID().uuidString).err"
        defer {
            unlink(outPath)
            unlink(errPath)
        }
        for file in [outPath, errPath] {
            guard FileManager.default.createFile(atPath: file, contents: nil, attributes: [.posixPermissions: 0o600])
            else { throw BackupError.io("cannot create \(file) for the output of \(path)") }
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        try? out.close()
        try? err.close()
        var timedOut = false
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            process.terminate()
            if finished.wait(timeout: .now() + 5) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                finished.wait()
            }
        }
        process.waitUntilExit()
        let text = { (p: String) in (try? String(contentsOfFile: p, encoding: .utf8)) ?? "" }
        let output = FileManager.default.contents(atPath: outPath).map { [UInt8]($0) } ?? []
        return ProcessResult(
            status: timedOut ? 124 : process.terminationStatus, output: output,
            err: timedOut ? "timed out after \(Int(timeout)) s; " + text(errPath) : text(errPath))
    }
}
