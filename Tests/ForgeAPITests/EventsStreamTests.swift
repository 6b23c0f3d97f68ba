import ForgeCore
import Foundation
import Testing

@Suite struct EventsStreamTests {
    @Test func aTimerStartedOverHTTPArrivesOnTheStreamAndResumeReplaysWhatWasMissed() async throws {
        try await withTestServer(transport: .socket) { server in
            try await server.withCookServices {
                let ada = try await server.signIn("ada@example.org")
                let ben = try await server.signIn("ben@example.org")
                let stream = try SSEClient(port: server.port, cookie: ben)
                #expect(stream.status == 200)
                let hello = stream.next()
                #expect(hello?.event == "hello")
                #expect(hello?.json["zone"] == .string(server.app.calendar.timeZone.identifier))
                #expect(
                    hello?.json["day"]?["date"]
                        == .string(server.app.calendar.date(of: server.app.clock.now()).description))
                let created = try await server.request(
                    "POST", "/api/cook/timers", json: ["label": "Pasta", "seconds": 480],
                    cookie: ada)
                let frame = stream.next("timer")
                #expect(frame?.json["type"] == "timer.started")
                #expect(frame?.json["timer"]?["id"] == created.json["id"])
                let seenID = frame?.id ?? ""

                // Two changes while "offline", then a resume from the last id seen.
                let id = created.json["id"]?.stringValue ?? ""
                _ = try await server.request("POST", "/api/cook/timers/\(id)/pause", cookie: ada)
                _ = try await server.request("POST", "/api/cook/timers/\(id)/cancel", cookie: ada)
                let resumed = try SSEClient(port: server.port, cookie: ben, lastEventID: seenID)
                #expect(resumed.next("timer")?.json["type"] == "timer.paused")
                #expect(resumed.next("timer")?.json["type"] == "timer.cancelled")

                let stale = try SSEClient(port: server.port, cookie: ben, lastEventID: "17")
                #expect(stale.next()?.event == "reset")
            }
        }
    }

    @Test func cookSessionAndFoodWeekChangesAreAnnouncedOnlyInTheirScope() async throws {
        try await withTestServer(transport: .socket) { server in
            let ada = try await server.signIn("ada@example.org")
            let demo = try server.demoSeat()
            let household = try SSEClient(port: server.port, cookie: ada)
            let demoStream = try SSEClient(port: server.port, cookie: demo.cookie, timeout: 1)
            #expect(household.next()?.event == "hello" && demoStream.next()?.event == "hello")
            let recipe = try server.cookableRecipe()
            _ = try await server.request(
                "POST", "/api/cook/sessions", json: ["recipe_slug": .string(recipe.slug)], cookie: ada)
            let session = household.next("cook_session")
            #expect(session?.json["type"] == "session.started")
            #expect(session?.json["session"]?["recipe_slug"] == .string(recipe.slug))
            #expect(demoStream.next("cook_session") == nil)
        }
    }

    /// Issue 40 item 6: a member's import is announced to that member only, never to
    /// another member or a paired display.
    @Test func importEventsReachOnlyTheImportingMember() async throws {
        try await withTestServer(transport: .socket) { server in
            try await server.withCookServices {
                let ada = try await server.signIn("ada@example.org")
                let ben = try await server.signIn("ben@example.org")
                let display = try await server.pairDisplay()
                let adaStream = try SSEClient(port: server.port, cookie: ada)
                let benStream = try SSEClient(port: server.port, cookie: ben, timeout: 1)
                let displayStream = try SSEClient(port: server.port, cookie: display, timeout: 1)
                #expect(adaStream.next()?.event == "hello" && benStream.next()?.event == "hello")
                #expect(displayStream.next()?.event == "hello")
                let csv = try ImportJobRouteTests.fixture("hevy-2026.csv")
                let (body, type) = ImportJobRouteTests.form(kind: "hevy", file: csv, name: "hevy.csv")
                let reply = try await server.raw(
                    "POST", "/api/import", body: body, contentType: type, cookie: ada,
                    headers: ["Sec-Fetch-Site": "same-origin"])
                #expect(reply.status == 202, "\(reply.detail ?? "")")
                server.app.imports.drain()
                var types: [String] = []
                while let frame = adaStream.next("import") {
                    types.append(frame.json["type"]?.stringValue ?? "")
                    #expect(frame.json["import"]?["id"] == reply.json["id"])
                    if types.last != "import.progress" { break }
                }
                #expect(types.last == "import.done", "\(types)")
                #expect(benStream.next("import") == nil)
                #expect(displayStream.next("import") == nil)
            }
        }
    }

    @Test func theHouseholdDayIsAnnouncedAtConnectAndAtHouseholdMidnightOnly() async throws {
        // 23:59:58 on Saturday 7 March 2026 in New York; clocks spring forward that night.
        let clock = FixedClock(Instant.parse("2026-03-08T04:59:58Z")!)
        try await withTestServer(timeZone: "America/New_York", clock: clock, transport: .socket) { server in
            let ada = try await server.signIn("ada@example.org")
            let stream = try SSEClient(port: server.port, cookie: ada, timeout: 3)
            let hello = stream.next()
            #expect(hello?.json["day"] == ["date": "2026-03-07", "day_name": "Saturday"])
            // Members in the documented order: {at, day: {date, day_name}, zone}.
            #expect(
                hello?.data
                    == #"{"at":"\#(Instant.wire(clock.now()))","day":{"date":"2026-03-07","day_name":"Saturday"},"zone":"America/New_York"}"#
            )
            usleep(1_500_000)  // the watcher has seen Saturday
            clock.set(Instant.parse("2026-03-08T05:00:01Z")!)  // 00:00:01 EST, household midnight passed
            let day = stream.next("day")
            #expect(day?.data == #"{"date":"2026-03-08","day_name":"Sunday"}"#)
            clock.set(Instant.parse("2026-03-08T07:30:00Z")!)  // 03:30 EDT, after the DST gap: same day
            #expect(stream.next("day") == nil)
            // A reconnect gets today in its hello.
            #expect(try SSEClient(port: server.port, cookie: ada).next()?.json["day"]?["date"] == "2026-03-08")
        }
    }

    @Test func theStreamNeedsASessionAndStopEndsIt() async throws {
        try await withTestServer(transport: .socket) { server in
            let anonymous = try SSEClient(port: server.port, cookie: "x=y")
            #expect(anonymous.status == 401)
            let ada = try await server.signIn("ada@example.org")
            let stream = try SSEClient(port: server.port, cookie: ada)
            #expect(stream.next()?.event == "hello")
            #expect(server.app.cook.live.clientCount == 1)
            server.app.cook.stop()
            #expect(stream.next() == nil)  // finished: end of stream, not a timeout
        }
    }
}
