import Foundation

/// The rclone side of ``BackupTransport``: forged's own config file, one try per command.
extension BackupTransport {
    /// `REMOTE:PATH/name` for rclone; `name` itself for a directory destination.
    func remotePath(_ name: String) -> String {
        guard case .rclone(let remote, let path) = destination.kind else { return name }
        let base = path.isEmpty ? "" : (path.hasSuffix("/") ? path : path + "/")
        return "\(remote):\(base)\(name)"
    }

    /// Debian's rclone binary.
    /// - Throws: ``BackupCopyError/destination(_:)`` naming `apt-get install rclone` when it is missing.
    func rcloneBinary() throws -> String {
        for candidate in ["/usr/bin/rclone", "/usr/local/bin/rclone"]
        where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        throw BackupCopyError.destination(
            "\(destination) needs rclone, which is not installed: apt-get install rclone")
    }

    /// Runs rclone with forged's config file, one try per operation (forged
    /// retries the whole copy later); returns its standard output.
    @discardableResult
    func rclone(_ arguments: [String]) throws -> String {
        try rcloneBytes(arguments).out
    }

    /// ``rclone(_:)``, keeping standard output as bytes (`rclone cat` of a copy's head).
    func rcloneBytes(_ arguments: [String]) throws -> ProcessResult {
        let binary = try rcloneBinary()
        let fixed = [
            "--config", rcloneConfig, "--retries", "1", "--low-level-retries", "2", "--contimeout", "15s",
            "--timeout", "60s", "--use-json-log", "--log-level", "ERROR",
        ]
        let result: ProcessResult
        do {
            result = try ChildProcess.run(binary, fixed + arguments, timeout: rcloneTimeout)
        } catch {
            throw BackupCopyError.destination("\(destination): rclone did not run: \(error)")
        }
        guard result.status == 0 else {
            throw BackupCopyError.destination(
                "\(destination): rclone \(arguments[0]) failed (exit \(result.status)): \(Self.rcloneMessage(result.err))"
            )
        }
        return result
    }

    /// rclone's JSON log lines reduced to their messages, one line.
    static func rcloneMessage(_ log: String) -> String {
        let messages = log.split(whereSeparator: \.isNewline).map { line -> String in
            if let data = line.data(using: .utf8),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let message = object["msg"] as? String
            {
                return message.trimmingCharacters(in: .whitespaces)
            }
            return String(line)
        }
        let text = messages.suffix(3).joined(separator: "; ")
        return text.isEmpty ? "no message" : String(text.prefix(400))
    }
}
