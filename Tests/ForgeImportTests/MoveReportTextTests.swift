import ForgeCore
import Foundation
import Testing

@testable import ForgeImport

/// The report of `forged import forge-server` as a real household's move makes it:
/// 1,218 reminder-ledger rows forged does not need, thirteen metrics its bounds
/// refuse, sets whose session is not carried. The per-table summary comes first
/// and whole, by-design rows are counted, refused rows listed a handful at a time,
/// and every skipped row is still in the complete listing.
@Suite struct MoveReportTextTests {
    static func household() -> ImportReport {
        var r = ImportReport(kind: .forgeServer)
        r.read("notification_log", 1218)
        for i in 0..<1218 {
            r.skip(
                "notification_log", row: String(format: "n%031d", i), reason: "not_needed",
                detail: "the reminder ledger of past days; forged keeps its own")
        }
        r.read("metrics", 20)
        for _ in 0..<7 { r.carried("metrics") }
        for i in 0..<13 {
            r.skip("metrics", row: String(format: "m%031d", i), reason: "out_of_bounds", detail: "weight \(7000 + i)")
        }
        r.read("workout_sessions", 2)
        r.carried("workout_sessions")
        r.skip("workout_sessions", row: "s1", reason: "out_of_bounds", detail: "a negative duration")
        r.read("logged_sets", 5)
        for _ in 0..<2 { r.carried("logged_sets") }
        for i in 0..<3 {
            r.skip(
                "logged_sets", row: "set\(i)", reason: "session_not_carried", detail: "its session s\(i) is not carried"
            )
        }
        r.read("push_subs", 1)
        r.skip("push_subs", row: "p1", reason: "not_served", detail: "forged notifies through its event socket")
        r.lists[ImportReport.replacedList] = ["ada@example.org's first-start seat"]
        r.lists[ImportReport.passwordsList] = [
            "forged user passwd ada@example.org", "forged user passwd ben@example.org",
        ]
        return r
    }

    @Test func theSummaryComesFirstAndByDesignRowsAreCounted() {
        let r = Self.household()
        let text = r.tableText(
            source: "/tmp/forge.sql", whereListed: "every skipped row (1236) is listed in /state/imports/x.txt")
        let lines = text.split(separator: "\n").map(String.init)
        // The summary, whole: every table with read, carried, kept, skipped and the reasons.
        #expect(lines[0] == "from /tmp/forge.sql:")
        #expect(lines.contains { $0.hasPrefix("notification_log") && $0.contains("1218        0     0     1218") })
        #expect(lines.contains { $0.hasPrefix("metrics") && $0.hasSuffix("(out_of_bounds 13)") })
        let summaryEnd = lines.firstIndex { !$0.hasPrefix(" ") && $0.hasSuffix(":") && $0 != lines[0] }
        #expect(lines[summaryEnd!] == "not carried by design (counted, not listed):")
        #expect(lines[1..<summaryEnd!].count == 1 + (r.tables?.count ?? 0))
        // Counted per table and reason, never row by row.
        #expect(
            text.contains("  notification_log: 1218 not_needed: the reminder ledger of past days; forged keeps its own")
        )
        #expect(text.contains("  push_subs: 1 not_served: forged notifies through its event socket"))
        // Details that differ row by row are summed up by the reason's phrase.
        #expect(text.contains("  logged_sets: 3 session_not_carried: their session is not carried"))
        #expect(!text.contains("n0000000000000000000000000000000"))
        #expect(!text.contains("set0"))
        // Refused rows: a handful per table and reason, then how many more.
        #expect(text.contains("refused by forged's bounds (14 rows):"))
        for i in 0..<5 {
            #expect(text.contains(String(format: "  metrics m%031d: out_of_bounds: weight %d", i, 7000 + i)))
        }
        #expect(!text.contains(String(format: "m%031d", 5)))
        #expect(text.contains("  … and 8 more metrics out_of_bounds"))
        #expect(text.contains("  workout_sessions s1: out_of_bounds: a negative duration"))
        #expect(text.contains("every skipped row (1236) is listed in /state/imports/x.txt"))
        // The password lines stay last.
        #expect(lines.suffix(2) == ["  forged user passwd ada@example.org", "  forged user passwd ben@example.org"])
        #expect(lines.count < 40)
    }

    @Test func verboseAndTheListingHoldEverySkippedRow() {
        let r = Self.household()
        #expect(r.skippedRows.count == 1236)
        #expect(r.refusedRows.count == 14)
        #expect(r.countedRows.count == 1222)
        let verbose = r.tableText(source: "/tmp/forge.sql", verbose: true)
        let listing = r.skippedListing(source: "/tmp/forge.sql", heading: "import abc")
        let rows = listing.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
        #expect(rows.count == r.skippedRows.count)
        let inListing = Set(rows)
        let inVerbose = Set(verbose.split(separator: "\n").map(String.init))
        #expect(inListing.count == r.skippedRows.count)
        for row in r.skippedRows {
            let line = "\(row.table ?? "") \(row.row ?? ""): \(row.reason): \(row.detail)"
            #expect(inListing.contains(line))
            #expect(inVerbose.contains("  " + line))
        }
        // The refused rows first in the listing, then the counted ones.
        #expect(rows.prefix(14).allSatisfy { $0.contains(": out_of_bounds: ") })
        #expect(
            listing.hasPrefix("# forged import forge-server --from /tmp/forge.sql: every skipped row, import abc\n"))
        #expect(listing.contains("# refused by forged's bounds: 14\n"))
        #expect(!verbose.contains("… and"))
    }

    /// A reason forged has not classed (a new check) is a refusal, listed, never hidden in a count.
    @Test func anUnknownReasonIsListed() {
        var r = ImportReport(kind: .forgeServer)
        r.read("recipes", 1)
        r.skip("recipes", row: "r1", reason: "some_new_check", detail: "why")
        #expect(r.refusedRows.count == 1)
        #expect(r.tableText(source: "x").contains("  recipes r1: some_new_check: why"))
    }

    /// The forge-server ledger row (`forged import list`) lists the refused rows before the counted ones,
    /// the first ``ImportReport/maxListed`` of them, and counts every skipped row by table and reason.
    @Test func theLedgerListsRefusedRowsFirst() {
        let ledger = Self.household().stored
        #expect(ledger.skippedRows.first?.table == "metrics")
        #expect(ledger.skippedRows.first?.row?.hasPrefix("m") == true)
        #expect(ledger.skippedRows.count == ImportReport.maxListed)
        #expect(ledger.skipped["notification_log: not_needed"] == 1218)
        #expect(ledger.added == ["metrics": 7, "workout_sessions": 1, "logged_sets": 2])
        let metrics = ledger.tables?["metrics"]
        #expect(metrics?.read == 20 && metrics?.added == 7 && metrics?.already == 0)
        #expect(metrics?.skipped == ["out_of_bounds": 13])
    }
}
