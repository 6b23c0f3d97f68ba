/// A failed call to the Anthropic Messages API: the HTTP status (0 when the
/// request never got an answer) and the provider's error message.
public struct AnthropicError: Error, CustomStringConvertible, Sendable {
    public let status: Int
    public let message: String

    /// The provider reported an exhausted credit balance (docs/contract.md §4.18 asks for a top-up hint).
    public var isCreditExhausted: Bool { message.lowercased().contains("credit balance") }
    public var description: String { status == 0 ? message : "HTTP \(status): \(message)" }
}
