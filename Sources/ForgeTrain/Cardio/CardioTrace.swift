import ForgeCore

/// One heart-rate sample of a trace: seconds since the workout's start and
/// beats per minute (kept unrounded).
package struct HRSample: Sendable, Hashable {
    package var t: Double
    package var bpm: Double
    package init(t: Double, bpm: Double) {
        self.t = t
        self.bpm = bpm
    }
}

/// One route point, degrees (WGS 84), rounded to 6 dp when captured.
package struct RoutePoint: Sendable, Hashable {
    package var lat: Double
    package var lon: Double
    package init(lat: Double, lon: Double) {
        self.lat = lat
        self.lon = lon
    }
}

/// The traces of one cardio session (docs/contract.md §4.13): the HR series, the
/// route, and the segment breaks of an imported GPX/TCX file.
///
/// `breaks` holds indices `i` into `hr` where a new recording segment
/// starts: the gap from `hr[i-1]` to `hr[i]` is a pause and credits no
/// zone time (docs/architecture.md §16.9). It is stored beside the wire shape, which
/// stays `{ hr?: [[t, bpm]…], route?: [[lat, lon]…] }`.
package struct CardioTrace: Sendable, Equatable {
    package var hr: [HRSample]
    package var breaks: [Int]
    package var route: [RoutePoint]

    package init(hr: [HRSample] = [], breaks: [Int] = [], route: [RoutePoint] = []) {
        self.hr = hr
        self.breaks = breaks
        self.route = route
    }

    /// The mean (of the samples, as GPX and Apple Health importers count it) and the maximum of the
    /// heart-rate samples, bpm; nil without samples (issue 41 item 7: every source's `avg_hr` and
    /// `max_hr` when it states none).
    package var heartRate: (mean: Double, max: Double)? {
        guard let max = hr.map(\.bpm).max() else { return nil }
        return (hr.reduce(0) { $0 + $1.bpm } / Double(hr.count), max)
    }

    /// True when there is nothing to store.
    package var isEmpty: Bool { hr.isEmpty && route.isEmpty }

    /// The wire form `{hr?, route?}`; keys omitted when empty.
    package var series: JSONValue {
        var o: [String: JSONValue] = [:]
        if !hr.isEmpty { o["hr"] = .array(hr.map { .array([.double($0.t), .double($0.bpm)]) }) }
        if !route.isEmpty { o["route"] = .array(route.map { .array([.double($0.lat), .double($0.lon)]) }) }
        return .object(o)
    }

    /// The trace capped at `hrCap` HR points and `routeCap` route points
    /// (§4.13 downsampling); breaks follow the kept points: a kept point
    /// starts a segment when any dropped point since the previous kept one did.
    package func downsampled(hrCap: Int = Downsampling.hrCap, routeCap: Int = Downsampling.routeCap) -> CardioTrace {
        let hrIndices = Downsampling.indices(count: hr.count, cap: hrCap)
        let breakSet = Set(breaks)
        var newBreaks: [Int] = []
        for k in hrIndices.indices.dropFirst() {
            let from = hrIndices[k - 1] + 1
            let to = hrIndices[k]
            if from <= to, (from...to).contains(where: breakSet.contains) { newBreaks.append(k) }
        }
        let routeIndices = Downsampling.indices(count: route.count, cap: routeCap)
        return CardioTrace(hr: hrIndices.map { hr[$0] }, breaks: newBreaks, route: routeIndices.map { route[$0] })
    }
}
