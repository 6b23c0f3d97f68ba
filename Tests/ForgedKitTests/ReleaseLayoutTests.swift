import Foundation
import Testing

/// The release binary's link layout (Package.swift, "release layout";
/// docs/performance.md, "Idle memory"): what keeps an idle daemon's text and
/// relocation pages few. Memory itself is measured by bench/scale.sh; these
/// check, on the binary as shipped, that the layout that buys it is there.
@Suite(.enabled(if: ReleaseBinary.path != nil, "set FORGED_RELEASE_BINARY (make test does)"))
struct ReleaseLayoutTests {
    static func readelf(_ arguments: [String]) throws -> String {
        let run = try runProcess("/usr/bin/readelf", arguments + [try #require(ReleaseBinary.path)])
        #expect(run.status == 0, "readelf \(arguments): \(run.err)")
        return run.out
    }

    /// `name`'s address and size in the release binary (`readelf -S`), nil when it has none.
    static func section(_ name: String) throws -> (address: Int, size: Int)? {
        let line = try readelf(["-S", "-W"]).split(separator: "\n").first { $0.contains(" \(name) ") }
        guard let fields = line?.split(separator: "]", maxSplits: 1).last?.split(separator: " "), fields.count > 4,
            let address = Int(fields[2], radix: 16), let size = Int(fields[4], radix: 16)
        else { return nil }
        return (address, size)
    }

    /// Position-independent, with relative relocations packed (`DT_RELR`)
    /// instead of a 2 MB `.rela.dyn`.
    @Test func relativeRelocationsArePackedInAPositionIndependentExecutable() throws {
        let dynamic = try Self.readelf(["-d", "-W"])
        #expect(dynamic.contains("(RELR)") && dynamic.contains("(RELRSZ)"), "\(dynamic)")
        #expect(dynamic.contains("Flags: PIE"), "\(dynamic)")
        #expect(!dynamic.contains("TEXTREL"))
        let size = try Self.section(".rela.dyn")?.size
        #expect((size ?? 0) < 256 * 1024, "non-relative relocations left: \(size ?? -1) bytes")
    }

    /// No dynamic exports: the static runtime's `-export-dynamic` made the
    /// loader search ~7,000 of forged's own names on every lookup.
    @Test func forgedExportsNoDynamicSymbolsOfItsOwn() throws {
        let table = try Self.readelf(["--dyn-syms", "-W"])
        let defined = table.split(separator: "\n").filter { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            return fields.count >= 8 && fields[0].hasSuffix(":") && fields[6] != "UND" && fields[6] != "Ndx"
        }
        #expect(!table.isEmpty)
        #expect(defined.count < 16, "\(defined.count) defined dynamic symbols, e.g. \(defined.prefix(5))")
    }

    /// packaging/forged.order is applied and current: the functions it lists
    /// are found in the binary and laid out at the front of `.text`, the
    /// first ones (start-up) within its first megabyte. A failure after a
    /// large change means: rerun packaging/order-file.sh and commit the file.
    @Test func startUpFunctionsAreLaidOutTogetherAtTheFrontOfText() throws {
        let order = try String(
            contentsOf: repositoryRoot.appendingPathComponent("packaging/forged.order"), encoding: .utf8
        )
        .split(separator: "\n").map(String.init)
        #expect(order.count > 1000)
        let (start, size) = try #require(try Self.section(".text"))

        let nm = try runProcess("/usr/bin/nm", ["--defined-only", try #require(ReleaseBinary.path)])
        #expect(nm.status == 0, "\(nm.err)")
        var address: [Substring: Int] = [:]
        for line in nm.out.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 2)
            if parts.count == 3, "tTwW".contains(parts[1]), let value = Int(parts[0], radix: 16) {
                address[parts[2]] = value
            }
        }
        let offsets = order.compactMap { address[Substring($0)].map { $0 - start } }
        #expect(
            Double(offsets.count) >= 0.8 * Double(order.count),
            "only \(offsets.count) of \(order.count) ordered functions exist: rerun packaging/order-file.sh")
        let first = offsets.prefix(50)
        #expect(
            first.allSatisfy { (0..<(1 << 20)).contains($0) },
            "start-up functions not at the front: \(first.max() ?? -1)")
        let spread = offsets.max() ?? size
        #expect(spread < size / 2, "ordered functions spread over \(spread) of \(size) bytes of .text")
    }
}
