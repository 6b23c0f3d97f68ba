import Dispatch
import Foundation
import Synchronization

/// Reads a file on a second core while the calling thread writes what was
/// read: `produce` runs on its own thread and hands elements over in chunks
/// through a bounded buffer (at most `depth` chunks of `chunkSize` waiting, so
/// memory stays constant however large the file), in the order it emitted
/// them. A 2-core appliance then parses CSV on one core while SQLite inserts
/// on the other (docs/performance.md, "The Strong import, seventh pass:
/// reading on the second core").
///
/// Used only through ``reading(name:chunkSize:depth:produce:consume:)``, which
/// gives `consume` the instance and stops the producer however `consume`
/// ends: one consumer takes chunks with ``next()`` until it returns nil. If
/// the consumer stops early (a write failed), the producer is woken, its next
/// ``Emitter/emit(_:bytes:)`` throws `CancellationError`, and the producer's
/// thread has ended before `reading` returns, so nothing reads the file after
/// the import returns.
package final class ReadAhead<Element: Sendable>: Sendable {
    /// Elements in the order emitted, and the bytes of the file read when the
    /// last of them was emitted (for progress).
    package struct Chunk: Sendable {
        package var items: [Element]
        package var bytes: Int64
    }

    /// The producer's side: collects elements into chunks and hands each full
    /// one over. Used on the producer's thread only.
    package final class Emitter {
        private let owner: ReadAhead
        private var items: [Element] = []
        private var bytes: Int64 = 0

        fileprivate init(owner: ReadAhead) {
            self.owner = owner
            items.reserveCapacity(owner.chunkSize)
        }

        /// Queues `element`; `bytes` is how far into the file the reader is.
        /// Blocks while the buffer is full.
        /// - Throws: `CancellationError` once the caller has stopped.
        package func emit(_ element: Element, bytes: Int64) throws {
            items.append(element)
            self.bytes = bytes
            if items.count >= owner.chunkSize { try flush() }
        }

        fileprivate func flush() throws {
            guard !items.isEmpty else { return }
            try owner.push(.chunk(Chunk(items: items, bytes: bytes)))
            items = []
            items.reserveCapacity(owner.chunkSize)
        }
    }

    private enum Slot: Sendable {
        case chunk(Chunk)
        case end
        case failed(any Error)
    }

    private let chunkSize: Int
    private let slots = Mutex<[Slot]>([])
    /// Counts chunks waiting; the caller waits on it.
    private let filled = DispatchSemaphore(value: 0)
    /// Counts free places in the buffer; the producer waits on it.
    private let free: DispatchSemaphore
    private let stopping = Atomic<Bool>(false)
    private let ended = Atomic<Bool>(false)
    private let joined = Atomic<Bool>(false)
    private let exited = DispatchSemaphore(value: 0)

    /// Runs `produce` on a new thread named `name` and `consume` on this one,
    /// with the reader between them; when `consume` returns or throws, the
    /// producer is stopped and its thread has ended.
    /// - Parameters:
    ///   - name: the producer thread's name (`top -H`, a debugger), 15 bytes at most on Linux.
    ///   - chunkSize: elements per chunk.
    ///   - depth: chunks that may wait before the producer blocks.
    ///   - produce: reads and emits; what it throws reaches ``next()`` after
    ///     every element emitted before it.
    ///   - consume: takes the chunks with ``next()``.
    /// - Returns: what `consume` returns.
    /// - Throws: what `consume` throws (a producer's error through ``next()``).
    package static func reading<T>(
        name: String, chunkSize: Int, depth: Int, produce: @escaping @Sendable (Emitter) throws -> Void,
        consume: (ReadAhead) throws -> T
    ) throws -> T {
        let ahead = ReadAhead(name: name, chunkSize: chunkSize, depth: depth, produce: produce)
        defer { ahead.stop() }
        return try consume(ahead)
    }

    private init(name: String, chunkSize: Int, depth: Int, produce: @escaping @Sendable (Emitter) throws -> Void) {
        self.chunkSize = max(1, chunkSize)
        // Created at 0 and raised to `depth`: libdispatch traps when a semaphore is freed
        // below its initial value, which a consumer that stops with chunks queued leaves.
        free = DispatchSemaphore(value: 0)
        for _ in 0..<max(1, depth) { free.signal() }
        let thread = Thread { [self] in
            let emitter = Emitter(owner: self)
            do {
                try produce(emitter)
                try emitter.flush()
                try push(.end)
            } catch is CancellationError where stopping.load(ordering: .acquiring) {
                // The consumer stopped: nobody reads any more.
            } catch {
                // What was read before the error goes first.
                try? emitter.flush()
                try? push(.failed(error))
            }
            exited.signal()
        }
        thread.name = name
        thread.start()
    }

    /// The next chunk, in order; nil after the last.
    /// - Throws: what `produce` threw, once the chunks before it were taken.
    package func next() throws -> Chunk? {
        guard !ended.load(ordering: .acquiring), !joined.load(ordering: .acquiring) else { return nil }
        filled.wait()
        let slot = slots.withLock { $0.removeFirst() }
        free.signal()
        switch slot {
        case .chunk(let chunk): return chunk
        case .end:
            ended.store(true, ordering: .releasing)
            return nil
        case .failed(let error):
            ended.store(true, ordering: .releasing)
            throw error
        }
    }

    /// Stops the producer (if it is still reading) and waits for its thread
    /// to end; ``next()`` answers nil from then on. Called once, by
    /// ``reading(name:chunkSize:depth:produce:consume:)``.
    private func stop() {
        guard !joined.exchange(true, ordering: .acquiringAndReleasing) else { return }
        stopping.store(true, ordering: .releasing)
        free.signal()
        exited.wait()
    }

    private func push(_ slot: Slot) throws {
        free.wait()
        if stopping.load(ordering: .acquiring) {
            free.signal()
            throw CancellationError()
        }
        slots.withLock { $0.append(slot) }
        filled.signal()
    }
}
