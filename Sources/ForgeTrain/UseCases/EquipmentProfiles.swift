import ForgeCore
import ForgeHousehold
import ForgeStore
import Foundation

/// A member's equipment profiles (docs/contract.md §3.7; issue 42): list the household-shared
/// and own profiles, switch the active one, and describe a profile's items and loading. Each
/// call is one transaction; another member's own profile is never found.
package enum EquipmentProfiles {
    /// A change to how a profile loads, every figure in `unit` (or the profile's unit when nil);
    /// what is nil is kept.
    package struct LoadingChange: Sendable, Equatable {
        /// Dumbbells as described: the fixed pairs (one weight per pair; empty = not described),
        /// or an adjustable set.
        package enum Dumbbells: Sendable, Equatable {
            case pairs([Double])
            case adjustable(min: Double, max: Double, step: Double)
        }
        package var unit: LoadUnit?
        package var bar: Double?
        package var plates: [Double]?
        package var dumbbells: Dumbbells?

        package init(unit: LoadUnit?, bar: Double?, plates: [Double]?, dumbbells: Dumbbells?) {
            self.unit = unit
            self.bar = bar
            self.plates = plates
            self.dumbbells = dumbbells
        }

        /// True when it changes anything.
        package var changesAnything: Bool { unit != nil || bar != nil || plates != nil || dumbbells != nil }
    }

    /// The profiles `user` sees (the shared ones first) and the active one.
    package static func list(for user: User, in database: Database) throws -> (
        profiles: [EquipmentProfile], active: EquipmentProfile?
    ) {
        try database.read { db in
            let profiles = try EquipmentStore.visible(to: user.id, in: db)
            let active = try EquipmentStore.active(userID: user.id, activeID: user.activeProfileID, in: db)
            return (profiles.filter(\.shared) + profiles.filter { !$0.shared }, active)
        }
    }

    /// Makes profile `id` the member's active one.
    /// - Throws: ``EquipmentError/notFound`` when the member cannot see it; storage errors.
    package static func activate(_ id: String, userID: String, in database: Database) throws {
        try database.write { db in
            guard try EquipmentStore.visible(id, to: userID, in: db) != nil else { throw EquipmentError.notFound }
            try EquipmentStore.setActive(id, userID: userID, in: db)
        }
    }

    /// Replaces profile `id`'s item list (when `items` is given) and applies `loading`.
    /// Changing the unit re-describes the profile, so every figure it already has (a bar,
    /// plates, dumbbells) must be given in the new unit.
    /// - Parameter isDemo: the demo seat, which may not edit a shared profile.
    /// - Throws: ``EquipmentError/notFound``; ``EquipmentError/sharedByDemo``;
    ///   ``EquipmentError/missingWhenUnitChanges(_:unit:)`` naming the first figure missing (nothing
    ///   written); storage errors.
    package static func edit(
        _ id: String, userID: String, isDemo: Bool, items: [EquipmentItem]?, loading: LoadingChange,
        in database: Database
    ) throws {
        try database.write { db in
            guard let p = try EquipmentStore.visible(id, to: userID, in: db) else { throw EquipmentError.notFound }
            if p.shared, isDemo { throw EquipmentError.sharedByDemo }
            if loading.changesAnything { try apply(loading, to: p, in: db) }
            if let items { try EquipmentStore.setItems(items, profileID: p.id, in: db) }
        }
    }

    static func apply(_ change: LoadingChange, to p: EquipmentProfile, in db: Connection) throws {
        let unit = change.unit ?? p.unit
        if unit != p.unit {
            let missing = [
                ("bar", p.barKg > 0 && change.bar == nil), ("plates", !p.platesKg.isEmpty && change.plates == nil),
                ("dumbbells", p.dumbbells != nil && change.dumbbells == nil),
            ].first { $0.1 }
            if let (field, _) = missing { throw EquipmentError.missingWhenUnitChanges(field, unit: unit) }
        }
        let old = p.plates
        let steps = unit.steps(value:)
        let bar = change.bar.map(steps) ?? old.bar
        let plates = change.plates.map { $0.map(steps) } ?? old.plates
        let dumbbells: DumbbellSet?
        switch change.dumbbells {
        case nil: dumbbells = p.dumbbells
        case .pairs(let list)?: dumbbells = list.isEmpty ? nil : .pairs(list.map(steps))
        case .adjustable(let lo, let hi, let step)?:
            dumbbells = .adjustable(min: steps(lo), max: steps(hi), step: steps(step))
        }
        try EquipmentStore.setLoading(
            unit: unit, plates: PlateInventory(unit: unit, bar: bar, plates: plates), dumbbells: dumbbells,
            profileID: p.id, in: db)
    }
}

/// Why an equipment change wrote nothing.
package enum EquipmentError: Error, Sendable, Equatable {
    /// No profile with that id the member can see.
    case notFound
    /// The demo seat tried to edit a household-shared profile.
    case sharedByDemo
    /// The unit changes and the profile's `field` (bar, plates, dumbbells) was not given in `unit`.
    case missingWhenUnitChanges(String, unit: LoadUnit)
}
