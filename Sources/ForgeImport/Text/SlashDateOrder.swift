import Foundation

/// Which number of a slashed date (`1/4/2021`) is the month: the form a
/// spreadsheet gives a CSV's date column when it re-saves it (Excel and
/// LibreOffice write the locale's short date: `M/D/YYYY` in the US, `DD/MM/YYYY`
/// in the UK, Ireland, France, Spain, Australia, India…). The text alone cannot
/// say which, so the whole column decides (``of(csv:column:named:)``).
package enum SlashDateOrder: Sendable, Equatable {
    /// `M/D/YYYY`: `1/14/2021` is 14 January.
    case monthFirst
    /// `DD/MM/YYYY`: `14/1/2021` is 14 January.
    case dayFirst

    /// The two leading numbers of a slashed date (`1/14/2021 7:30` → 1, 14), or nil when
    /// `text` does not start with `number/number/number`.
    static func leading(_ text: Substring) -> (Int, Int)? {
        let date = text.prefix { !$0.isWhitespace }.split(separator: "/", omittingEmptySubsequences: false)
        guard date.count == 3, let a = Int(date[0]), let b = Int(date[1]), Int(date[2]) != nil else { return nil }
        return (a, b)
    }

    /// The order of the slashed dates in `column` of the CSV file at `url`
    /// (header on the first line): nil when the first dated row is not slashed
    /// (a file keeps one form throughout, so nothing more is read). Otherwise
    /// every row is looked at: a first number above 12 somewhere means day
    /// first, a second number above 12 means month first.
    /// - Parameters:
    ///   - url: the CSV file, read once more from its start (the importer reads it again after).
    ///   - column: the date column's index; nil (no such column) answers nil.
    ///   - name: the column's name in the file, quoted in the error.
    /// - Throws: ``ImportError/unreadable(_:)`` (422) when the column never
    ///   tells (no number above 12 in either place: `1/4/2021` could be 4
    ///   January or 1 April) or tells both; what ``CSVReader`` throws.
    package static func of(csv url: URL, column: Int?, named name: String) throws -> SlashDateOrder? {
        guard let column else { return nil }
        let csv = try CSVReader(url: url)
        guard try csv.next() != nil else { return nil }
        var sample: String?
        var dayFirst: String?
        var monthFirst: String?
        while let fields = try csv.next() {
            let text = fields[field: column].trimmedBlanks
            if text.isEmpty { continue }
            guard let (a, b) = leading(Substring(text)) else {
                if sample == nil { return nil }
                continue
            }
            if sample == nil { sample = text }
            if a > 12, b <= 12, dayFirst == nil { dayFirst = text }
            if b > 12, a <= 12, monthFirst == nil { monthFirst = text }
        }
        switch (dayFirst, monthFirst) {
        case (.some, nil): return .dayFirst
        case (nil, .some): return .monthFirst
        case (.some(let d), .some(let m)):
            throw ImportError.unreadable(
                "the \(name) column mixes day-first (\"\(d)\") and month-first (\"\(m)\") dates: export the file "
                    + "again from the app, or save the column as YYYY-MM-DD")
        case (nil, nil):
            guard let sample else { return nil }
            throw ImportError.unreadable(
                "the dates of the \(name) column, like \"\(sample)\", could be day/month or month/day and no date "
                    + "in the file tells which (none has a number above 12): export the file again from the app, "
                    + "or save the column as YYYY-MM-DD")
        }
    }
}
