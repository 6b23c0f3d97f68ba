import Foundation
import Testing

/// The files mapped into process `pid` (read to EOF: procfs files report size 0).
/// Used by the release-binary tests that check a library is mapped only on first use.
func mappedFiles(_ pid: Int32) throws -> Set<String> {
    let handle = try #require(FileHandle(forReadingAtPath: "/proc/\(pid)/maps"))
    defer { try? handle.close() }
    let maps = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
    return Set(
        maps.split(separator: "\n").compactMap { line in
            line.split(separator: " ", omittingEmptySubsequences: true).dropFirst(5).first.map(String.init)
        })
}
