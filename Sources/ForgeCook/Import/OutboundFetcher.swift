import ForgeOutbound
import Foundation

/// A fetched resource.
package struct FetchedResource: Sendable {
    /// The final URL after redirects.
    package let url: URL
    package let status: Int
    /// `Content-Type` as sent (may be empty).
    package let contentType: String
    package let body: Data
}

/// Why a fetch failed; `description` is shown to the user.
package struct FetchFailure: Error, Sendable, CustomStringConvertible {
    package let description: String
    /// True when the policy refused the URL given to ``OutboundFetcher/get(_:maxBytes:accept:)``
    /// itself (`description` is the policy's reason): the caller's input was at
    /// fault, not the remote site. A refused redirect target is not this.
    package let refusedTarget: Bool
    package init(_ description: String, refusedTarget: Bool = false) {
        self.description = description
        self.refusedTarget = refusedTarget
    }
}

/// Blocking outbound GET under an ``OutboundFetchPolicy``: each hop (the
/// first request and every redirect target) is checked by the policy;
/// redirects are followed by hand, at most `policy.maxRedirects`; the body
/// is cut off (and the fetch fails) past `maxBytes`; the whole fetch gives
/// up after `policy.timeout` seconds of elapsed time (`ContinuousClock`, so a
/// wall-clock step does not move it). Each hop connects only to the addresses
/// the policy checked (``OutboundFetchPolicy/clearance(for:)``). Requests go
/// through ``HTTPClient`` (libcurl, loaded on first use). Called from
/// synchronous request handlers, so it blocks the calling thread for at most
/// the timeout.
package struct OutboundFetcher: Sendable {
    package let policy: OutboundFetchPolicy
    /// Performs one hop; ``HTTPClient/perform(_:)`` except in tests.
    var perform: @Sendable (HTTPClient.Request) throws -> HTTPClient.Response = HTTPClient.perform

    package init(policy: OutboundFetchPolicy) { self.policy = policy }

    /// GETs `urlText`.
    /// - Parameters:
    ///   - maxBytes: body size cap, bytes.
    ///   - accept: the `Accept` header.
    /// - Throws: ``FetchFailure`` (refused target — with `refusedTarget` set
    ///   when it is `urlText` itself —, too many redirects, timeout, network
    ///   error, body too large).
    package func get(_ urlText: String, maxBytes: Int, accept: String) throws -> FetchedResource {
        guard var url = URL(string: urlText) else { throw FetchFailure("not a URL") }
        let deadline = ContinuousClock.now + .seconds(policy.timeout)
        for hop in 0...policy.maxRedirects {
            let addresses: [String]
            switch policy.clearance(for: url) {
            case .refused(let reason): throw FetchFailure(reason, refusedTarget: hop == 0)
            case .allowed(let checked): addresses = checked
            }
            let remaining = (deadline - ContinuousClock.now) / .seconds(1)
            guard remaining > 0 else { throw FetchFailure("timed out") }
            let result = try once(url, addresses: addresses, maxBytes: maxBytes, accept: accept, timeout: remaining)
            if (300...399).contains(result.status), [301, 302, 303, 307, 308].contains(result.status) {
                guard let location = result.location, let next = URL(string: location, relativeTo: url)?.absoluteURL
                else {
                    throw FetchFailure("redirect without a Location")
                }
                url = next
                continue
            }
            return FetchedResource(url: url, status: result.status, contentType: result.contentType, body: result.body)
        }
        throw FetchFailure("too many redirects")
    }

    /// One request, no redirect followed, connecting only to `addresses` (when given).
    private func once(_ url: URL, addresses: [String], maxBytes: Int, accept: String, timeout: TimeInterval) throws
        -> HTTPClient.Response
    {
        let request = HTTPClient.Request(
            url: url.absoluteString,
            headers: [("Accept", accept), ("User-Agent", "forged recipe import")],
            timeout: timeout, maxBodyBytes: maxBytes, pinnedAddresses: addresses)
        do {
            return try perform(request)
        } catch let error as HTTPClientError {
            switch error {
            case .timedOut, .tooLarge: throw FetchFailure(error.description)
            case .unavailable, .transport: throw FetchFailure("fetch failed: \(error.description)")
            }
        }
    }
}
