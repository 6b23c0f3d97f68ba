import Foundation
import Synchronization
import Testing

@testable import ForgeCook
@testable import ForgeOutbound

/// ``OutboundFetcher`` hands each hop's checked addresses
/// (``OutboundFetchPolicy/clearance(for:)``) to ``HTTPClient`` as the pins,
/// recorded here in place of the network. Numeric hosts resolve without DNS.
struct OutboundFetcherPinningTests {
    /// The requests a fetcher made.
    final class Seen: Sendable {
        let requests = Mutex<[HTTPClient.Request]>([])
        func withLock<T>(_ body: (inout [HTTPClient.Request]) -> T) -> T { requests.withLock { body(&$0) } }
    }

    /// A fetcher under `policy` whose hops are answered by `answer` and recorded in `seen`.
    static func fetcher(
        _ seen: Seen, policy: OutboundFetchPolicy = OutboundFetchPolicy(),
        _ answer: @escaping @Sendable (HTTPClient.Request) -> HTTPClient.Response
    ) -> OutboundFetcher {
        var fetcher = OutboundFetcher(policy: policy)
        fetcher.perform = { request in
            seen.withLock { $0.append(request) }
            return answer(request)
        }
        return fetcher
    }

    @Test func eachHopIsPinnedToTheAddressesItsClearanceChecked() throws {
        let seen = Seen()
        let fetcher = Self.fetcher(seen) { request in
            request.url.hasPrefix("http://93.184.215.14/")
                ? .init(
                    status: 302, contentType: "", location: "https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/r",
                    body: Data())
                : .init(status: 200, contentType: "text/html", location: nil, body: Data("ok".utf8))
        }
        let fetched = try fetcher.get("http://93.184.215.14/recipe", maxBytes: 100, accept: "text/html")
        #expect(fetched.status == 200 && fetched.body == Data("ok".utf8))
        let requests = seen.withLock { $0 }
        #expect(
            requests.map(\.url) == [
                "http://93.184.215.14/recipe", "https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/r",
            ])
        #expect(requests.map(\.pinnedAddresses) == [["93.184.215.14"], ["2606:2800:21f:cb07:6820:80da:af6b:8b2c"]])
        #expect(requests.allSatisfy { $0.maxBodyBytes == 100 && $0.timeout > 0 && $0.timeout <= 8 })
    }

    @Test func aRefusedFirstURLIsMarkedAndARefusedRedirectIsNot() throws {
        let seen = Seen()
        let fetcher = Self.fetcher(seen) { _ in
            .init(status: 301, contentType: "", location: "http://10.0.0.7/admin", body: Data())
        }
        do {
            _ = try fetcher.get("http://127.0.0.1/recipe", maxBytes: 100, accept: "text/html")
            Issue.record("a loopback URL was fetched")
        } catch let failure as FetchFailure {
            #expect(
                failure.refusedTarget
                    && failure.description == "refusing to fetch from a private or local address (127.0.0.1)")
        }
        #expect(seen.withLock { $0.isEmpty })
        do {
            _ = try fetcher.get("http://93.184.215.14/recipe", maxBytes: 100, accept: "text/html")
            Issue.record("a redirect to a private address was followed")
        } catch let failure as FetchFailure {
            #expect(
                !failure.refusedTarget
                    && failure.description == "refusing to fetch from a private or local address (10.0.0.7)")
        }
        #expect(seen.withLock { $0.count } == 1)
    }

    @Test func withPrivateTargetsAllowedNothingIsPinned() throws {
        let seen = Seen()
        let fetcher = Self.fetcher(seen, policy: OutboundFetchPolicy(allowPrivate: true)) { _ in
            .init(status: 200, contentType: "", location: nil, body: Data())
        }
        _ = try fetcher.get("http://127.0.0.1:9/recipe", maxBytes: 100, accept: "text/html")
        #expect(seen.withLock { $0.map(\.pinnedAddresses) } == [[]])
    }
}
