/// The two personal-record kinds kept per (member, performed slug) (docs/contract.md §4.4).
package enum RecordKind: String, Sendable, CaseIterable, Codable {
    /// Best estimated one-rep max (``OneRepMax/epley(weight:reps:)``), kg.
    case e1rm
    /// Heaviest load lifted for any reps, kg.
    case bestSet = "best_set"
}

/// A record a logged set would set if it beats the stored one.
package struct RecordCandidate: Sendable, Hashable {
    package let kind: RecordKind
    /// kg (e1RM or load).
    package let value: Double
    /// The set's load, kg, kept at full precision for the detail text.
    package let weight: Double
    package let reps: Int

    /// The candidates of one set: `e1rm` when its e1RM is > 0, `best_set`
    /// (value = load) when the load is > 0. A set with no load has none.
    package static func of(weight: Double, reps: Int) -> [RecordCandidate] {
        var list: [RecordCandidate] = []
        let e1rm = OneRepMax.epley(weight: weight, reps: reps)
        if e1rm > 0 { list.append(RecordCandidate(kind: .e1rm, value: e1rm, weight: weight, reps: reps)) }
        if weight > 0 { list.append(RecordCandidate(kind: .bestSet, value: weight, weight: weight, reps: reps)) }
        return list
    }

    /// True when this candidate beats `stored` (strictly greater; records never regress).
    package func beats(_ stored: Double) -> Bool { value > stored }

    /// What this candidate does to the record of its kind holding `stored`
    /// (nil: none yet): `.first` sets it silently, `.beaten` replaces it (a PB,
    /// logged as an event), nil leaves it (records never regress). The one
    /// rule behind live logging (``RecordStore/apply(_:userID:slug:day:sessionID:now:in:)``)
    /// and the history replay (``RecordStore/rebuild(userID:slugs:now:dayBests:in:)``).
    package func outcome(over stored: Double?) -> RecordOutcome? {
        guard let stored else { return .first }
        return beats(stored) ? .beaten : nil
    }
}

/// What a candidate does to a stored record (``RecordCandidate/outcome(over:)``).
package enum RecordOutcome: Sendable, Equatable {
    /// No record of the kind existed: the candidate becomes it, silently.
    case first
    /// The candidate is strictly greater: a personal best.
    case beaten
}
