import ForgeCore
import ForgeTrain
import Foundation

/// Validates coach-written training content (docs/contract.md §4.16), first failure wins.
///
/// 1. strings are repaired (``TextRepair``) before any check;
/// 2. `days` is a non-empty object with keys only `"0"`–`"6"`;
/// 3. each day's `kind` is `strength` or `cardio`; a cardio day needs a `cardio` object;
/// 4. a strength day has non-empty `exercises`, exactly one `priority == 1`
///    entry, only known non-mobility slugs, integer `sets` and `reps`, and a
///    non-empty `cooldown` of mobility slugs only;
///    forged adds: every exercise's equipment is available in the member's
///    active profile, and no exercise has a pattern an active niggle avoids;
/// 5. rationale voice: it must not start with "next week" nor contain "next week's";
/// 6. day notes (`why`) against the active revision (see ``checkNotes``);
/// 7. forged (issue 14): barbell and dumbbell loads are moved to the nearest
///    weight the active profile can make (``LoadingKit/nearest(kg:kind:)``)
///    when the profile describes its plates or dumbbells — a repair, applied
///    after rule 6, so rounding alone never needs a note.
package struct PlanProposalValidator: Sendable {
    package let library: ExerciseLibrary
    /// Items of the active equipment profile that are available; nil = no profile (not checked).
    package let available: Set<String>?
    /// The member's niggles; only active ones count.
    package let niggles: [NiggleInfo]
    /// The active revision's content, or nil when the member has none.
    package let active: PlanContent?
    /// What the active profile can load; nil = no profile (loads kept as written).
    package let kit: LoadingKit?

    package init(
        library: ExerciseLibrary, available: Set<String>?, niggles: [NiggleInfo], active: PlanContent?,
        kit: LoadingKit? = nil
    ) {
        self.library = library
        self.available = available
        self.niggles = niggles
        self.active = active
        self.kit = kit
    }

    /// `day` with its barbell and dumbbell loads on weights `kit` makes (rule 7).
    func loadable(_ day: PlanDay) -> PlanDay {
        guard let kit, case .strength(var lifts) = day else { return day }
        for i in lifts.exercises.indices where lifts.exercises[i].weight > 0 {
            let kind = library.exercise(lifts.exercises[i].slug)?.kind ?? .bb
            if kit.rounds(kind) {
                lifts.exercises[i].weight = kit.nearest(kg: lifts.exercises[i].weight, kind: kind)
            }
        }
        return .strength(lifts)
    }

    /// Checks `content` and `rationale`; returns the repaired, decoded content and rationale.
    /// - Throws: ``ProposalFailure`` with the first broken rule's message.
    package func validate(content raw: JSONValue, rationale rawRationale: String) throws(ProposalFailure)
        -> (content: PlanContent, rationale: String)
    {
        let json = TextRepair.repair(raw)
        let rationale = TextRepair.repair(rawRationale)
        guard let days = json["days"]?.objectValue, !days.isEmpty else {
            throw ProposalFailure("days must be a non-empty object")
        }
        for key in days.keys.sorted() where !(key.count == 1 && ("0"..."6").contains(key)) {
            throw ProposalFailure("day keys must be \"0\"…\"6\" (got \"\(key)\")")
        }
        var decoded: [Int: PlanDay] = [:]
        for key in days.keys.sorted() {
            let value = days[key]!
            if value.isNull { continue }
            guard value.objectValue != nil else { throw ProposalFailure("day \(key) must be an object") }
            let kind = value["kind"]?.stringValue
            guard kind == "strength" || kind == "cardio" else {
                throw ProposalFailure("day \(key): kind must be strength or cardio")
            }
            if kind == "cardio", value["cardio"]?.objectValue == nil {
                throw ProposalFailure("day \(key): a cardio day needs a cardio object")
            }
            if kind == "strength" { try checkStrength(key, value) }
            guard let data = try? JSONCoding.encode(value), let day = try? JSONCoding.decode(PlanDay.self, from: data)
            else {
                throw ProposalFailure("day \(key) is not a valid plan day")
            }
            decoded[Int(key)!] = day
        }
        if decoded.isEmpty { throw ProposalFailure("days must be a non-empty object") }
        try Self.checkVoice(rationale)
        try checkNotes(decoded, rationale: rationale)
        guard let data = try? JSONCoding.encode(json),
            var content = try? JSONCoding.decode(PlanContent.self, from: data)
        else {
            throw ProposalFailure("content is not a valid plan")
        }
        content.days = decoded.mapValues(loadable)
        return (content, rationale)
    }

    /// Rule 4 plus forged's equipment and niggle rules for one strength day.
    func checkStrength(_ key: String, _ day: JSONValue) throws(ProposalFailure) {
        guard let exercises = day["exercises"]?.arrayValue, !exercises.isEmpty else {
            throw ProposalFailure("day \(key): a strength day needs exercises")
        }
        let mains = exercises.filter { $0["priority"]?.doubleValue == 1 }.count
        if mains != 1 {
            throw ProposalFailure("day \(key): exactly one exercise must have priority 1 (found \(mains))")
        }
        let activeNiggles = niggles.filter(\.isActive)
        for entry in exercises {
            let slug = entry["slug"]?.stringValue ?? ""
            guard let exercise = library.exercise(slug) else {
                throw ProposalFailure("day \(key): unknown exercise \"\(slug)\"")
            }
            if exercise.kind == .mobility {
                throw ProposalFailure("day \(key): \(slug) is a mobility item and belongs in the cooldown")
            }
            for field in ["sets", "reps"] where !Self.isInteger(entry[field]) {
                throw ProposalFailure("day \(key): \(slug) \(field) must be an integer")
            }
            if let available, let missing = exercise.equipment.first(where: { !available.contains($0) }) {
                throw ProposalFailure("day \(key): \(slug) needs \(missing), which the active equipment profile lacks")
            }
            for n in activeNiggles {
                if let pattern = n.avoidPatterns.first(where: exercise.patterns.contains) {
                    throw ProposalFailure(
                        "day \(key): \(slug) loads \(pattern), which the \(n.bodyPart.lowercased()) niggle avoids")
                }
            }
        }
        guard let cooldown = day["cooldown"]?.arrayValue, !cooldown.isEmpty else {
            throw ProposalFailure("day \(key): a strength day needs a cooldown")
        }
        for item in cooldown {
            let slug = item["slug"]?.stringValue ?? ""
            guard library.exercise(slug)?.kind == .mobility else {
                throw ProposalFailure("day \(key): cooldown item \"\(slug)\" must be a mobility exercise")
            }
        }
    }

    static func isInteger(_ value: JSONValue?) -> Bool {
        switch value {
        case .int: true
        case .double(let d): d.rounded() == d
        default: false
        }
    }

    /// Rule 5: after trimming and lower-casing, the rationale must not start
    /// with "next week" nor contain "next week's" (it is shown on the week it describes).
    package static func checkVoice(_ rationale: String) throws(ProposalFailure) {
        let text = rationale.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            .replacingOccurrences(of: "\u{2019}", with: "'")
        if text.hasPrefix("next week") || text.contains("next week's") {
            throw ProposalFailure("write the rationale for the week it describes: not \"next week…\"")
        }
    }

    /// Lower-cases, maps every character outside `[a-z0-9 ]` to a space and collapses whitespace.
    package static func normalise(_ note: String) -> String {
        let mapped = note.lowercased().unicodeScalars.map { s -> Character in
            (("a"..."z").contains(s) || ("0"..."9").contains(s)) ? Character(s) : " "
        }
        return String(mapped).split(separator: " ").joined(separator: " ")
    }

    /// Rule 6: a changed day (differs from the active revision's same weekday,
    /// ignoring `why`) needs a note; no two days share a note; a note may not
    /// contain or be contained in the rationale; a changed day may not reuse
    /// the active revision's note for that weekday.
    func checkNotes(_ days: [Int: PlanDay], rationale: String) throws(ProposalFailure) {
        let rationaleNorm = Self.normalise(rationale)
        var seen: [String: Int] = [:]
        for weekday in days.keys.sorted() {
            let day = days[weekday]!
            let note = Self.normalise(day.why ?? "")
            let before = active?.day(weekday)
            let changed = before.map { Self.withoutNote($0) != Self.withoutNote(day) } ?? true
            let name = LocalDate.dayNames[weekday]
            if changed && note.isEmpty { throw ProposalFailure("\(name) changed: add a note (why) for it") }
            guard !note.isEmpty else { continue }
            if let other = seen[note] {
                throw ProposalFailure("\(LocalDate.dayNames[other]) and \(name) share the same note")
            }
            seen[note] = weekday
            if !rationaleNorm.isEmpty && (rationaleNorm.contains(note) || note.contains(rationaleNorm)) {
                throw ProposalFailure("\(name)'s note repeats the rationale: say what is special about the day")
            }
            if changed, let old = before?.why, Self.normalise(old) == note {
                throw ProposalFailure("\(name) changed but keeps last week's note: write a new one")
            }
        }
    }

    static func withoutNote(_ day: PlanDay) -> PlanDay {
        switch day {
        case .strength(var d):
            d.why = nil
            return .strength(d)
        case .cardio(var d):
            d.why = nil
            return .cardio(d)
        }
    }
}
