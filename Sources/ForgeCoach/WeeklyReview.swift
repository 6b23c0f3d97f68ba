import ForgeCook
import ForgeCore
import ForgeStore
import ForgeTrain
import Foundation

/// The built-in weekly review: plan the coming week with ``ReviewPlanner``,
/// store it as a proposal (validated like any coach proposal, §4.16) and
/// write a readable summary citing the week's numbers: sessions against the
/// plan, and each lift's new target as proposed (while the proposal waits,
/// the revision in force is named as what stands) or as applied
/// (auto-approve), ``ReviewLine``.
///
/// One window for everything the review counts: the seven days ending on the
/// review day (``window(endingOn:)``), the days ``ReviewPlanner`` judges the lifts over.
/// With the review on its default Sunday that is the Monday-to-Sunday week.
package enum WeeklyReview {
    /// What the review produced: the readable summary shown as the coach's reply, and the
    /// proposal it stored.
    package struct Summary: Sendable {
        /// The summary text, citing the week's numbers.
        package let text: String
        /// The stored proposal's number, or nil when there was no active plan.
        package let proposal: Int?
    }

    /// Runs the review for `turn.member` in one write transaction.
    /// - Throws: ``ProposalFailure`` when the planned week fails validation (nothing written).
    package static func builtin(_ turn: CoachTurn) throws -> Summary {
        try turn.db.write { db in
            let member = turn.member
            let days = window(endingOn: turn.today)
            let week = try WeekSummary.of(
                member, from: days.lowerBound, through: days.upperBound, today: turn.today, calendar: turn.calendar,
                in: db)
            let cardio = week.runs
            var text =
                "Week to \(turn.today.dayName) \(turn.today): \(week.strengthSessions) strength and "
                + "\(Plural.count(cardio, "cardio sessions")) done"
            let zone2 = week.zone2Minutes
            text += zone2 > 0 ? ", \(NumberText.shortest(Rounding.round1(zone2))) zone-2 minutes." : "."
            let prs = try RecordStore.liftsWithPRs(
                userID: member.id, from: days.lowerBound, to: days.upperBound, in: db)
            if prs > 0 { text += " New records on \(Plural.count(prs, "lifts"))." }
            guard let outcome = try ReviewPlanner(member: member, today: turn.today).plan(in: db) else {
                return Summary(text: text + " There is no active plan to build on yet.", proposal: nil)
            }
            if !week.planned.isEmpty {
                let done = week.planned.filter(\.done).count
                text += " \(done) of \(Plural.count(week.planned.count, "planned sessions")) done this week."
            }
            let inForce = try PlanStore.active(userID: member.id, in: db)?.num
            let revision = try ProposalStore.propose(
                member: member, content: try .encoded(outcome.content),
                rationale: outcome.rationale, now: turn.now, in: db)
            let applied = revision.status == "active"
            if !outcome.lines.isEmpty {
                text += " " + outcome.lines.map { $0.text(inForce: applied) }.joined(separator: ". ") + "."
            }
            text +=
                applied
                ? " Revision \(revision.num) is now your plan (auto-approve is on)."
                : " Proposal #\(revision.num) is waiting for your approval; until then "
                    + (inForce.map { "revision \($0)" } ?? "your current plan")
                    + " stays in force, and Today shows its loads."
            if let food = try proposeFoodWeek(member: member, now: turn.now, in: db) { text += " " + food }
            return Summary(text: text, proposal: revision.num)
        }
    }

    /// The days a review on `today` counts: the seven days ending on it.
    package static func window(endingOn today: LocalDate) -> ClosedRange<LocalDate> {
        today.adding(days: -6)...today
    }

    /// The household's food week for the coming week (``FoodWeekPlanner``),
    /// once per week for the household: skipped when the scope already has a
    /// proposed week (one with `changes`) from the last six days, whatever
    /// became of it (the other member's review made it, or it was decided).
    /// Returns the summary sentence, or nil.
    static func proposeFoodWeek(member: Member, now: Date, in db: Connection) throws -> String? {
        guard !member.isDemo else { return nil }
        let scope = FoodWeekStore.scope(userID: member.id, isDemo: false)
        let recent: Int =
            try db.scalar(
                """
                SELECT COUNT(*) FROM food_revisions WHERE scope = ? AND created_at >= ? AND changes NOT IN ('', '[]')
                """, [scope, Instant.storage(now.addingTimeInterval(-6 * 86_400))]) ?? 0
        guard recent == 0 else { return nil }
        guard let planned = FoodWeekPlanner(validator: try FoodProposalWriter.validator(for: member, in: db)).plan()
        else {
            return "The food week stays as it is (no swap keeps it within the targets)."
        }
        do {
            let written = try FoodProposalWriter.propose(
                member: member, content: planned.content,
                rationale: planned.rationale, now: now, in: db)
            let verb =
                written.status == "active"
                ? "Food week \(written.num) is now the household's week" : "Food proposal #\(written.num)"
            return "\(verb): " + planned.lines.joined(separator: "; ") + "."
        } catch let failure as ProposalFailure {
            Log.warning("built-in food week failed validation: \(failure)")
            return nil
        }
    }
}
