import ForgeCore
import ForgeStore
import ForgeTrain
import Foundation

/// The built-in weekly review: plan the coming week with ``ReviewPlanner``,
/// store it as a proposal (validated like any coach proposal, §4.16) and
/// write a readable summary citing the week's numbers.
public enum WeeklyReview {
    public struct Summary: Sendable {
        public let text: String
        /// The stored proposal's number, or nil when there was no active plan.
        public let proposal: Int?
    }

    /// Runs the review for `turn.member` in one write transaction.
    /// - Throws: ``ProposalFailure`` when the planned week fails validation (nothing written).
    public static func builtin(_ turn: CoachTurn) throws -> Summary {
        try turn.db.write { db in
            let member = turn.member
            let monday = turn.today.monday
            let sessions = try SessionQueries.sessions(userID: member.id, from: turn.today.adding(days: -6), to: turn.today, in: db)
                .filter { $0.status == "completed" }
            let strength = sessions.filter { $0.kind == "strength" }.count
            let cardio = sessions.count - strength
            let zone2 = try ProgressQueries.zone2Minutes(userID: member.id, from: turn.today.adding(days: -6), to: turn.today, in: db)
            var text = "Week to \(turn.today.dayName) \(turn.today): \(strength) strength and \(cardio) cardio session\(cardio == 1 ? "" : "s") done"
            text += zone2 > 0 ? ", \(NumberText.shortest(Rounding.round1(zone2))) zone-2 minutes." : "."
            let prs = try RecordStore.liftsWithPRs(userID: member.id, from: monday, to: turn.today, in: db)
            if prs > 0 { text += " New records on \(prs) lift\(prs == 1 ? "" : "s")." }
            guard let outcome = try ReviewPlanner(member: member, today: turn.today).plan(in: db) else {
                return Summary(text: text + " There is no active plan to build on yet.", proposal: nil)
            }
            if !outcome.lines.isEmpty { text += " " + outcome.lines.joined(separator: ". ") + "." }
            let revision = try ProposalStore.propose(member: member, content: try .encoded(outcome.content),
                                                     rationale: outcome.rationale, now: turn.now, in: db)
            text += revision.status == "active"
                ? " Revision \(revision.num) is now your plan (auto-approve is on)."
                : " Proposal #\(revision.num) is waiting for your approval."
            return Summary(text: text, proposal: revision.num)
        }
    }
}
