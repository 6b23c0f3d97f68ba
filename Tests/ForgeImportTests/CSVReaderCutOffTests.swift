import Foundation
import Testing

@testable import ForgeImport

/// ``CSVReader/cutOffLine``: a last record the file ends inside is held back, a whole file's
/// last row without a line break is not.
struct CSVReaderCutOffTests {
    func records(_ text: String) throws -> (rows: [[String]], cutOff: Int?) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("csv-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(text.utf8).write(to: url)
        let csv = try CSVReader(url: url)
        var rows: [[String]] = []
        while let row = try csv.next() { rows.append(row) }
        return (rows, csv.cutOffLine)
    }

    @Test(arguments: [
        // text, rows returned (header included), the cut-off record's number
        ("Date,A,B\n1,2,3\n4,5", 2, 3 as Int?),
        ("\n\nDate,A,B\n1,2,3\n4,5", 2, 5),
        ("Date,A,B\n1,2,\"a note\nthat st", 1, 2),
        ("Date,A,B\n1,2,3", 2, nil),
        ("Date,A,B\n1,2,3\n", 2, nil),
        ("Date,A,B\n1,2\n4,5,6\n", 3, nil),
    ])
    func aRowTheFileEndsInsideIsHeldBack(text: String, count: Int, cutOff: Int?) throws {
        let read = try records(text)
        #expect(read.rows.count == count)
        #expect(read.cutOff == cutOff)
    }

    /// Reports cite the file's line a row starts on: a note on two lines moves the rows after it.
    @Test func lineCountsTheBreaksInsideQuotedFields() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("csv-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("Date,A,B\n1,\"two\nlines\",3\n\n4,5,6\n7,\"a\n\nb\".8".utf8).write(to: url)
        let csv = try CSVReader(url: url)
        var lines: [Int] = []
        while try csv.next() != nil { lines.append(csv.line) }
        #expect(lines == [1, 2, 5])
        #expect(csv.cutOffLine == 6)
    }

    @Test func aHeaderWhoseQuoteNeverClosesIsRefused() throws {
        #expect(throws: ImportError.unreadable("record 1: a quote is never closed")) {
            try records("Date,\"A,B\n1,2,3\n")
        }
    }
}
