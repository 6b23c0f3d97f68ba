import Foundation
import Testing

/// Where time comes from (docs/architecture.md §8): Sources/ read the machine's
/// wall time only in the clocks themselves and in the two places that say why,
/// and no function defaults a `now:` parameter to it, so every "now" is the
/// injected clock's and a test clock reaches everything.
@Suite struct TimeSourcesTests {
    /// The files allowed to read `Date()`, with how many times.
    static let systemTimeReaders: [String: Int] = [
        "ForgeCore/Clock.swift": 2,  // SystemClock and OffsetClock
        "ForgeAPI/Events/LiveEvents.swift": 1,  // the event-id seed: an order across runs
        "ForgeStore/BackupJob.swift": 1,  // a leftover temporary file's age against its mtime
        "ForgeHTTP/InProcessServer.swift": 1,  // the `Date` header, which libmicrohttpd writes from the machine's time
    ]

    @Test func onlyTheClocksAndTheExplainedExceptionsReadTheSystemTime() throws {
        var readers: [String: Int] = [:]
        var defaults: [String] = []
        let wallTime = try Regex(#"\bDate\(\)|\bDate\.now\b"#)
        let defaulted = try Regex(#"\b(?:now|at)(?: now)?: Date = "#)
        for file in try TableWritersTests.sources() {
            for (index, line) in file.lines.enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                if code.hasPrefix("//") { continue }
                readers[file.path, default: 0] += line.matches(of: wallTime).count
                if line.contains(defaulted) { defaults.append("\(file.path):\(index + 1)") }
            }
        }
        #expect(readers.filter { $0.value > 0 } == Self.systemTimeReaders)
        #expect(defaults == [], "a `now` defaulted to the machine's time: pass the injected clock's")
    }

    /// The scan sees what it looks for.
    @Test func theScanSeesBothForms() throws {
        let wallTime = try Regex(#"\bDate\(\)|\bDate\.now\b"#)
        let defaulted = try Regex(#"\b(?:now|at)(?: now)?: Date = "#)
        #expect("let t = Date()".matches(of: wallTime).count == 1)
        #expect("x = Date.now".matches(of: wallTime).count == 1)
        #expect("Date(timeIntervalSince1970: 0)".matches(of: wallTime).isEmpty)
        #expect("func run(now: Date = Date())".contains(defaulted))
        #expect("func p(at now: Date = .now)".contains(defaulted))
        #expect(!"func run(now: Date)".contains(defaulted))
    }
}
