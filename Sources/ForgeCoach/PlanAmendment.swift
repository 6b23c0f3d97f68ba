import ForgeCore

/// Mid-week amendments (docs/contract.md §4.16, coach tool `amend_week`): the given
/// day objects are merged into a copy of the active content — a `null`
/// value makes that day a rest day (the key is removed) — `changes` is
/// replaced, other top-level keys are kept. The result then goes through
/// the same validation as any proposal (``ProposalStore``).
package enum PlanAmendment {
    /// The amended content document.
    /// - Parameters:
    ///   - active: the active revision's content (`{days, changes?, …}`).
    ///   - days: weekday key (`"0"`…`"6"`) → day object, or `null` for a rest day.
    ///   - changes: the new `changes` rows; nil keeps none (the key is removed).
    package static func merge(active: JSONValue, days: [String: JSONValue], changes: JSONValue?) -> JSONValue {
        var document = active.objectValue ?? [:]
        var merged = document["days"]?.objectValue ?? [:]
        for (key, day) in days {
            if day == .null { merged[key] = nil } else { merged[key] = day }
        }
        document["days"] = .object(merged)
        document["changes"] = changes
        return .object(document)
    }
}
