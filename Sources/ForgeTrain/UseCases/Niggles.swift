import ForgeCore
import ForgeStore
import Foundation

/// A member's niggles as the app keeps them (docs/contract.md §3.8, §6.13; issue 42): list,
/// open, change status. Each call is one transaction; another member's niggle is never found.
package enum Niggles {
    /// The member's niggles, newest first.
    package static func list(userID: String, in database: Database) throws -> [NiggleRow] {
        try database.read { db in try NiggleStore.list(userID: userID, in: db) }
    }

    /// Opens an active niggle on `today`.
    /// - Parameters:
    ///   - bodyPart: where it hurts, as the member wrote it (trimmed).
    ///   - severity: `mild` unless given.
    ///   - avoidPatterns: movement patterns the plan avoids while it is in force.
    ///   - now: forged's clock's time, the row's `created_at`.
    /// - Returns: the niggle's id.
    package static func open(
        userID: String, bodyPart: String, severity: String?, note: String?, avoidPatterns: [String]?,
        mobilitySlug: String?, today: LocalDate, now: Date, in database: Database
    ) throws -> String {
        try database.write { db in
            try NiggleStore.add(
                userID: userID, bodyPart: bodyPart.trimmingCharacters(in: .whitespacesAndNewlines),
                severity: severity ?? "mild", note: note ?? "", avoidPatterns: avoidPatterns ?? [],
                mobilitySlug: mobilitySlug ?? "", today: today, now: now, in: db)
        }
    }

    /// Sets the status of the member's niggle `id` (`cleared` stamps `cleared_at` = `today`, §6.13).
    /// Ownership is checked first: another member's niggle is not found whatever the status says.
    /// - Throws: ``NiggleError/notFound``, ``NiggleError/badStatus`` (nothing written); storage errors.
    package static func setStatus(
        _ status: String, niggle id: String, userID: String, today: LocalDate, in database: Database
    ) throws {
        try database.write { db in
            guard try NiggleStore.list(userID: userID, in: db).contains(where: { $0.id == id }) else {
                throw NiggleError.notFound
            }
            guard NiggleStore.statuses.contains(status) else { throw NiggleError.badStatus }
            _ = try NiggleStore.setStatus(id, userID: userID, status: status, today: today, in: db)
        }
    }
}

/// Why a niggle change wrote nothing.
package enum NiggleError: Error, Sendable, Equatable {
    /// The member has no niggle with that id.
    case notFound
    /// The status is not one of ``NiggleStore/statuses``.
    case badStatus
}
