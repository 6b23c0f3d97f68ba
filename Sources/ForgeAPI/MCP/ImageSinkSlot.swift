import ForgeCook
import Synchronization

/// The ``ImageSink`` recipe imports store hero and step images into; empty
/// until the daemon installs one (imports then keep remote image URLs and
/// say so in `warnings`).
package final class ImageSinkSlot: Sendable {
    private let sink = Mutex<(any ImageSink)?>(nil)

    package init() {}

    /// Replaces the installed sink.
    package func install(_ newSink: (any ImageSink)?) { sink.withLock { $0 = newSink } }

    /// The installed sink, if any.
    package var current: (any ImageSink)? { sink.withLock { $0 } }
}
