/// Why an archive or a gzip stream could not be read. Importers turn every case but
/// `.libraryUnavailable` into their own "not a valid export" answer (a 422 or a one-line CLI error);
/// `.libraryUnavailable` is a server fault naming the package to install.
package enum ArchiveError: Error, Equatable, CustomStringConvertible {
    /// libarchive could not be loaded (`dlopen`/`dlsym`'s reason, or a version older than 3.4).
    case libraryUnavailable(String)
    /// The file could not be opened (the path and the system's reason).
    case cannotOpen(String)
    /// The bytes are not the expected container ("not a zip archive", "not gzip data") with libarchive's reason.
    case notAnArchive(String)
    /// The archive or stream ends before its data does (a partial download or copy).
    case truncated(String)
    /// The container is recognised but its data is corrupt (a bad checksum, a broken deflate stream, an
    /// encrypted entry).
    case damaged(String)
    /// Reading stopped because the data expands past a limit of ``ArchiveLimits`` (a zip or gzip bomb), or an
    /// entry is larger than its caller accepts.
    case expansionRefused(String)

    /// One line: what went wrong, then the detail.
    package var description: String {
        switch self {
        case .libraryUnavailable(let why):
            return
                "reading archives needs libarchive (install the Debian package \(ArchiveLibrary.debianPackage)): \(why)"
        case .cannotOpen(let why): return "cannot open the file: \(why)"
        case .notAnArchive(let why): return why
        case .truncated(let why): return "the archive is truncated: \(why)"
        case .damaged(let why): return "the archive is damaged: \(why)"
        case .expansionRefused(let why): return why
        }
    }

    /// libarchive's message sorted into a case: "Unrecognized archive format" is `.notAnArchive`, any mention of
    /// truncation or a premature end is `.truncated`, the rest `.damaged`.
    static func classify(_ message: String, expected: String) -> ArchiveError {
        let lower = message.lowercased()
        if lower.contains("unrecognized archive format") || lower.contains("unrecognized") {
            return .notAnArchive("not \(expected) (\(message))")
        }
        if lower.contains("truncat") || lower.contains("premature end") || lower.contains("unexpected end") {
            return .truncated(message)
        }
        return .damaged(message)
    }
}
