import Testing

// SPDX-License-Identifier: Apache-2.0
@testable import ForgedKit

/// The per-address connection limit `forged serve` hands libmicrohttpd.
@Suite struct ConnectionLimitTests {
    @Test(arguments: [(1024, 256), (256, 64), (64, 16), (40, 16), (10, 10), (1, 1)])
    func aQuarterOfTheConnectionsAtLeastSixteen(_ maxConnections: Int, _ limit: Int) {
        #expect(ServeCommand.perAddressLimit(maxConnections) == limit)
    }

    /// Behind a trusted proxy every client is the proxy's address: it may use every connection.
    @Test(arguments: [1024, 256, 10, 1])
    func aTrustedProxyMayUseEveryConnection(_ maxConnections: Int) {
        #expect(ServeCommand.perAddressLimit(maxConnections, behindProxy: true) == maxConnections)
    }
}
