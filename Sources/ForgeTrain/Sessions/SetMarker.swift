/// What kind of set a logged or imported set was (`sets.set_kind`).
///
/// Logging apps mark warm-ups, drop sets and sets taken to failure (Strong's
/// `Set Order` `W`/`D`/`F`, Hevy's `set_type`). Warm-ups are never records and
/// never count toward the e1RM series (ForgeSchema 0311); the other markers are
/// kept as the app wrote them.
package enum SetMarker: String, Sendable, CaseIterable, Codable {
    case normal
    case warmup
    case drop
    case failure
}
