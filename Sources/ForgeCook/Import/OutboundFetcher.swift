import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A fetched resource.
public struct FetchedResource: Sendable {
    /// The final URL after redirects.
    public let url: URL
    public let status: Int
    /// `Content-Type` as sent (may be empty).
    public let contentType: String
    public let body: Data
}

/// Why a fetch failed; `description` is shown to the user.
public struct FetchFailure: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Blocking outbound GET under an ``OutboundFetchPolicy``: each hop (the
/// first request and every redirect target) is checked by the policy;
/// redirects are followed by hand, at most `policy.maxRedirects`; the body
/// is cut off (and the fetch fails) past `maxBytes`; the whole fetch gives
/// up after `policy.timeout` seconds. Called from synchronous request
/// handlers, so it blocks the calling thread for at most the timeout.
public struct OutboundFetcher: Sendable {
    public let policy: OutboundFetchPolicy

    public init(policy: OutboundFetchPolicy) { self.policy = policy }

    /// GETs `urlText`.
    /// - Parameters:
    ///   - maxBytes: body size cap, bytes.
    ///   - accept: the `Accept` header.
    /// - Throws: ``FetchFailure`` (refused target, too many redirects,
    ///   timeout, network error, body too large).
    public func get(_ urlText: String, maxBytes: Int, accept: String) throws -> FetchedResource {
        guard var url = URL(string: urlText) else { throw FetchFailure("not a URL") }
        let deadline = Date().addingTimeInterval(policy.timeout)
        for _ in 0...policy.maxRedirects {
            if let refusal = policy.refusal(for: url) { throw FetchFailure(refusal) }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw FetchFailure("timed out") }
            let result = try once(url, maxBytes: maxBytes, accept: accept, timeout: remaining)
            if (300...399).contains(result.status), [301, 302, 303, 307, 308].contains(result.status) {
                guard let location = result.location, let next = URL(string: location, relativeTo: url)?.absoluteURL else {
                    throw FetchFailure("redirect without a Location")
                }
                url = next
                continue
            }
            return FetchedResource(url: url, status: result.status, contentType: result.contentType, body: result.body)
        }
        throw FetchFailure("too many redirects")
    }

    private struct Hop { let status: Int; let contentType: String; let location: String?; let body: Data }

    private func once(_ url: URL, maxBytes: Int, accept: String, timeout: TimeInterval) throws -> Hop {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.setValue(accept, forHTTPHeaderField: "Accept")
        request.setValue("forged recipe import", forHTTPHeaderField: "User-Agent")
        let collector = Collector(maxBytes: maxBytes)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.httpShouldSetCookies = false
        let session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let task = session.dataTask(with: request)
        task.resume()
        if collector.done.wait(timeout: .now() + timeout + 0.5) == .timedOut {
            task.cancel()
            throw FetchFailure("timed out")
        }
        return try collector.result()
    }

    /// Collects one response; stops redirects; cancels past the size cap.
    private final class Collector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        let maxBytes: Int
        let done = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var response: HTTPURLResponse?
        private var body = Data()
        private var failure: FetchFailure?

        init(maxBytes: Int) { self.maxBytes = maxBytes }

        func result() throws -> Hop {
            lock.lock(); defer { lock.unlock() }
            if let failure { throw failure }
            guard let response else { throw FetchFailure("no response") }
            let fields = response.allHeaderFields
            func header(_ name: String) -> String? {
                fields.first { String(describing: $0.key).lowercased() == name }.map { String(describing: $0.value) }
            }
            return Hop(status: response.statusCode, contentType: header("content-type") ?? "",
                       location: header("location"), body: body)
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
            completionHandler(nil)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
            lock.lock()
            self.response = response as? HTTPURLResponse
            let declared = response.expectedContentLength
            lock.unlock()
            if declared > Int64(maxBytes) {
                fail(FetchFailure("response larger than \(maxBytes) bytes"))
                completionHandler(.cancel)
                return
            }
            completionHandler(.allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            lock.lock()
            body.append(data)
            let over = body.count > maxBytes
            lock.unlock()
            if over {
                fail(FetchFailure("response larger than \(maxBytes) bytes"))
                dataTask.cancel()
            }
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
            if let error = error as? URLError, error.code == .timedOut {
                fail(FetchFailure("timed out"))
            } else if let error {
                fail(FetchFailure("fetch failed: \(error.localizedDescription)"))
            }
            done.signal()
        }

        private func fail(_ f: FetchFailure) {
            lock.lock(); if failure == nil { failure = f }; lock.unlock()
        }
    }
}
