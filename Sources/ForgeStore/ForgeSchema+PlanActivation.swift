import Foundation

extension ForgeSchema {
    /// Migration 0808: `plan_revisions.activated_at`, the instant a revision came into force (the
    /// starter seed, an auto-approved proposal, an approval); NULL for one never in force (a
    /// proposal still waiting, rejected or replaced). A week is judged day by day against the
    /// revision in force on that day (the coach's "How was my week?" and weekly review).
    ///
    /// Rows written before this migration: the active revision came into force no later than it
    /// was made, so it takes its `created_at`. A superseded one cannot be told apart from a
    /// rejected proposal, so it stays NULL: days before the active revision have no planned
    /// session rather than one from a plan that may never have been in force.
    static func registerPlanActivation(_ m: inout Migrator) {
        m.register("0808-plan-revision-activated-at") { db in
            try db.executeScript(
                """
                ALTER TABLE plan_revisions ADD COLUMN activated_at TEXT;
                UPDATE plan_revisions SET activated_at = created_at WHERE status = 'active';
                """)
        }
    }
}
