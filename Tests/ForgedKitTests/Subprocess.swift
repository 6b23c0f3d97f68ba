import Foundation

/// Runs `path` to completion with `input` on stdin; stdout and stderr are
/// collected through temporary files, never pipes: a long-lived child that
/// another test spawns at the same moment may inherit a pipe's write end,
/// and reading that pipe to EOF would then hang until that child exits.
/// `directory` is the child's working directory (nil: this process's).
func runProcess(
    _ path: String, _ arguments: [String], environment: [String: String]? = nil,
    input: String = "", directory: String? = nil
) throws -> (status: Int32, out: String, err: String) {
    let base = shortTemporaryPath("")
    let paths = (in: base + ".in", out: base + ".out", err: base + ".err")
    defer { for p in [paths.in, paths.out, paths.err] { unlink(p) } }
    try Data(input.utf8).write(to: URL(fileURLWithPath: paths.in))
    for p in [paths.out, paths.err] { _ = FileManager.default.createFile(atPath: p, contents: nil) }
    let stdin = try FileHandle(forReadingFrom: URL(fileURLWithPath: paths.in))
    let stdout = try FileHandle(forWritingTo: URL(fileURLWithPath: paths.out))
    let stderr = try FileHandle(forWritingTo: URL(fileURLWithPath: paths.err))
    defer {
        try? stdin.close()
        try? stdout.close()
        try? stderr.close()
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory, isDirectory: true) }
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    process.waitUntilExit()
    let read = { (p: String) in (try? String(contentsOfFile: p, encoding: .utf8)) ?? "" }
    return (process.terminationStatus, read(paths.out), read(paths.err))
}
