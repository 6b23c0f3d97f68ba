import ForgeCoach
import ForgeCore
import Foundation
import Testing

/// The weekly review clock in the household zone, across DST changes.
struct ReviewScheduleTests {
    static let london = TimeZone(identifier: "Europe/London")!
    static func instant(_ text: String) -> Date { Instant.parse(text)! }

    @Test func defaultIsSundayAtEightPMHouseholdTime() {
        let s = ReviewSchedule()
        // Sunday 29 Nov 2026, GMT: due at 20:00Z.
        #expect(s.due(now: Self.instant("2026-11-29T19:59:59Z"), in: Self.london, lastWeek: nil) == nil)
        #expect(
            s.due(now: Self.instant("2026-11-29T20:00:00Z"), in: Self.london, lastWeek: nil)
                == LocalDate(year: 2026, month: 11, day: 23))
        // Once per ISO week.
        #expect(s.due(now: Self.instant("2026-11-29T22:00:00Z"), in: Self.london, lastWeek: "2026-11-23") == nil)
        // A Monday after a missed Sunday is a new week: not due until its Sunday.
        #expect(s.due(now: Self.instant("2026-11-30T08:00:00Z"), in: Self.london, lastWeek: nil) == nil)
    }

    @Test func summerTimeShiftsTheInstantNotTheLocalHour() {
        // Sunday 28 June 2026, BST (UTC+1): 20:00 local = 19:00Z.
        #expect(ReviewSchedule().due(now: Self.instant("2026-06-28T19:00:00Z"), in: Self.london, lastWeek: nil) != nil)
        #expect(ReviewSchedule().due(now: Self.instant("2026-06-28T18:59:00Z"), in: Self.london, lastWeek: nil) == nil)
    }

    @Test func anHourSkippedBySpringForwardRunsRightAfterTheGap() {
        // Sunday 28 March 2027: 01:00 GMT jumps to 02:00 BST; 01:xx local does not exist.
        let s = ReviewSchedule(weekday: 6, hour: 1)
        let due = s.dueInstant(weekOf: LocalDate(year: 2027, month: 3, day: 22), in: Self.london)
        #expect(due == Self.instant("2027-03-28T01:00:00Z"))
        #expect(s.due(now: Self.instant("2027-03-28T00:59:00Z"), in: Self.london, lastWeek: nil) == nil)
    }

    @Test func theRepeatedAutumnHourRunsOnce() {
        // Sunday 25 Oct 2026: 01:00–02:00 BST happens twice.
        let s = ReviewSchedule(weekday: 6, hour: 1)
        let first = Self.instant("2026-10-25T00:00:00Z")  // 01:00 BST
        #expect(s.due(now: first, in: Self.london, lastWeek: nil) == LocalDate(year: 2026, month: 10, day: 19))
        // After it ran (ledger says this week), the second 01:00 (GMT) does not run again.
        #expect(s.due(now: Self.instant("2026-10-25T01:00:00Z"), in: Self.london, lastWeek: "2026-10-19") == nil)
    }

    @Test func prefsChooseDayAndHour() {
        let m = Member(
            id: "x", name: "Ada", role: "member", prefs: ["review_weekday": 4, "review_hour": "7"], activeProfileID: nil
        )
        #expect(ReviewSchedule.of(m) == ReviewSchedule(weekday: 4, hour: 20))  // a string hour is ignored
        let named = Member(
            id: "x", name: "Ada", role: "member", prefs: ["review_weekday": "friday", "review_hour": 7],
            activeProfileID: nil)
        #expect(ReviewSchedule.of(named) == ReviewSchedule(weekday: 4, hour: 7))
    }
}
