import Foundation

/// Turns a printed ingredient line from a recipe page ("400 g chickpeas,
/// drained") into a recipe line linked to the ingredient reference, keeping
/// the cook's words.
///
/// The line is read by ``IngredientLineParser``; `raw` keeps the line as
/// printed, `disp`/`name`/`note` are its pieces. Matching is a link, never a
/// rewrite: `ref` names the reference row and `refConfidence` (0–1) says how
/// sure the link is (see ``match(_:in:)``). A linked line's `qty` and
/// `unit` are in the row's unit (g rows take mass units, ml rows volume
/// units, per-item `x` rows a bare count or a count word), so macros can be
/// computed; when the quantity cannot be converted the line stays unlinked
/// with the page's quantity and unit, and the import parks rather than
/// computing wrong macros. A line with no quantity ("salt to taste") links
/// with `qty: null`.
package enum IngredientLineMatcher {
    /// The least `refConfidence` a link needs, on the scale of
    /// ``match(_:in:)``: 0 (nothing in common) to 1 (the row's exact name).
    /// A line whose best match scores below it gets no `ref` and no
    /// `refConfidence`, keeps the page's quantity and unit, and parks the
    /// import with a warning naming the line, rather than borrowing the
    /// macros of a row that only shares a word with it ("salt" in "Salt and
    /// pepper to taste", 0.16). A match of exactly 0.5 links.
    package static let minimumConfidence = 0.5

    /// The recipe line for `text`, linked to `reference` where a match of at
    /// least ``minimumConfidence`` is found.
    /// - Parameters:
    ///   - decimalComma: whether the page writes decimals with a comma
    ///     (``IngredientLineParser/parse(_:decimalComma:)``); nil when unknown.
    /// - Returns: the line and whether it was linked.
    package static func line(
        _ text: String, reference: IngredientReference,
        decimalComma: Bool? = nil
    ) -> (RecipeIngredient, matched: Bool) {
        let raw = HTMLText.collapse(HTMLText.decodeEntities(text))
        let p = IngredientLineParser.parse(raw, decimalComma: decimalComma)
        let name = p.name.isEmpty ? (p.note ?? raw) : p.name
        let note = p.name.isEmpty ? nil : p.note
        let unlinked = RecipeIngredient(name: name, qty: p.qty, unit: p.unit, disp: p.disp, note: note, raw: raw)
        guard let (row, confidence) = match(name, in: reference), confidence >= minimumConfidence else {
            return (unlinked, false)
        }
        var linked = unlinked
        linked.ref = row.name
        linked.refConfidence = confidence
        linked.unit = row.unit
        guard let qty = p.qty else {
            linked.qty = nil
            return (linked, true)
        }
        guard let converted = IngredientUnits.convert(qty, unit: p.unit, to: row.unit) else { return (unlinked, false) }
        linked.qty = (converted * 10).rounded() / 10
        return (linked, true)
    }

    /// The reference row `name` refers to and how sure that is: 1 for the
    /// row's exact name (any case), 0.9 for its name before a comma, 0.85
    /// when equal after dropping a plural `s`/`es`, else the longest row
    /// name found in the line as whole words, with confidence 0.8 × the
    /// share of the line's words it covers. Nil when nothing matches.
    static func match(_ name: String, in reference: IngredientReference) -> (Ingredient, Double)? {
        let key = name.lowercased()
        guard !key.isEmpty else { return nil }
        func singular(_ s: String) -> String {
            if s.hasSuffix("oes") || s.hasSuffix("shes") || s.hasSuffix("ches") { return String(s.dropLast(2)) }
            if s.hasSuffix("s") && !s.hasSuffix("ss") { return String(s.dropLast()) }
            return s
        }
        let rows = reference.rows
        if let row = rows.first(where: { $0.name.lowercased() == key }) { return (row, 1) }
        let head = { (row: Ingredient) in String(row.name.lowercased().split(separator: ",").first ?? "") }
        if let row = rows.first(where: { head($0) == key }) { return (row, 0.9) }
        if let row = rows.first(where: { singular(head($0)) == singular(key) }) { return (row, 0.85) }
        let split = { (s: String) in
            s.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "%" }).map(String.init)
        }
        let words = split(key)
        guard !words.isEmpty else { return nil }
        let padded = " " + words.map(singular).joined(separator: " ") + " "
        let best = rows.compactMap { row -> (Ingredient, Int)? in
            let rowWords = split(head(row))
            guard !rowWords.isEmpty, padded.contains(" " + rowWords.map(singular).joined(separator: " ") + " ") else {
                return nil
            }
            return (row, rowWords.count)
        }.max { head($0.0).count < head($1.0).count }
        guard let (row, covered) = best else { return nil }
        return (row, (0.8 * Double(min(covered, words.count)) / Double(words.count) * 100).rounded() / 100)
    }
}
