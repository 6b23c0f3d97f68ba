import Foundation
import Testing

@testable import ForgeCore

@Suite struct HouseholdCalendarTests {
    static let iso = Date.ISO8601FormatStyle()

    func instant(_ text: String) throws -> Date { try Self.iso.parse(text) }

    @Test func todayIsTheHouseholdDateNotTheUTCDate() throws {
        let london = HouseholdCalendar(timeZone: try #require(HouseholdCalendar.zone(named: "Europe/London")))
        // 23:30 UTC on 20 July is 00:30 BST on 21 July.
        #expect(london.date(of: try instant("2026-07-20T23:30:00Z")).description == "2026-07-21")
        let auckland = HouseholdCalendar(timeZone: try #require(HouseholdCalendar.zone(named: "Pacific/Auckland")))
        // 12:30 UTC is 00:30 NZST the next day.
        #expect(auckland.date(of: try instant("2026-07-20T12:30:00Z")).description == "2026-07-21")
        #expect(auckland.date(of: try instant("2026-07-20T11:30:00Z")).description == "2026-07-20")
    }

    @Test func midnightAroundTheSpringDSTChange() throws {
        let london = HouseholdCalendar(timeZone: try #require(HouseholdCalendar.zone(named: "Europe/London")))
        // Clocks go forward at 01:00 UTC on Sunday 29 March 2026.
        #expect(london.date(of: try instant("2026-03-28T23:59:59Z")).description == "2026-03-28")
        #expect(london.date(of: try instant("2026-03-29T00:00:00Z")).description == "2026-03-29")
        // After the change local time is UTC+1: 23:00 UTC on the 29th is already the 30th.
        #expect(london.date(of: try instant("2026-03-29T22:59:59Z")).description == "2026-03-29")
        #expect(london.date(of: try instant("2026-03-29T23:00:00Z")).description == "2026-03-30")
        // The local day of the change is 23 hours long.
        let start = london.startOfDay(LocalDate("2026-03-29")!)
        let next = london.startOfDay(LocalDate("2026-03-30")!)
        #expect(next.timeIntervalSince(start) == 23 * 3600)
    }

    @Test func autumnDSTChangeKeepsTheWeekOnItsMonday() throws {
        let london = HouseholdCalendar(timeZone: try #require(HouseholdCalendar.zone(named: "Europe/London")))
        // Clocks go back on Sunday 25 October 2026; that Sunday belongs to the week of Monday 19 October.
        let sunday = london.date(of: try instant("2026-10-25T23:30:00Z"))
        #expect(sunday.description == "2026-10-25")
        #expect(sunday.monday.description == "2026-10-19")
        #expect(london.date(of: try instant("2026-10-26T00:30:00Z")).monday.description == "2026-10-26")
    }

    @Test func unknownZoneIsNil() {
        #expect(HouseholdCalendar.zone(named: "Mars/Base") == nil)
        #expect(HouseholdCalendar.zone(named: "UTC") != nil)
    }
}
