/// The request methods the server routes. Any other method is answered with
/// 405 before routing.
package enum HTTPMethod: String, Sendable, CaseIterable {
    case GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS
}
