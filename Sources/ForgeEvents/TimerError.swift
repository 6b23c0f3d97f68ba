/// Why a timer request was refused; nothing was written. The API maps
/// `notFound` to 404, `invalidTransition` to 409, `invalidInput` to 422.
package enum TimerError: Error, Equatable, CustomStringConvertible {
    case notFound
    /// The action does not apply in the timer's state (e.g. pausing a fired timer).
    case invalidTransition(action: String, state: TimerState)
    case invalidInput(String)

    package var description: String {
        switch self {
        case .notFound: "timer not found"
        case .invalidTransition(let action, let state): "cannot \(action) a \(state.rawValue) timer"
        case .invalidInput(let message): message
        }
    }
}
