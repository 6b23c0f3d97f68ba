/// Where forged keeps one row per member and the original kept several (ingest
/// tokens, training plans): the rows offered for each member, the one kept
/// (`prefers(candidate, kept)` says when a later row replaces it) and the rest,
/// which the move skips one by one with its reason.
struct OnePerMember {
    /// The row kept for each member id.
    private(set) var chosen: [String: SourceRow] = [:]
    /// Every row not kept, in the order it was passed over.
    private(set) var others: [SourceRow] = []
    let prefers: (SourceRow, SourceRow) -> Bool

    init(prefers: @escaping (_ candidate: SourceRow, _ kept: SourceRow) -> Bool) { self.prefers = prefers }

    mutating func offer(_ row: SourceRow, for user: String) {
        guard let kept = chosen[user] else {
            chosen[user] = row
            return
        }
        if prefers(row, kept) {
            others.append(kept)
            chosen[user] = row
        } else {
            others.append(row)
        }
    }
}
