import Foundation
import Synchronization
import Testing

@testable import ForgeImport

/// ``ReadAhead``: elements arrive whole and in order across chunk borders, a
/// producer's error arrives after everything it emitted before it, and a
/// consumer that stops early ends the producer instead of leaving it blocked,
/// with chunks still queued.
struct ReadAheadTests {
    @Test func everyElementArrivesInOrderWithTheBytesReadSoFar() throws {
        let seen: [Int] = try ReadAhead<Int>.reading(
            name: "test-read", chunkSize: 7, depth: 2,
            produce: { emitter in
                for i in 0..<1000 { try emitter.emit(i, bytes: Int64(i) * 10) }
            },
            consume: { ahead in
                var seen: [Int] = []
                var lastBytes: Int64 = -1
                while let chunk = try ahead.next() {
                    #expect(chunk.items.count <= 7)
                    #expect(chunk.bytes == Int64(chunk.items.last!) * 10)
                    #expect(chunk.bytes > lastBytes)
                    lastBytes = chunk.bytes
                    seen += chunk.items
                }
                #expect(try ahead.next() == nil)
                return seen
            })
        #expect(seen == Array(0..<1000))
    }

    struct Broken: Error, Equatable {}

    @Test func aProducersErrorComesAfterEverythingItEmittedFirst() throws {
        var seen: [Int] = []
        #expect(throws: Broken()) {
            try ReadAhead<Int>.reading(
                name: "test-read", chunkSize: 4, depth: 1,
                produce: { emitter in
                    for i in 0..<10 { try emitter.emit(i, bytes: 0) }
                    throw Broken()
                },
                consume: { ahead in
                    while let chunk = try ahead.next() { seen += chunk.items }
                })
        }
        // Two full chunks and the partial third, then the error.
        #expect(seen == Array(0..<10))
    }

    /// What the producer of ``stoppingEarlyEndsABlockedProducer(depth:)`` did, read after it ended.
    final class Trace: Sendable {
        let emitted = Atomic<Int>(0)
        let cancelled = Atomic<Bool>(false)
    }

    struct WriteFailed: Error {}

    /// The consumer fails after one chunk while the producer has filled the buffer (`depth`
    /// chunks waiting): `reading` returns only once the producer's thread has ended, and the
    /// reader is released with chunks still queued (libdispatch traps on a semaphore freed
    /// below its initial value, which crashed the process before).
    @Test(arguments: [1, 4, 39])
    func stoppingEarlyEndsABlockedProducer(depth: Int) throws {
        let trace = Trace()
        #expect(throws: WriteFailed.self) {
            try ReadAhead<Int>.reading(
                name: "test-read", chunkSize: 2, depth: depth,
                produce: { emitter in
                    do {
                        for i in 0..<1_000_000 {
                            try emitter.emit(i, bytes: 0)
                            trace.emitted.add(1, ordering: .relaxed)
                        }
                    } catch is CancellationError {
                        trace.cancelled.store(true, ordering: .relaxed)
                        throw CancellationError()
                    }
                },
                consume: { ahead in
                    let first = try ahead.next()
                    #expect(first?.items == [0, 1])
                    // Let the producer fill the buffer before the write "fails".
                    while trace.emitted.load(ordering: .relaxed) < 2 * depth { usleep(1000) }
                    throw WriteFailed()
                })
        }
        let cancelled = trace.cancelled.load(ordering: .relaxed)
        let emitted = trace.emitted.load(ordering: .relaxed)
        #expect(cancelled)
        #expect(emitted <= 2 * (depth + 2))
    }
}
