import ForgeCore
import ForgeTrain
import ForgeXML
import Foundation

extension HealthExportReader {
    /// One `<Record>` directly under `<HealthData>`: a point sample is queued, steps and sleep go to the
    /// day totals, heart rate to the spool, other types are counted as not kept; a record that cannot be
    /// kept is skipped with its reason.
    func record(_ node: XMLReader.Node) throws {
        job.report.rowsRead += 1
        var typeKey: UInt64 = 0
        var kind = HealthRecordKind.other
        var typeName: String?
        var unit = ""
        var value: Double?
        var asleep = false
        var start: HealthDate?
        var end: HealthDate?
        var source: UInt64 = 0
        var badDate: String?
        node.forEachAttribute { name, text in
            switch name.pointee {
            case 0x74 where strcmp(name, "type") == 0:  // t
                typeKey = HealthDailyTotals.sourceKey(text)
                kind = kinds[typeKey] ?? .other
                if kind == .other, notKept[typeKey] == nil { typeName = String(cString: text) }
            case _ where kind == .other && typeKey != 0:
                break  // nothing else is needed of a type forged does not keep
            case 0x75 where strcmp(name, "unit") == 0: unit = String(cString: text)
            case 0x76 where strcmp(name, "value") == 0:
                var stop: UnsafeMutablePointer<CChar>?
                let number = strtod(text, &stop)
                if let stop, UnsafePointer(stop) != text, stop.pointee == 0 { value = number }
                asleep = HealthRecordKind.isAsleep(text)
            case 0x73 where strcmp(name, "startDate") == 0:
                start = HealthDate.parse(text)
                if start == nil { badDate = String(cString: text) }
            case 0x65 where strcmp(name, "endDate") == 0: end = HealthDate.parse(text)
            case 0x73 where strcmp(name, "sourceName") == 0 || strcmp(name, "source") == 0:
                source = HealthDailyTotals.sourceKey(text)
            default: break
            }
        }
        if case .other = kind {
            if let typeName { notKept[typeKey] = (typeName, 0) }
            notKept[typeKey]?.count += 1
            return
        }
        let line = node.line
        guard let start else {
            job.report.skip(
                line: line, reason: "unreadable_row", detail: "start date \"\(badDate ?? "")\" not understood")
            return
        }
        guard start.seconds >= earliest, start.seconds <= latest else {
            let when = start.seconds < earliest ? "is before 1900" : "is in the future"
            job.report.skip(
                line: line, reason: "impossible_value", detail: "date \(Instant.storage(start.instant)) \(when)")
            return
        }
        switch kind {
        case .point(let mapping):
            guard let value else {
                job.report.skip(line: line, reason: "unreadable_row", detail: "\(mapping.type): no numeric value")
                return
            }
            guard let canonical = HealthRecordKind.canonical(value, unit: unit, type: mapping.type) else {
                job.report.skip(line: line, reason: "unknown_unit", detail: "\(mapping.type) in \"\(unit)\"")
                return
            }
            guard IngestPlausibility.metric(mapping.type, canonical) else {
                job.report.skip(
                    line: line, reason: "impossible_value",
                    detail: "\(mapping.type) \(NumberFormat.plain(canonical)) \(mapping.unit)")
                return
            }
            pending.append((mapping.type, mapping.unit, Rounding.round2(canonical), start))
            if pending.count >= Self.batchSize { try flush() }
        case .steps:
            guard let value, value >= 0, value.isFinite else {
                job.report.skip(
                    line: line, reason: "impossible_value", detail: "steps \(value.map { "\($0)" } ?? "none")")
                return
            }
            daily.addSteps(value, start: start, source: source)
        case .sleep:
            guard let end, end.seconds >= start.seconds else {
                job.report.skip(line: line, reason: "impossible_value", detail: "sleep ending before it starts")
                return
            }
            if asleep { daily.addSleep(start: start, end: end, source: source) }
        case .heartRate:
            guard let value, unit == "count/min" || unit.isEmpty, IngestPlausibility.heartRate.contains(value) else {
                job.report.skipped["impossible_heart_rate", default: 0] += 1
                return
            }
            try heartRate.append(Double(start.seconds), value)
        case .other: break
        }
    }
}
