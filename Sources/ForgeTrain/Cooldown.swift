/// Cool-down assembly with niggle injection (docs/contract.md §4.6).
package enum Cooldown {
    /// Hold given to a mobility item injected for a niggle.
    package static let injectedHold = "45 s each side"

    /// The plan's cool-down list, then for each **active** niggle with a
    /// mobility slug, in the given order: if that slug is already listed,
    /// those items get `why: "targets your <body part, lower-cased> niggle"`;
    /// otherwise `{slug, hold: "45 s each side", why}` is inserted at the
    /// front. Every item gets its library name (the slug when unknown).
    package static func build(
        plan: [CooldownEntry], niggles: [NiggleInfo],
        library: ExerciseLibrary
    ) -> [CooldownItem] {
        var items = plan.map { CooldownItem(slug: $0.slug, hold: $0.hold, name: library.name(for: $0.slug)) }
        for niggle in niggles where niggle.isActive {
            guard let slug = niggle.mobilitySlug, !slug.isEmpty else { continue }
            let why = "targets your \(niggle.bodyPart.lowercased()) niggle"
            if items.contains(where: { $0.slug == slug }) {
                for i in items.indices where items[i].slug == slug { items[i].why = why }
            } else {
                items.insert(
                    CooldownItem(slug: slug, hold: injectedHold, name: library.name(for: slug), why: why),
                    at: 0)
            }
        }
        return items
    }
}
