import Foundation
import Synchronization
import Testing

@testable import ForgeImport

/// ``ReadAhead``: elements arrive whole and in order across chunk borders, a
/// producer's error arrives after what it emitted before it, and a caller that
/// stops early ends the producer instead of leaving it blocked.
struct ReadAheadTests {
    @Test func everyElementArrivesInOrderWithTheBytesReadSoFar() throws {
        let ahead = ReadAhead<Int>(name: "test-read", chunkSize: 7, depth: 2) { emitter in
            for i in 0..<1000 { try emitter.emit(i, bytes: Int64(i) * 10) }
        }
        defer { ahead.stop() }
        var seen: [Int] = []
        var lastBytes: Int64 = -1
        while let chunk = try ahead.next() {
            #expect(chunk.items.count <= 7)
            #expect(chunk.bytes == Int64(chunk.items.last!) * 10)
            #expect(chunk.bytes > lastBytes)
            lastBytes = chunk.bytes
            seen += chunk.items
        }
        #expect(seen == Array(0..<1000))
        #expect(try ahead.next() == nil)
    }

    struct Broken: Error, Equatable {}

    @Test func aProducersErrorComesAfterWhatItEmittedFirst() throws {
        let ahead = ReadAhead<Int>(name: "test-read", chunkSize: 4, depth: 1) { emitter in
            for i in 0..<10 { try emitter.emit(i, bytes: 0) }
            throw Broken()
        }
        defer { ahead.stop() }
        var seen: [Int] = []
        #expect(throws: Broken()) {
            while let chunk = try ahead.next() { seen += chunk.items }
        }
        // The two full chunks arrive; the partial third is lost with the error.
        #expect(seen == Array(0..<8))
    }

    /// What the producer of ``stoppingEarlyEndsABlockedProducer()`` did, read after it ended.
    final class Trace: Sendable {
        let emitted = Atomic<Int>(0)
        let cancelled = Atomic<Bool>(false)
    }

    @Test func stoppingEarlyEndsABlockedProducer() throws {
        let trace = Trace()
        let ahead = ReadAhead<Int>(name: "test-read", chunkSize: 2, depth: 1) { emitter in
            do {
                for i in 0..<1_000_000 {
                    try emitter.emit(i, bytes: 0)
                    trace.emitted.add(1, ordering: .relaxed)
                }
            } catch is CancellationError {
                trace.cancelled.store(true, ordering: .relaxed)
                throw CancellationError()
            }
        }
        let first = try ahead.next()
        #expect(first?.items == [0, 1])
        ahead.stop()  // returns only once the producer's thread has ended
        let cancelled = trace.cancelled.load(ordering: .relaxed)
        let emitted = trace.emitted.load(ordering: .relaxed)
        #expect(cancelled)
        #expect(emitted < 100)
        ahead.stop()  // a second stop is harmless
    }
}
