/// A failed call to the Anthropic Messages API: the HTTP status (0 when the
/// request never got an answer) and the provider's error message.
package struct AnthropicError: Error, CustomStringConvertible, Sendable {
    package let status: Int
    package let message: String

    /// The provider reported an exhausted credit balance (docs/contract.md §4.18 asks for a top-up hint).
    package var isCreditExhausted: Bool { message.lowercased().contains("credit balance") }
    package var description: String { status == 0 ? message : "HTTP \(status): \(message)" }
}
