// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// Slow and hostile clients against the release binary: 300 connections that
/// send one header byte every 2 s do not keep others out, and are closed once
/// their head is 10 s late; badly framed requests are answered 400 with
/// `Connection: close` and nothing pipelined behind them runs.
@Suite(.serialized, .enabled(if: ReleaseBinary.path != nil, "set FORGED_RELEASE_BINARY (make test does)"))
struct SlowClientTests {
    func serve(_ dir: TempDir, _ extra: [String] = []) throws -> (ServeProcess, Int) {
        let forged = try ServeProcess(
            executable: try #require(ReleaseBinary.path),
            arguments: ["serve", "--listen", "127.0.0.1:0", "--state-dir", dir.path, "--config", "/dev/null"] + extra,
            environment: ["PATH": "/usr/bin:/bin"])
        return (forged, try #require(forged.listeningPort(), "\(forged.log)"))
    }

    /// Seconds a fresh connection from `source` takes to get `/healthz` answered 200 (nil if not 200).
    func healthz(port: Int, from source: String) -> Double? {
        let started = Date()
        guard let socket = try? RawSocket(port: port, source: source, timeout: 5) else { return nil }
        let reply = socket.exchange("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        return reply.hasPrefix("HTTP/1.1 200") ? Date().timeIntervalSince(started) : nil
    }

    @Test func slowLorisDoesNotStarveOthersAndIsClosedAfterTenSeconds() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let (forged, port) = try serve(dir)
        defer { _ = forged.stop() }

        // A kept-alive connection that finished its request may then idle past
        // the head deadline: only a head in progress is timed.
        let keptAlive = try RawSocket(port: port, timeout: 5)
        #expect(keptAlive.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"))
        var first = [UInt8](repeating: 0, count: 4096)
        #expect(recv(keptAlive.fd, &first, first.count, 0) > 0)

        // 300 slow clients: 200 from 127.0.0.1, 20 each from 127.0.0.2 to 127.0.0.6.
        let sources =
            Array(repeating: "127.0.0.1", count: 200) + (2...6).flatMap { Array(repeating: "127.0.0.\($0)", count: 20) }
        let head =
            Array("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".utf8)
            + Array(repeating: UInt8(ascii: "a"), count: 64)
        let opened = Date()
        var slow: [RawSocket] = []
        for source in sources {
            let socket = try RawSocket(port: port, source: source, timeout: 1)
            #expect(socket.send([head[0]]))
            slow.append(socket)
        }
        // 20 slow bodies from 127.0.0.7: a whole head, then one body byte every 2 s.
        var slowBodies: [RawSocket] = []
        for _ in 0..<20 {
            let socket = try RawSocket(port: port, source: "127.0.0.7", timeout: 1)
            #expect(
                socket.send(
                    "POST /auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                        + "Content-Length: 200\r\n\r\n{"))
            slowBodies.append(socket)
        }
        // And a steady upload of 24 KiB at 2 KiB/s: longer than 10 s, but progressing.
        let steadyBody = Array(
            ("{\"email\":\"ada@example.org\",\"password\":\"" + String(repeating: "x", count: 24_576 - 43) + "\"}").utf8
        )
        let steady = try RawSocket(port: port, source: "127.0.0.8", timeout: 5)
        #expect(
            steady.send(
                "POST /auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    + "Content-Length: \(steadyBody.count)\r\nConnection: close\r\n\r\n"))
        // One more byte on each every 2 s (4 KiB of the steady body), on a thread of its own.
        let stop = ManagedAtomicFlag()
        let trickled = slow
        let trickledBodies = slowBodies
        let trickle = Thread {
            var offset = 1
            while !stop.isSet, offset < head.count {
                Thread.sleep(forTimeInterval: 2)
                for socket in trickled { _ = socket.send([head[offset]]) }
                for socket in trickledBodies { _ = socket.send([UInt8(ascii: " ")]) }
                let chunk = steadyBody[
                    min(steadyBody.count, (offset - 1) * 4096)..<min(steadyBody.count, offset * 4096)]
                if !chunk.isEmpty { _ = steady.send(Array(chunk)) }
                offset += 1
            }
        }
        trickle.start()
        defer { stop.set() }

        // While they are open: fresh connections from the loaded address and
        // from others are answered at once.
        var latencies: [String: [Double]] = [:]
        for round in 0..<5 {
            for source in ["127.0.0.1", "127.0.0.2", "127.0.0.9"] {
                let seconds = healthz(port: port, from: source)
                #expect(seconds != nil && seconds! < 1, "round \(round) from \(source): \(String(describing: seconds))")
                latencies[source, default: []].append(seconds ?? .infinity)
            }
            Thread.sleep(forTimeInterval: 1)
        }
        #expect(Date().timeIntervalSince(opened) < 9, "the measurements must fall inside the head deadline")
        for (source, values) in latencies.sorted(by: { $0.key < $1.key }) {
            print(
                "slow-clients: healthz from \(source) with 300 slow connections open: "
                    + "max \(String(format: "%.1f", values.max()! * 1000)) ms, median \(String(format: "%.1f", values.sorted()[values.count / 2] * 1000)) ms"
            )
        }

        // 10 s after their first byte every slow connection is closed (the
        // sweeper runs 4 times a second; allow 3 s more on a loaded machine).
        let everySlow = slow + slowBodies
        var open = everySlow.count
        while open > 0, Date().timeIntervalSince(opened) < 13 {
            Thread.sleep(forTimeInterval: 0.25)
            open = everySlow.filter { !$0.peerClosed }.count
        }
        let closedAt = Date().timeIntervalSince(opened)
        print(
            "slow-clients: \(everySlow.count - open) of \(everySlow.count) (300 slow heads, 20 slow bodies) closed "
                + "\(String(format: "%.1f", closedAt)) s after their first byte")
        #expect(open == 0, "\(open) slow connections still open after \(closedAt) s")
        #expect(slowBodies.allSatisfy { !$0.readAll().text.hasPrefix("HTTP/1.1") })
        // The steady upload finishes and is answered (its password is simply wrong).
        let steadyReply = steady.readAll().text
        print("slow-clients: the steady 24 KiB upload at 2 KiB/s was answered: \(steadyReply.prefix(12))")
        #expect(steadyReply.hasPrefix("HTTP/1.1 4"), "\(steadyReply)")
        #expect(closedAt >= 9.5, "closed before the 10 s deadline: \(closedAt) s")
        // None of them got an answer: the head never completed.
        #expect(slow.allSatisfy { !$0.readAll().text.hasPrefix("HTTP/1.1 200") })

        // The idle kept-alive connection is still served.
        #expect(keptAlive.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"))
        #expect(keptAlive.readAll().text.hasPrefix("HTTP/1.1 200"))
    }

    /// A kept-alive connection that trickles its next request line a byte
    /// every 5 s (each byte restarts libmicrohttpd's 30 s idle timer) is
    /// closed once that line is late: 30 s of allowed idling plus the 10 s
    /// head limit after the first response, not never.
    @Test func keptAliveConnectionTricklingItsNextRequestLineIsClosed() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let (forged, port) = try serve(dir)
        defer { _ = forged.stop() }
        let socket = try RawSocket(port: port, timeout: 5)
        #expect(socket.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"))
        var first = [UInt8](repeating: 0, count: 4096)
        #expect(recv(socket.fd, &first, first.count, 0) > 0)
        #expect(String(decoding: first, as: UTF8.self).hasPrefix("HTTP/1.1 200"))
        let answered = Date()
        let line = Array("GET /healthz HTTP/1.1\r\n".utf8)
        let stop = ManagedAtomicFlag()
        let trickle = Thread {
            for byte in line where !stop.isSet {
                _ = socket.send([byte])
                Thread.sleep(forTimeInterval: 5)
            }
        }
        trickle.start()
        defer { stop.set() }
        while !socket.peerClosed, Date().timeIntervalSince(answered) < 50 {
            Thread.sleep(forTimeInterval: 0.25)
        }
        let closedAt = Date().timeIntervalSince(answered)
        print(
            "slow-clients: a kept-alive connection trickling its next request line was closed "
                + "\(String(format: "%.1f", closedAt)) s after its first response")
        #expect(closedAt >= 39.5, "closed before 30 s idle + 10 s head limit: \(closedAt) s")
        #expect(closedAt < 45, "still open \(closedAt) s after the first response")
    }

    /// Each badly framed request is answered 400 with `Connection: close` and a
    /// JSON body, and the request pipelined behind it never runs.
    @Test func strictFraming() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let (forged, port) = try serve(dir)
        defer { _ = forged.stop() }
        let next = "GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n"
        let cases: [(String, String)] = [
            (
                "Content-Length with Transfer-Encoding",
                "POST /auth/login HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"
            ),
            (
                "two conflicting Content-Length",
                "POST /auth/login HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\nContent-Length: 40\r\n\r\n{}"
            ),
            (
                "two equal Content-Length",
                "POST /auth/login HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n{}"
            ),
            (
                "Transfer-Encoding other than chunked",
                "POST /auth/login HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n"
            ),
            ("HTTP/1.1 without Host", "GET /healthz HTTP/1.1\r\nAccept: */*\r\n\r\n"),
            ("two Host fields", "GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n"),
            ("NUL in the last header value", "GET /healthz HTTP/1.1\r\nHost: a\r\nX-Last: a\u{0}bcd\r\n\r\n"),
            ("NUL in a header value", "GET /healthz HTTP/1.1\r\nHost: a\r\nX-Note: a\u{0}b\r\n\r\n"),
            ("control character in a header value", "GET /healthz HTTP/1.1\r\nHost: a\r\nX-Note: a\u{1}b\r\n\r\n"),
            ("space in a header name", "GET /healthz HTTP/1.1\r\nHost: a\r\nX Note: b\r\n\r\n"),
            (
                "two Host fields in HTTP/1.0",
                "GET /healthz HTTP/1.0\r\nHost: a\r\nHost: b\r\nConnection: keep-alive\r\n\r\n"
            ),
            ("folded header line", "GET /healthz HTTP/1.1\r\nHost: a\r\nX-A: b\r\n c\r\n\r\n"),
        ]
        // The reason each names (the rest are covered by RequestFramingTests).
        let reasons = [
            "two Host fields in HTTP/1.0": "more than one Host",
            "folded header line": "obsolete line folding",
        ]
        var table = "| case | status | Connection: close | JSON body | pipelined request run |\n|---|---|---|---|---|\n"
        for (name, request) in cases {
            let socket = try RawSocket(port: port, timeout: 3)
            let (reply, closed) = socket.readAllAfter(sending: request + next)
            let status = reply.split(separator: " ", maxSplits: 2).dropFirst().first.map(String.init) ?? "none"
            let head = reply.components(separatedBy: "\r\n\r\n").first ?? ""
            let close = head.lowercased().contains("connection: close")
            let json = head.lowercased().contains("content-type: application/json") && reply.contains("\"detail\"")
            let answers =
                (reply.hasPrefix("HTTP/1.1 ") ? 1 : 0) + reply.components(separatedBy: "\nHTTP/1.1 ").count - 1
            table +=
                "| \(name) | \(status) | \(close ? "yes" : "no") | \(json ? "yes" : "no") | \(answers > 1 ? "YES" : "no") |\n"
            #expect(status == "400", "\(name): \(reply)")
            #expect(close && closed, "\(name): \(reply)")
            #expect(answers == 1, "\(name): the pipelined request was answered: \(reply)")
            #expect(json, "\(name): \(reply)")
            if let reason = reasons[name] {
                #expect(reply.contains("bad request framing: \(reason)"), "\(name): \(reply)")
            }
        }
        print("framing:\n" + table)
        // Refused by libmicrohttpd 0.9.75 itself, before forged's handler runs,
        // with its own HTML page (README: "Differences from the contract"):
        // recorded by status only.
        let refusedByMHD: [(String, String, String)] = [
            (
                "Content-Length not a number", "400",
                "POST /auth/login HTTP/1.1\r\nHost: a\r\nContent-Length: abc\r\n\r\n{}"
            ),
            (
                "Content-Length with a sign", "400",
                "POST /auth/login HTTP/1.1\r\nHost: a\r\nContent-Length: +2\r\n\r\n{}"
            ),
            (
                "Content-Length with letters after the digits", "400",
                "POST /auth/login HTTP/1.1\r\nHost: a\r\nContent-Length: 12abc\r\n\r\n{}"
            ),
            (
                "negative Content-Length", "400",
                "POST /auth/login HTTP/1.1\r\nHost: a\r\nContent-Length: -5\r\n\r\n{}"
            ),
            (
                "hexadecimal Content-Length", "400",
                "POST /auth/login HTTP/1.1\r\nHost: a\r\nContent-Length: 0x5\r\n\r\n{}"
            ),
            (
                "a list of two lengths in one field", "400",
                "POST /auth/login HTTP/1.1\r\nHost: a\r\nContent-Length: 5, 5\r\n\r\n{}"
            ),
            (
                "empty Content-Length", "400",
                "POST /auth/login HTTP/1.1\r\nHost: a\r\nContent-Length: \r\n\r\n{}"
            ),
            (
                "Content-Length too large to represent", "413",
                "POST /auth/login HTTP/1.1\r\nHost: a\r\nContent-Length: 99999999999999999999999\r\n\r\n{}"
            ),
            ("header line without a colon", "400", "GET /healthz HTTP/1.1\r\nHost: a\r\nNoColonHere\r\n\r\n"),
            (
                "40 KB request target", "414",
                "GET /healthz?" + String(repeating: "a", count: 40_000) + " HTTP/1.1\r\nHost: a\r\n\r\n"
            ),
        ]
        var mhdTable = "| case (answered by libmicrohttpd) | status | JSON body |\n|---|---|---|\n"
        for (name, expected, request) in refusedByMHD {
            let socket = try RawSocket(port: port, timeout: 3)
            let (reply, closed) = socket.readAllAfter(sending: request + next)
            let status = reply.split(separator: " ", maxSplits: 2).dropFirst().first.map(String.init) ?? "none"
            mhdTable += "| \(name) | \(status) | \(reply.contains("\"detail\"") ? "yes" : "no") |\n"
            #expect(status == expected, "\(name): \(reply.prefix(300))")
            #expect(
                reply.components(separatedBy: "HTTP/1.1 200").count == 1, "\(name): the pipelined request was answered")
            // libmicrohttpd closes the connection after its answer; for a
            // malformed Content-Length 0.9.75 sends the head of that one
            // answer twice before the HTML body (README): never another status.
            let heads = reply.components(separatedBy: "HTTP/1.1 ").count - 1
            #expect((1...2).contains(heads), "\(name): \(heads) status lines: \(reply.prefix(400))")
            #expect(reply.components(separatedBy: "HTTP/1.1 \(expected) ").count - 1 == heads, "\(name): \(reply)")
            #expect(closed, "\(name): the connection stayed open")
        }
        print("framing:\n" + mhdTable)
        // A well-framed pipelined pair is still served in order.
        let good = try RawSocket(port: port, timeout: 3)
        let (both, _) = good.readAllAfter(
            sending: next + "GET /healthz HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
        #expect(both.components(separatedBy: "HTTP/1.1 200").count - 1 == 2, "\(both)")
    }
}

extension RawSocket {
    /// Sends `request`, then reads until the peer closes or 3 s pass.
    func readAllAfter(sending request: String) -> (String, Bool) {
        _ = send(request)
        let result = readAll()
        return (result.text, result.closed)
    }
}

/// A set-once flag shared with a thread.
final class ManagedAtomicFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
    func set() {
        lock.lock()
        value = true
        lock.unlock()
    }
}
